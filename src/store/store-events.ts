/**
 * What a person (or the host, or another view of the same store) did to the store's prompts, as
 * events derived from store changes: the one source behind `<ask-user-panel>`'s DOM events and the
 * React callbacks (`AskUserProvider`'s `onSubmit`, `onSkip`, `onResolved`, `onCollapsedChange`).
 * Deriving them from the state, not from component callbacks, reports a click, a key and host
 * code alike.
 */
import type { AnswerMap, QuestionRecord } from "../contract/types.js";
import { isOpenStatus } from "./docking.js";
import { selectPrompt } from "./selectors.js";
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

export type AskUserStoreEvent = {
  [K in keyof AskUserEventDetails]: { type: K; detail: AskUserEventDetails[K] };
}[keyof AskUserEventDetails];

/**
 * The events one store change stands for, in a stable order (submissions and skips, endings, then
 * collapse). The transcript is compared only when it changed, entry by entry in its own order.
 */
export function diffStoreEvents(next: AskUserState, previous: AskUserState): AskUserStoreEvent[] {
  const events: AskUserStoreEvent[] = [];
  if (next.prompts !== previous.prompts) {
    for (const [id, entry] of Object.entries(next.prompts)) {
      const before = selectPrompt(previous, id);
      if (entry.status !== "submitting" || (before?.status === "submitting" && before.intent === entry.intent)) continue;
      if (entry.intent === "skip") events.push({ type: "skip", detail: { promptId: id, record: entry.record } });
      else if (entry.submittedAnswers)
        events.push({ type: "submit", detail: { promptId: id, answers: entry.submittedAnswers, record: entry.record } });
    }
    for (const id of Object.keys(previous.prompts)) {
      const ended = Object.hasOwn(next.prompts, id) ? undefined : selectPrompt(next, id);
      if (ended && !isOpenStatus(ended.status)) events.push(resolved(ended));
    }
  }
  if (next.settled !== previous.settled) {
    for (const [id, entry] of Object.entries(next.settled)) {
      const before = Object.hasOwn(previous.settled, id) ? previous.settled[id] : undefined;
      if (before && before !== entry && (before.status !== entry.status || before.outcomeSource !== entry.outcomeSource))
        events.push(resolved(entry));
    }
  }
  if (next.collapsed !== previous.collapsed) {
    events.push({ type: "collapse", detail: { collapsed: next.collapsed, promptId: next.activeId } });
  }
  return events;
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
