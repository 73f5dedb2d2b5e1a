/**
 * The embedded gateway's question records: the lifecycle of OpenClaw's `QuestionManager` (pending,
 * then answered / cancelled / expired; terminal records readable for a grace period, then gone;
 * first writer wins), on injected clocks so tests never wait for wall-clock time.
 */
import { validateAnswers } from "../contract/answers.js";
import {
  INVALID_ANSWER_REASONS,
  QUESTION_ERROR_REASONS,
  invalidAnswerMessage,
  questionAlreadyTerminalMessage,
  questionNotFoundMessage,
} from "../contract/gateway-text.js";
import type { AnswerMap, Question, QuestionRecord, QuestionResolvedEvent, QuestionStatus } from "../contract/types.js";

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A refusal the gateway reports as `INVALID_REQUEST` with `details.reason`. */
/** Timers longer than this fire at once; the gateway clamps durations to it, and so do we. */
const MAX_TIMER_MS = 2_147_483_647;

export class QuestionRefusal extends Error {
  constructor(
    readonly reason: (typeof QUESTION_ERROR_REASONS)[keyof typeof QUESTION_ERROR_REASONS],
    message: string,
  ) {
    super(message);
    this.name = "QuestionRefusal";
  }
}

type WaitResult =
  | { status: "pending" }
  | { status: "answered"; answers: { answers: AnswerMap }; resolutionId?: string }
  | { status: "cancelled" }
  | { status: "expired" };

interface NewQuestion {
  id: string;
  questions: Question[];
  agentId?: string;
  sessionKey?: string;
  runId?: string;
  timeoutMs: number;
}

interface Entry {
  record: QuestionRecord;
  resolutionId?: string;
  expiryTimer: unknown;
  cleanupTimer?: unknown;
  waiters: Set<() => void>;
}

export interface QuestionBook {
  request(question: NewQuestion): QuestionRecord;
  /** The record, pending or within its terminal grace; expires it first when its time is up. */
  get(id: string): QuestionRecord | undefined;
  /** Pending records, oldest first (ties by id), as `question.list` returns them. */
  pending(): QuestionRecord[];
  /** Every record still held, pending or terminal, oldest first. */
  all(): QuestionRecord[];
  waitAnswer(id: string, timeoutMs: number | undefined, includeResolutionId: boolean): Promise<WaitResult>;
  resolve(id: string, answers: AnswerMap, resolvedBy?: string, resolutionId?: string): { status: "answered"; answers: { answers: AnswerMap } };
  cancel(id: string, resolvedBy?: string): { status: "cancelled" };
  /** Drops every record and timer, releasing waiters with their current status. */
  clear(): void;
}

