/**
 * The `question.*` methods and events over a transport, every payload parsed by the contract where
 * it arrives. A payload the contract rejects never reaches a listener as data: it becomes a
 * `QuestionProblem` naming the field. A call rejects with what the transport rejected with, or with
 * an `Error` carrying `code` (`EXPIRED`, `MALFORMED_PAYLOAD`) and `details`, shaped like a gateway's
 * refusal; `requestFailureOf` (the contract's) reads any of them.
 */
import { REQUEST_FAILURES, requestError } from "../contract/request-failure.js";
import { parseAnswers, parseQuestionRecord, parseResolvedEvent } from "../contract/parse-record.js";
import type { AskUserTransport } from "../contract/transport.js";
import { describeType } from "../contract/errors.js";
import { isObjectRecord, readOwn } from "../contract/safe-read.js";
import type { AnswerMap, ContractError, ContractResult, QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";
import { GATEWAY_EVENTS, GATEWAY_METHODS } from "../contract/wire.js";

export interface QuestionProblem {
  /** The record id when the payload had a readable one. */
  promptId?: string;
  /** Names where the payload came from, the field and what is wrong with it. */
  message: string;
}

export interface ListResult {
  /** Valid pending records, oldest first (the gateway's order). */
  questions: QuestionRecord[];
  /** Entries that could not be parsed (also handed to `onProblem`). */
  problems: QuestionProblem[];
}

export interface ResolveOptions {
  /** The prompt's `expiresAtMs`: the call never waits past it. */
  expiresAtMs?: number;
  /** Overrides `requestTimeoutMs` for this call (still capped by `expiresAtMs`). */
  timeoutMs?: number;
}

export interface QuestionClientOptions {
  /** How long a resolve or a skip waits for the gateway, at most. Default 15 000 ms. */
  requestTimeoutMs?: number;
  /** Clock for the expiry cap. Default `Date.now`. */
  now?: () => number;
  /** Called with every payload the contract rejected (events, list entries, reads). */
  onProblem?: (problem: QuestionProblem) => void;
}

export interface QuestionClient {
  /** `question.list {}`: pending records the caller may see. */
  list(): Promise<ListResult>;
  /** `question.get {id}`: a pending or recently terminal record. */
  get(id: string): Promise<QuestionRecord>;
  /** `question.resolve {id, answers: {answers}}`; resolves with the gateway's canonical answers. */
  resolve(id: string, answers: AnswerMap, options?: ResolveOptions): Promise<{ status: "answered"; answers: AnswerMap }>;
  /** `question.resolve {id, cancel: true}`: Skip. */
  skip(id: string, options?: ResolveOptions): Promise<{ status: "cancelled" }>;
  onRequested(listener: (record: QuestionRecord) => void): () => void;
  onResolved(listener: (event: QuestionResolvedEvent) => void): () => void;
}

const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

export function createQuestionClient(transport: AskUserTransport, options: QuestionClientOptions = {}): QuestionClient {
  const now = options.now ?? (() => Date.now());
  const requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const report = (problem: QuestionProblem) => options.onProblem?.(problem);

  /** Sends a resolve that never waits past the prompt's expiry; an expired prompt sends nothing. */
  function resolveRequest(id: string, params: Record<string, unknown>, resolveOptions: ResolveOptions | undefined): Promise<unknown> {
    const method = GATEWAY_METHODS.questionResolve;
    const expiresAtMs = resolveOptions?.expiresAtMs;
    const timeout = resolveOptions?.timeoutMs ?? requestTimeoutMs;
    const timeoutMs = typeof expiresAtMs === "number" && Number.isFinite(expiresAtMs) ? Math.min(timeout, expiresAtMs - now()) : timeout;
    if (timeoutMs <= 0) {
      const message = `${method}: question "${id}" expired before the answer could be sent`;
      return Promise.reject(requestError(REQUEST_FAILURES.EXPIRED, message, { reason: REQUEST_FAILURES.EXPIRED }));
    }
    return transport.request(method, { id, ...params }, { timeoutMs });
  }

  /** Reports a payload the contract rejected, naming where it came from and its fields. */
  function dropped(source: string, raw: unknown, errors: readonly ContractError[]): QuestionProblem {
    const promptId = readableId(raw);
    const fields = errors.map((error) => `${error.path || "/"}: ${error.message}`).join("; ");
    const problem = {
      ...(promptId !== undefined ? { promptId } : {}),
      message: `${source}${promptId !== undefined ? ` for "${promptId}"` : ""} was dropped — ${fields}`,
    };
    report(problem);
    return problem;
  }

  /** Hands `listener` each payload of `event` the contract accepts; reports the others. */
  function onParsed<T>(event: string, parse: (raw: unknown) => ContractResult<T>, listener: (value: T) => void): () => void {
    return transport.onEvent(event, (payload) => {
      const result = parse(payload);
      if (result.ok) listener(result.value);
      else dropped(`${event} event`, payload, result.errors);
    });
  }

  return {
    async list() {
      const method = GATEWAY_METHODS.questionList;
      const raw = readField(await transport.request(method, {}), "questions");
      if (!Array.isArray(raw)) {
        const problem = { message: `${method} response was dropped — /questions: must be an array of records, not ${describeType(raw)}` };
        report(problem);
        throw malformedPayload(problem.message);
      }
      const questions: QuestionRecord[] = [];
      const problems: QuestionProblem[] = [];
      raw.forEach((entry, index) => {
        const result = parseQuestionRecord(entry);
        if (result.ok) questions.push(result.value);
        else problems.push(dropped(`${method} entry ${index}`, entry, result.errors));
      });
      return { questions, problems };
    },
    async get(id) {
      const method = GATEWAY_METHODS.questionGet;
      const raw = readField(await transport.request(method, { id }), "question");
      const result = parseQuestionRecord(raw);
      if (result.ok) return result.value;
      throw malformedPayload(dropped(`${method} response`, raw ?? { id }, result.errors).message, id);
    },
    async resolve(id, answers, resolveOptions) {
      const payload = await resolveRequest(id, { answers: { answers } }, resolveOptions);
      // The gateway answers with canonical values (trimmed, matched to labels); fall back to what we sent.
      const canonical = parseAnswers(readField(payload, "answers"));
      return { status: "answered", answers: canonical && Object.keys(canonical).length > 0 ? canonical : answers };
    },
    async skip(id, resolveOptions) {
      await resolveRequest(id, { cancel: true }, resolveOptions);
      return { status: "cancelled" };
    },
    onRequested: (listener) => onParsed(GATEWAY_EVENTS.questionRequested, parseQuestionRecord, listener),
    onResolved: (listener) => onParsed(GATEWAY_EVENTS.questionResolved, parseResolvedEvent, listener),
  };
}

function readField(payload: unknown, key: string): unknown {
  return isObjectRecord(payload) ? readOwn(payload, key) : undefined;
}

function readableId(raw: unknown): string | undefined {
  const id = readField(raw, "id");
  return typeof id === "string" && id.trim() !== "" ? id : undefined;
}

function malformedPayload(message: string, promptId?: string): Error {
  return requestError(REQUEST_FAILURES.MALFORMED_PAYLOAD, message, promptId !== undefined ? { promptId } : undefined);
}
