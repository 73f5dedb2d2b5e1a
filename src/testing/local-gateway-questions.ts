/**
 * The five `question.*` methods of the embedded gateway over its question book, with OpenClaw's
 * access rule: a client that reaches them only through `operator.sessions.write` sees questions of
 * its own agent runs, and the embedded gateway binds no run to a client, so it sees none.
 */
import {
  QUESTION_ERROR_REASONS,
  duplicateOptionLabelMessage,
  duplicateQuestionIdMessage,
  questionNotFoundMessage,
} from "../contract/gateway-text.js";
import type { AnswerMap, Question, QuestionRecord } from "../contract/types.js";
import { GATEWAY_METHODS as METHOD } from "../contract/wire.js";
import { type GatewayError, invalidRequest } from "./gateway-replies.js";
import { QUESTION_PARAM_SCHEMAS } from "./gateway-schemas.js";
import { type MethodHandler, checked, fail, refusalError, succeed } from "./local-gateway-reply.js";
import { type QuestionBook, QuestionRefusal } from "./question-book.js";
import { randomUuid } from "./random-ids.js";
import { isAdmin, usesOwnRunQuestionAccess } from "./scopes.js";

interface QuestionRequest {
  id?: string;
  questions: (Question & { isSecret?: boolean; url?: string; secretStore?: unknown })[];
  agentId?: string;
  sessionKey?: string;
  runId?: string;
  timeoutMs?: number;
}

interface ResolveRequest {
  id: string;
  cancel?: true;
  answers?: { answers: AnswerMap };
  resolvedBy?: string;
  resolutionId?: string;
  secretStoreAllowedHosts?: unknown;
}

export interface QuestionMethodsOptions {
  book: QuestionBook;
  /** Timeout of `question.request` without `timeoutMs`. */
  defaultTimeoutMs: number;
  /** Broadcasts `question.requested` for a record just created. */
  publishRequested(record: QuestionRecord): void;
}

export function createQuestionMethods({ book, defaultTimeoutMs, publishRequested }: QuestionMethodsOptions): Record<string, MethodHandler> {
  return {
    [METHOD.questionList]: checked(METHOD.questionList, QUESTION_PARAM_SCHEMAS[METHOD.questionList], (_params, { client }, respond) => {
      respond(succeed({ questions: usesOwnRunQuestionAccess(client.scopes) ? [] : book.pending() }));
    }),
    [METHOD.questionGet]: checked<{ id: string }>(METHOD.questionGet, QUESTION_PARAM_SCHEMAS[METHOD.questionGet], ({ id }, { client }, respond) => {
      const record = usesOwnRunQuestionAccess(client.scopes) ? undefined : book.get(id);
      respond(record ? succeed({ question: record }) : fail(notFound(id)));
    }),
    [METHOD.questionWaitAnswer]: checked<{ id: string; timeoutMs?: number; includeResolutionId?: boolean }>(
      METHOD.questionWaitAnswer,
      QUESTION_PARAM_SCHEMAS[METHOD.questionWaitAnswer],
      ({ id, timeoutMs, includeResolutionId }, { client }, respond) => {
        if (usesOwnRunQuestionAccess(client.scopes) || !book.get(id)) {
          respond(fail(notFound(id)));
          return;
        }
        book.waitAnswer(id, timeoutMs, includeResolutionId === true).then((result) => respond(succeed(result)));
      },
    ),
    [METHOD.questionResolve]: checked<ResolveRequest>(
      METHOD.questionResolve,
      QUESTION_PARAM_SCHEMAS[METHOD.questionResolve],
      (request, { client }, respond) => {
        if (usesOwnRunQuestionAccess(client.scopes) || !book.get(request.id)) {
          respond(fail(notFound(request.id)));
          return;
        }
        if ("cancel" in request) {
          respond(succeed(book.cancel(request.id, request.resolvedBy)));
          return;
        }
        if (request.secretStoreAllowedHosts !== undefined) {
          respond(fail(invalidRequest("Secret store allowed hosts require a store-bound question.")));
          return;
        }
        respond(succeed(book.resolve(request.id, request.answers?.answers ?? {}, request.resolvedBy, request.resolutionId)));
      },
    ),
    [METHOD.questionRequest]: checked<QuestionRequest>(
      METHOD.questionRequest,
      QUESTION_PARAM_SCHEMAS[METHOD.questionRequest],
      (request, { client }, respond) => {
        if (request.questions.some((question) => question.secretStore !== undefined)) {
          const admin = isAdmin(client.scopes);
          respond(
            fail(
              invalidRequest(
                admin ? "secret store questions require trusted agent runtime authority" : "secret store questions require an operator.admin client",
              ),
            ),
          );
          return;
        }
        if (usesOwnRunQuestionAccess(client.scopes)) {
          respond(fail(invalidRequest("question creation requires trusted agent runtime authority")));
          return;
        }
        const shapeError = questionShapeError(request.questions);
        if (shapeError) {
          respond(fail(invalidRequest(shapeError)));
          return;
        }
        const session = request.sessionKey ? canonicalSession(request.sessionKey) : undefined;
        const record = book.request({
          id: request.id ?? randomUuid(),
          questions: structuredClone(request.questions),
          ...(session ? { agentId: session.agentId, sessionKey: session.sessionKey } : request.agentId ? { agentId: request.agentId } : {}),
          ...(request.runId ? { runId: request.runId } : {}),
          timeoutMs: request.timeoutMs ?? defaultTimeoutMs,
        });
        publishRequested(record);
        respond(succeed({ id: record.id, expiresAtMs: record.expiresAtMs }));
      },
    ),
  };
}

function notFound(id: string): GatewayError {
  return refusalError(new QuestionRefusal(QUESTION_ERROR_REASONS.notFound, questionNotFoundMessage(id)));
}

/** The gateway's `questionShapeError` for plain (non-secret-store) questions. */
function questionShapeError(questions: readonly (Question & { isSecret?: boolean; url?: string })[]): string | undefined {
  const ids = new Set<string>();
  for (const question of questions) {
    if (ids.has(question.questionId)) return duplicateQuestionIdMessage(question.questionId);
    ids.add(question.questionId);
    if (question.url !== undefined && !isPlainHttpUrl(question.url))
      return `question '${question.questionId}' requires an absolute HTTP(S) URL without credentials`;
    if (question.options.length === 1) return `question '${question.questionId}' must have either no options or 2 to 4 options`;
    if (question.isSecret) return `question '${question.questionId}': secret questions are not supported yet`;
    const labels = new Set<string>();
    for (const option of question.options) {
      const label = option.label.trim().toLowerCase();
      if (labels.has(label)) return duplicateOptionLabelMessage(question.questionId, option.label);
      labels.add(label);
    }
  }
  return undefined;
}

function isPlainHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * The gateway stores session keys agent-scoped: `main` becomes `agent:main:main`. The embedded
 * gateway has one agent, `main`.
 */
export function canonicalSession(key: string): { sessionKey: string; agentId: string } {
  const lowered = key.trim().toLowerCase();
  if (lowered === "global" || lowered === "unknown") return { sessionKey: lowered, agentId: "main" };
  const scoped = /^agent:([^:]+):/.exec(lowered);
  if (scoped?.[1]) return { sessionKey: lowered, agentId: scoped[1] };
  return { sessionKey: `agent:main:${lowered}`, agentId: "main" };
}
