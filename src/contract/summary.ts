import type { AnswerMap, QuestionRecord } from "./types.js";

/**
 * How a prompt ended, worded from the person's side: who ended it is part of the outcome, so a
 * transcript never reads "Skipped" for a question this person never saw end.
 */
export type SummaryOutcome =
  /** This person answered here. */
  | "answered"
  /** Another tab, device or channel answered first (canonical answers when known). */
  | "answered-elsewhere"
  /** This person pressed Skip here. */
  | "skipped"
  /** Skipped or cancelled by another client or channel (not a run ending). */
  | "skipped-elsewhere"
  | "expired"
  /** The agent run that asked ended (abort, requester inactive, …). */
  | "run-ended"
  /** The gateway no longer knows the prompt; its outcome is unknown. */
  | "unavailable"
  /** Rebuilt from a tool result `{status:"no_answer"}` that does not say why. */
  | "no-answer";

/**
 * Everything a summary chip needs, as plain, serializable data: what the store persists per
 * session and what a host rebuilds from an `ask_user` tool call in the chat history.
 */
export interface PromptSummary {
  /** The question record id (`ask_…`), or the tool call id when rebuilt from chat history. */
  id: string;
  /** The record as it ended (questions, session, run, times). `status` is terminal. */
  record: QuestionRecord;
  outcome: SummaryOutcome;
  /** Canonical answers, when known. */
  answers?: AnswerMap;
  /** What the person had picked or typed but never sent (kept so nothing typed is lost). */
  unsent?: AnswerMap;
  /** When it ended, epoch ms. */
  resolvedAtMs?: number;
}