export function createQuestionBook(options: { clock: Clock; graceMs: number; onResolved(event: QuestionResolvedEvent): void }): QuestionBook {
  const { clock, graceMs, onResolved } = options;
  const entries = new Map<string, Entry>();

  const finish = (entry: Entry) => {
    clock.clearTimeout(entry.expiryTimer);
    for (const waiter of [...entry.waiters]) waiter();
    const { record } = entry;
    onResolved(
      record.status === "answered"
        ? { id: record.id, status: "answered", answers: record.answers ?? { answers: {} } }
        : { id: record.id, status: record.status as "cancelled" | "expired" },
    );
    entry.cleanupTimer = clock.setTimeout(() => {
      if (entries.get(record.id) === entry) entries.delete(record.id);
    }, graceMs);
  };

  const expire = (id: string) => {
    const entry = entries.get(id);
    if (!entry || entry.record.status !== "pending") return;
    entry.record = { ...entry.record, status: "expired" };
    finish(entry);
  };

  const requireEntry = (id: string): Entry => {
    get(id);
    const entry = entries.get(id);
    if (!entry) throw new QuestionRefusal(QUESTION_ERROR_REASONS.notFound, questionNotFoundMessage(id));
    return entry;
  };

  const requirePending = (id: string): Entry => {
    const entry = requireEntry(id);
    const status = entry.record.status;
    if (status !== "pending") throw new QuestionRefusal(QUESTION_ERROR_REASONS.alreadyTerminal, questionAlreadyTerminalMessage(id, status));
    return entry;
  };

  function get(id: string): QuestionRecord | undefined {
    const entry = entries.get(id);
    if (!entry) return undefined;
    if (entry.record.status === "pending" && entry.record.expiresAtMs <= clock.now()) expire(id);
    return entries.get(id)?.record;
  }

  const byAge = (left: QuestionRecord, right: QuestionRecord) => left.createdAtMs - right.createdAtMs || left.id.localeCompare(right.id);

  return {
    request(question) {
      if (entries.has(question.id)) throw new QuestionRefusal(QUESTION_ERROR_REASONS.idInUse, `question '${question.id}' already exists`);
      const createdAtMs = clock.now();
      const timeoutMs = Math.min(question.timeoutMs, MAX_TIMER_MS);
      const record: QuestionRecord = {
        id: question.id,
        questions: question.questions,
        ...(question.agentId ? { agentId: question.agentId } : {}),
        ...(question.sessionKey ? { sessionKey: question.sessionKey } : {}),
        ...(question.runId ? { runId: question.runId } : {}),
        createdAtMs,
        expiresAtMs: createdAtMs + timeoutMs,
        status: "pending",
      };
      const entry: Entry = { record, waiters: new Set(), expiryTimer: clock.setTimeout(() => expire(question.id), timeoutMs) };
      entries.set(question.id, entry);
      return record;
    },
    get,
    pending() {
      return [...entries.keys()]
        .map((id) => get(id))
        .filter((record): record is QuestionRecord => record?.status === "pending")
        .sort(byAge);
    },
    all() {
      return [...entries.keys()]
        .map((id) => get(id))
        .filter((record): record is QuestionRecord => record !== undefined)
        .sort(byAge);
    },
    waitAnswer(id, timeoutMs, includeResolutionId) {
      const entry = requireEntry(id);
      const result = (): WaitResult => waitResult(entry, includeResolutionId);
      if (entry.record.status !== "pending") return Promise.resolve(result());
      return new Promise((resolve) => {
        let timer: unknown;
        const waiter = () => {
          if (!entry.waiters.delete(waiter)) return;
          if (timer !== undefined) clock.clearTimeout(timer);
          resolve(result());
        };
        entry.waiters.add(waiter);
        if (timeoutMs !== undefined) timer = clock.setTimeout(waiter, Math.min(timeoutMs, MAX_TIMER_MS));
      });
    },
    resolve(id, answers, resolvedBy, resolutionId) {
      const entry = requirePending(id);
      const questionIds = new Set(entry.record.questions.map((question) => question.questionId));
      // The gateway rejects keys outside the record before it reads any value; its param schema
      // only types keys that look like question ids, so other keys may carry anything.
      const unknownId = Object.keys(answers).find((key) => !questionIds.has(key));
      if (unknownId !== undefined) {
        throw new QuestionRefusal(QUESTION_ERROR_REASONS.invalidAnswer, invalidAnswerMessage(unknownId, INVALID_ANSWER_REASONS.unknownQuestion));
      }
      const checked = validateAnswers(entry.record.questions, answers);
      if (!checked.ok) throw new QuestionRefusal(QUESTION_ERROR_REASONS.invalidAnswer, checked.errors[0]?.message ?? "invalid answers");
      const canonical = { answers: checked.value };
      entry.resolutionId = resolutionId;
      entry.record = { ...entry.record, status: "answered", answers: canonical, ...(resolvedBy ? { resolvedBy } : {}) };
      finish(entry);
      return { status: "answered", answers: canonical };
    },
    cancel(id, resolvedBy) {
      const entry = requirePending(id);
      entry.record = { ...entry.record, status: "cancelled", ...(resolvedBy ? { resolvedBy } : {}) };
      finish(entry);
      return { status: "cancelled" };
    },
    clear() {
      const dropped = [...entries.values()];
      entries.clear();
      for (const entry of dropped) {
        clock.clearTimeout(entry.expiryTimer);
        if (entry.cleanupTimer !== undefined) clock.clearTimeout(entry.cleanupTimer);
        for (const waiter of [...entry.waiters]) waiter();
      }
    },
  };
}

function waitResult(entry: Entry, includeResolutionId: boolean): WaitResult {
  const status: QuestionStatus = entry.record.status;
  switch (status) {
    case "pending":
      return { status: "pending" };
    case "answered":
      return {
        status: "answered",
        answers: entry.record.answers ?? { answers: {} },
        ...(includeResolutionId && entry.resolutionId ? { resolutionId: entry.resolutionId } : {}),
      };
    case "cancelled":
      return { status: "cancelled" };
    case "expired":
      return { status: "expired" };
  }
}
