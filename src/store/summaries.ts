import { setEntry } from "../contract/safe-read.js";
import type { PromptSummary, SummaryOutcome } from "../contract/summary.js";
import type { AnswerMap, Question, QuestionStatus } from "../contract/types.js";
import { createEmptyDrafts, draftHasValue, draftValues } from "./drafts.js";
import type { OutcomeSource, PromptEntry, PromptStatus, QuestionDraft } from "./types.js";

/** How a terminal prompt ended, from the person's side; null while it is open. */
export function summaryOutcome(entry: PromptEntry): SummaryOutcome | null {
  switch (entry.status) {
    case "answered":
      return entry.outcomeSource === "elsewhere" ? "answered-elsewhere" : "answered";
    case "cancelled":
      if (entry.outcomeSource === "run-ended") return "run-ended";
      if (entry.outcomeSource === "local") return "skipped";
      // A cancel nobody can attribute (a rebuilt `no_answer`) says only that no answer came.
      return entry.outcomeSource === "elsewhere" ? "skipped-elsewhere" : "no-answer";
    case "expired":
      return "expired";
    case "unavailable":
      return "unavailable";
    default:
      return null;
  }
}

const STATUS_OF: Record<SummaryOutcome, { status: PromptStatus; source?: OutcomeSource }> = {
  answered: { status: "answered", source: "local" },
  "answered-elsewhere": { status: "answered", source: "elsewhere" },
  skipped: { status: "cancelled", source: "local" },
  "skipped-elsewhere": { status: "cancelled", source: "elsewhere" },
  expired: { status: "expired", source: "elsewhere" },
  "run-ended": { status: "cancelled", source: "run-ended" },
  unavailable: { status: "unavailable" },
  "no-answer": { status: "cancelled" },
};

/**
 * What the person had picked or typed but this client never sent: every draft of a prompt that
 * ended any other way than by this client's answer. Undefined when there is nothing.
 */
export function unsentAnswers(
  status: PromptStatus,
  outcomeSource: OutcomeSource | undefined,
  questions: readonly Question[],
  drafts: Readonly<Record<string, QuestionDraft>>,
): AnswerMap | undefined {
  if (status === "answered" && outcomeSource === "local") return undefined;
  let unsent: AnswerMap | undefined;
  for (const question of questions) {
    const draft = Object.hasOwn(drafts, question.questionId) ? drafts[question.questionId] : undefined;
    if (draftHasValue(draft)) setEntry((unsent ??= {}), question.questionId, draftValues(draft));
  }
  return unsent;
}

/** A terminal entry as plain data: what is persisted per session and restored after a reload. */
export function summaryOfEntry(entry: PromptEntry): PromptSummary | null {
  const outcome = summaryOutcome(entry);
  if (outcome === null) return null;
  const recordStatus: QuestionStatus = entry.status === "unavailable" || entry.status === "submitting" ? "cancelled" : entry.status;
  return {
    id: entry.id,
    record: { ...entry.record, status: entry.record.status === "pending" ? recordStatus : entry.record.status },
    outcome,
    ...(entry.answers ? { answers: entry.answers } : {}),
    ...(entry.unsent ? { unsent: entry.unsent } : {}),
    ...(entry.resolvedAtMs !== undefined ? { resolvedAtMs: entry.resolvedAtMs } : {}),
  };
}

/** A transcript entry rebuilt from a summary (`restored`: never persisted again, never docked). */
export function entryOfSummary(summary: PromptSummary, seq: number, nowMs: number): PromptEntry {
  const { status, source } = STATUS_OF[summary.outcome];
  return {
    id: summary.id,
    record: summary.record,
    status,
    ...(source ? { outcomeSource: source } : {}),
    ...(summary.answers ? { answers: summary.answers } : {}),
    ...(summary.unsent ? { unsent: summary.unsent } : {}),
    drafts: createEmptyDrafts(summary.record.questions),
    step: 0,
    receivedAtMs: nowMs,
    seq,
    resolvedAtMs: summary.resolvedAtMs ?? summary.record.createdAtMs,
    restored: true,
  };
}
