import type { AnswerMap, QuestionRecord, QuestionStatus } from "../contract/types.js";
import { sameIds } from "./selectors.js";
import { unsentAnswers } from "./summaries.js";
import type { OutcomeSource, PromptEntry } from "./types.js";

/** A terminal result as the gateway reports it (event, `question.get` record or resolve result). */
export interface TerminalOutcome {
  status: Exclude<QuestionStatus, "pending">;
  answers?: AnswerMap;
  /** Only records carry it; events never do. */
  resolvedBy?: string;
}

/**
 * `resolvedBy` values that mean the asking run cancelled, not a person: the gateway's
 * requester-inactive cancel and the tool's own cancels (abort, wait timeout, superseded input,
 * delivery or registration failure, tool error, an image reply steering the run).
 */
const RUN_ENDED_BY = new Set([
  "requester-inactive",
  "run-abort",
  "wait-timeout",
  "superseded-input",
  "prompt-delivery-failed",
  "tool-error",
  "registration-failed",
  "image-reply",
]);

/** The same questions with the same values in the same order. */
export function sameAnswers(a: AnswerMap, b: AnswerMap): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameIds(a[key] ?? [], b[key] ?? []));
}

/** Who ended `entry` with `outcome`, judged from what this client had in flight or already knew. */
function outcomeSourceFor(entry: PromptEntry, outcome: TerminalOutcome): OutcomeSource {
  if (outcome.status === "answered") {
    const confirmedHere = entry.status === "answered" && entry.outcomeSource === "local";
    const matchesOurs = outcome.answers !== undefined && entry.submittedAnswers !== undefined && sameAnswers(outcome.answers, entry.submittedAnswers);
    return confirmedHere || matchesOurs ? "local" : "elsewhere";
  }
  if (outcome.status === "cancelled") {
    if (outcome.resolvedBy !== undefined && RUN_ENDED_BY.has(outcome.resolvedBy)) return "run-ended";
    if (entry.status === "submitting" && entry.intent === "skip") return "local";
    if (entry.status === "cancelled" && entry.outcomeSource !== undefined) return entry.outcomeSource;
    return "elsewhere";
  }
  return "elsewhere";
}

/**
 * Whether a terminal report should replace what this client already settled: local guesses
 * (a local expiry, `unavailable`) always yield to the gateway; otherwise only the same outcome
 * with more detail is taken (first writer wins, so a different status cannot be newer truth).
 */
export function isMoreInformative(entry: PromptEntry, outcome: TerminalOutcome): boolean {
  if (entry.locallyExpired || entry.status === "unavailable") return true;
  if (entry.status !== outcome.status) return false;
  if (outcome.resolvedBy !== undefined && entry.record.resolvedBy === undefined) return true;
  return outcome.status === "answered" && entry.answers === undefined && outcome.answers !== undefined;
}

/**
 * `entry` ended with `outcome`. `ours`: the gateway accepted this client's own resolve, so it
 * ended here whatever was heard before, and an answer leaves nothing unsent.
 */
export function settle(entry: PromptEntry, outcome: TerminalOutcome, nowMs: number, record?: QuestionRecord, ours = false): PromptEntry {
  const status = outcome.status;
  const outcomeSource = ours ? "local" : outcomeSourceFor(entry, outcome);
  const settledRecord = record ?? entry.record;
  // A restored entry has no drafts left; its unsent text came with it.
  const unsent =
    ours && status === "answered"
      ? undefined
      : entry.restored
        ? entry.unsent
        : unsentAnswers(status, outcomeSource, settledRecord.questions, entry.drafts);
  return {
    ...entry,
    record: settledRecord,
    status,
    intent: undefined,
    outcomeSource,
    answers: status === "answered" ? (outcome.answers ?? entry.answers) : undefined,
    error: undefined,
    locallyExpired: undefined,
    confirmingSkip: undefined,
    checking: undefined,
    restored: undefined,
    resolvedAtMs: entry.resolvedAtMs ?? nowMs,
    unsent,
  };
}

/** The gateway forgot the prompt: its outcome is unknown, the person's draft is kept as unsent. */
export function markGone(entry: PromptEntry, nowMs: number): PromptEntry {
  return {
    ...entry,
    status: "unavailable",
    intent: undefined,
    outcomeSource: undefined,
    answers: undefined,
    error: undefined,
    locallyExpired: undefined,
    confirmingSkip: undefined,
    checking: undefined,
    resolvedAtMs: entry.resolvedAtMs ?? nowMs,
    unsent: unsentAnswers("unavailable", undefined, entry.record.questions, entry.drafts),
  };
}

/** Expired by this client's clock; the gateway has not confirmed yet. */
export function expireLocally(entry: PromptEntry, nowMs: number): PromptEntry {
  return {
    ...entry,
    status: "expired",
    intent: undefined,
    error: undefined,
    outcomeSource: undefined,
    confirmingSkip: undefined,
    locallyExpired: true,
    resolvedAtMs: nowMs,
    unsent: unsentAnswers("expired", undefined, entry.record.questions, entry.drafts),
  };
}

/** The outcome a terminal record carries (its answers envelope unwrapped). */
export function outcomeOfRecord(record: QuestionRecord): TerminalOutcome | null {
  if (record.status === "pending") return null;
  return {
    status: record.status,
    answers: record.answers?.answers,
    resolvedBy: record.resolvedBy,
  };
}
