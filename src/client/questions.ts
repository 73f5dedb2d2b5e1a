/**
 * The `question.*` methods and events over a gateway client, with every payload parsed by the
 * contract. A payload the contract rejects never reaches a listener as data: it becomes a
 * `QuestionProblem` naming the field (for the store to show) and an `onError` report.
 */
import { parseAnswers, parseQuestionRecord, parseResolvedEvent } from "../contract/index.js";
import { adoptJsonRecord } from "../contract/json-record.js";
import { adoptJsonResolvedEvent } from "../contract/json-resolved-event.js";
import type { AnswerMap, ContractError, QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";
import { GATEWAY_EVENTS, GATEWAY_METHODS } from "../contract/wire.js";
import type { GatewayClient } from "./connection.js";
import { createEmitter } from "./emitter.js";
import { ClientErrorCodes, GatewayError } from "./errors.js";
import { markParsing } from "./parsing-clients.js";
import { isSoleRecipient } from "./sole-delivery.js";

export interface QuestionProblem {
  /** The record id when the payload had a readable one. */
  promptId?: string;
  /** Names where the payload came from, the field and what is wrong with it. */
  message: string;
}

export interface ListResult {
  /** Valid pending records, oldest first (the gateway's order). */
  questions: QuestionRecord[];
  /** Entries that could not be parsed (also sent to `onProblem` listeners). */
  problems: QuestionProblem[];
}

export interface ResolveOptions {
  /** The prompt's `expiresAtMs`: the call never waits past it. */
  expiresAtMs?: number;
  /** Overrides the client's request timeout (still capped by `expiresAtMs`). */
  timeoutMs?: number;
}

export interface QuestionClientOptions {
  /** Clock for the expiry cap. Default `Date.now`. */
  now?: () => number;
}

export interface QuestionClient {
  readonly gateway: GatewayClient;
  /** `question.list {}`: pending records the caller may see. */
  list(): Promise<ListResult>;
  /** `question.get {id}`: pending or recently terminal (about 15 s) record. */
  get(id: string): Promise<QuestionRecord>;
  /** `question.resolve {id, answers: {answers}}` — no `resolvedBy`. Resolves with canonical answers. */
  resolve(id: string, answers: AnswerMap, options?: ResolveOptions): Promise<{ status: "answered"; answers: AnswerMap }>;
  /** `question.resolve {id, cancel: true}` — Skip. */
  skip(id: string, options?: ResolveOptions): Promise<{ status: "cancelled" }>;
  onRequested(listener: (record: QuestionRecord) => void): () => void;
  onResolved(listener: (event: QuestionResolvedEvent) => void): () => void;
  onProblem(listener: (problem: QuestionProblem) => void): () => void;
}

export const QUESTION_EVENTS = { requested: GATEWAY_EVENTS.questionRequested, resolved: GATEWAY_EVENTS.questionResolved } as const;

const madeFor = new WeakMap<GatewayClient, QuestionClient>();

/** `gateway`'s own question client (`GatewayClient.questions`): one per gateway client, default options. */
export function questionClientOf(gateway: GatewayClient): QuestionClient {
  let questions = madeFor.get(gateway);
  if (!questions) madeFor.set(gateway, (questions = createQuestionClient(gateway)));
  return questions;
}

export function createQuestionClient(gateway: GatewayClient, options: QuestionClientOptions = {}): QuestionClient {
  const now = options.now ?? (() => Date.now());
  const problemListeners = createEmitter<[QuestionProblem]>("onProblem listener threw", (error) => gateway.reportError(error));

  function report(problem: QuestionProblem): void {
    problemListeners.emit(problem);
    gateway.reportError(
      new GatewayError({
        code: ClientErrorCodes.MALFORMED_PAYLOAD,
        message: problem.message,
        ...(problem.promptId !== undefined ? { details: { promptId: problem.promptId } } : {}),
      }),
    );
  }

  function problemOf(source: string, raw: unknown, errors: readonly ContractError[]): QuestionProblem {
    const promptId = readableId(raw);
    const fields = errors.map((error) => `${error.path || "/"}: ${error.message}`).join("; ");
    return {
      ...(promptId !== undefined ? { promptId } : {}),
      message: `${source}${promptId !== undefined ? ` for "${promptId}"` : ""} was dropped — ${fields}`,
    };
  }

  function deadline(resolveOptions: ResolveOptions | undefined): number {
    const timeout = resolveOptions?.timeoutMs ?? gateway.requestTimeoutMs;
    const expiresAtMs = resolveOptions?.expiresAtMs;
    return typeof expiresAtMs === "number" && Number.isFinite(expiresAtMs) ? Math.min(timeout, expiresAtMs - now()) : timeout;
  }

  function expired(method: string, id: string): Promise<never> {
    return Promise.reject(
      new GatewayError({
        code: ClientErrorCodes.EXPIRED,
        message: `${method}: question "${id}" expired before the answer could be sent`,
        details: { reason: ClientErrorCodes.EXPIRED },
      }),
    );
  }

  const client: QuestionClient = {
    gateway,
    async list() {
      const payload = await gateway.request(GATEWAY_METHODS.questionList, {});
      const raw = readField(payload, "questions");
      if (!Array.isArray(raw)) {
        const problem = { message: `${GATEWAY_METHODS.questionList} response was dropped — /questions: must be an array of records, not ${describe(raw)}` };
        report(problem);
        throw malformedPayload(problem.message);
      }
      const questions: QuestionRecord[] = [];
      const problems: QuestionProblem[] = [];
      raw.forEach((entry, index) => {
        const parsed = parseQuestionRecord(entry);
        if (parsed.ok) questions.push(parsed.value);
        else problems.push(problemOf(`${GATEWAY_METHODS.questionList} entry ${index}`, entry, parsed.errors));
      });
      for (const problem of problems) report(problem);
      return { questions, problems };
    },
    async get(id) {
      const payload = await gateway.request(GATEWAY_METHODS.questionGet, { id });
      const raw = readField(payload, "question");
      const parsed = parseQuestionRecord(raw);
      if (parsed.ok) return parsed.value;
      const problem = problemOf(`${GATEWAY_METHODS.questionGet} response`, raw ?? { id }, parsed.errors);
      report(problem);
      throw malformedPayload(problem.message, id);
    },
    async resolve(id, answers, resolveOptions) {
      const timeoutMs = deadline(resolveOptions);
      if (timeoutMs <= 0) return expired(GATEWAY_METHODS.questionResolve, id);
      const payload = await gateway.request(GATEWAY_METHODS.questionResolve, { id, answers: { answers } }, { timeoutMs });
      // The gateway answers with canonical values (trimmed, matched to labels); fall back to what we sent.
      const canonical = parseAnswers(readField(payload, "answers"));
      return { status: "answered", answers: canonical && Object.keys(canonical).length > 0 ? canonical : answers };
    },
    async skip(id, resolveOptions) {
      const timeoutMs = deadline(resolveOptions);
      if (timeoutMs <= 0) return expired(GATEWAY_METHODS.questionResolve, id);
      await gateway.request(GATEWAY_METHODS.questionResolve, { id, cancel: true }, { timeoutMs });
      return { status: "cancelled" };
    },
    onRequested(listener) {
      const onPayload = (payload: unknown) => {
        // A record already in the parser's form that only this listener was handed is kept as it
        // came (no copy per record in a burst); any other is parsed, and its problems named.
        const kept = isSoleRecipient(payload, onPayload) ? adoptJsonRecord(payload) : undefined;
        if (kept) {
          listener(kept);
          return;
        }
        const parsed = parseQuestionRecord(payload);
        if (parsed.ok) listener(parsed.value);
        else report(problemOf(`${QUESTION_EVENTS.requested} event`, payload, parsed.errors));
      };
      return gateway.onEvent(QUESTION_EVENTS.requested, onPayload);
    },
    onResolved(listener) {
      const onPayload = (payload: unknown) => {
        // As for records: a broadcast in the parser's form that only this listener was handed is kept as it came.
        const kept = isSoleRecipient(payload, onPayload) ? adoptJsonResolvedEvent(payload) : undefined;
        if (kept) {
          listener(kept);
          return;
        }
        const parsed = parseResolvedEvent(payload);
        if (parsed.ok) listener(parsed.value);
        else report(problemOf(`${QUESTION_EVENTS.resolved} event`, payload, parsed.errors));
      };
      return gateway.onEvent(QUESTION_EVENTS.resolved, onPayload);
    },
    onProblem: (listener) => problemListeners.on(listener),
  };
  // Frozen, so a method swapped in later cannot hand on unparsed payloads under our mark.
  markParsing(Object.freeze(client));
  return client;
}

function readField(payload: unknown, key: string): unknown {
  return typeof payload === "object" && payload !== null ? (payload as Record<string, unknown>)[key] : undefined;
}

function readableId(raw: unknown): string | undefined {
  const id = readField(raw, "id");
  return typeof id === "string" && id.trim() !== "" ? id : undefined;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : typeof value;
}

function malformedPayload(message: string, promptId?: string): GatewayError {
  return new GatewayError({
    code: ClientErrorCodes.MALFORMED_PAYLOAD,
    message,
    ...(promptId !== undefined ? { details: { promptId } } : {}),
  });
}
