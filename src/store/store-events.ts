/**
 * What a person (or the host, or another view of the same store) did to the store's prompts, as
 * events derived from store changes: the one source behind `<ask-user-panel>`'s DOM events and the
 * React callbacks (`AskUserProvider`'s `onSubmit`, `onSkip`, `onResolved`, `onCollapsedChange`).
 * Deriving them from the state, not from component callbacks, reports a click, a key and host
 * code alike.
 */
import type { AnswerMap, QuestionRecord } from "../contract/types.js";
import { isOpenStatus } from "./docking.js";
import { changedSettledIds, settledEntry } from "./settled-record.js";
import type { AskUserState, OutcomeSource, PromptEntry, PromptStatus } from "./types.js";

/** `submit`: the person submitted answers; the prompt is now `submitting`. */
export interface AskUserSubmitDetail {
  promptId: string;
  /** The answers being sent, by `questionId` (always arrays). */
  answers: AnswerMap;
  record: QuestionRecord;
}

/** `skip`: the person skipped; the prompt is now `submitting` a cancel. */
export interface AskUserSkipDetail {
  promptId: string;
  record: QuestionRecord;
}

/** `collapse`: the panel collapsed to its bar (`collapsed: true`) or expanded again. */
export interface AskUserCollapseDetail {
  collapsed: boolean;
  /** The docked prompt at that moment, if any. */
  promptId: string | null;
}

export type TerminalStatus = Exclude<PromptStatus, "pending" | "submitting">;

/** `resolved`: a prompt this store held open ended, or an ended prompt's outcome changed. */
export interface AskUserResolvedDetail {
  promptId: string;
  status: TerminalStatus;
  /** Who ended it; absent while only locally expired and for `unavailable`. */
  outcomeSource?: OutcomeSource;
  /** The canonical answers when `status` is `answered`. */
  answers?: AnswerMap;
  record: QuestionRecord;
}

export interface AskUserEventDetails {
  submit: AskUserSubmitDetail;
  skip: AskUserSkipDetail;
  collapse: AskUserCollapseDetail;
  resolved: AskUserResolvedDetail;
}

export type AskUserStoreEvent = { [K in keyof AskUserEventDetails]: { type: K; detail: AskUserEventDetails[K] } }[keyof AskUserEventDetails];

/**
 * The events one store change stands for, in a stable order (submissions and skips, endings, then
 * collapse). Only the few open prompts are scanned on an ordinary change; the transcript only when
 * it changed.
 */
export function diffStoreEvents(next: AskUserState, previous: AskUserState): AskUserStoreEvent[] {
  const events: AskUserStoreEvent[] = [];
  if (next.prompts !== previous.prompts) {
    for (const id in next.prompts) {
      const entry = next.prompts[id]!;
      const before = previous.prompts[id] ?? previous.settled[id];
      if (entry.status !== "submitting" || (before?.status === "submitting" && before.intent === entry.intent)) continue;
      if (entry.intent === "skip") events.push({ type: "skip", detail: { promptId: id, record: entry.record } });
      else if (entry.submittedAnswers) events.push({ type: "submit", detail: { promptId: id, answers: entry.submittedAnswers, record: entry.record } });
    }
    for (const id in previous.prompts) {
      const ended = id in next.prompts ? undefined : next.settled[id];
      if (ended && !isOpenStatus(ended.status)) events.push(resolved(ended));
    }
  }
  if (next.settled !== previous.settled) {
    for (const id of settledIdsToCompare(next, previous)) {
      const entry = settledEntry(next.settled, id);
      const before = settledEntry(previous.settled, id);
      if (entry && before && before !== entry && (before.status !== entry.status || before.outcomeSource !== entry.outcomeSource)) events.push(resolved(entry));
    }
  }
  if (next.collapsed !== previous.collapsed) {
    events.push({ type: "collapse", detail: { collapsed: next.collapsed, promptId: next.activeId } });
  }
  return events;
}

/**
 * The settled ids a change may have touched, in the transcript's order: the one or few the shared
 * history says changed (a settle beside 10,000 chips looked at all 10,000 through the view's
 * traps: ~6 ms a settle in Chromium), or every id when the history cannot tell.
 */
function settledIdsToCompare(next: AskUserState, previous: AskUserState): readonly string[] {
  const changed = changedSettledIds(next.settled, previous.settled);
  if (changed === undefined) return Object.keys(next.settled);
  if (changed.length <= 1) return changed;
  // Several (a burst): in the order every id would be met, as a full comparison meets them.
  const touched = new Set(changed);
  return Object.keys(next.settled).filter((id) => touched.has(id));
}

function resolved(entry: PromptEntry): AskUserStoreEvent {
  return {
    type: "resolved",
    detail: {
      promptId: entry.id,
      status: entry.status as TerminalStatus,
      ...(entry.outcomeSource !== undefined ? { outcomeSource: entry.outcomeSource } : {}),
      ...(entry.answers !== undefined ? { answers: entry.answers } : {}),
      record: entry.record,
    },
  };
}

/** Calls `listener` with each event of every later store change; returns the unsubscribe. */
export function subscribeStoreEvents(
  store: { subscribe(listener: (next: AskUserState, previous: AskUserState) => void): () => void },
  listener: (event: AskUserStoreEvent) => void,
): () => void {
  return store.subscribe((next, previous) => {
    for (const event of diffStoreEvents(next, previous)) listener(event);
  });
}
