/**
 * The DOM events of `<ask-user-panel>`, derived from store changes rather than from component
 * callbacks: whatever changes the store (a click, a key, the host's own code, another panel on the
 * same store) is reported the same way, and the components stay unaware of the element.
 */
import type { AnswerMap, QuestionRecord } from "../contract/types.js";
import { isOpenStatus } from "../store/docking.js";
import type { AskUserState, OutcomeSource, PromptEntry, PromptStatus } from "../store/types.js";

export const ASK_USER_EVENTS = {
  submit: "ask-user-submit",
  skip: "ask-user-skip",
  collapse: "ask-user-collapse",
  resolved: "ask-user-resolved",
} as const;

/** `ask-user-submit`: the person submitted answers; the prompt is now `submitting`. */
export interface AskUserSubmitDetail {
  promptId: string;
  /** The answers being sent, by `questionId` (always arrays). */
  answers: AnswerMap;
  record: QuestionRecord;
}

/** `ask-user-skip`: the person skipped; the prompt is now `submitting` a cancel. */
export interface AskUserSkipDetail {
  promptId: string;
  record: QuestionRecord;
}

/** `ask-user-collapse`: the panel collapsed to its bar (`collapsed: true`) or expanded again. */
export interface AskUserCollapseDetail {
  collapsed: boolean;
  /** The docked prompt at that moment, if any. */
  promptId: string | null;
}

export type TerminalStatus = Exclude<PromptStatus, "pending" | "submitting">;

/** `ask-user-resolved`: a prompt this store held open ended, or an ended prompt's outcome changed. */
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
  "ask-user-submit": AskUserSubmitDetail;
  "ask-user-skip": AskUserSkipDetail;
  "ask-user-collapse": AskUserCollapseDetail;
  "ask-user-resolved": AskUserResolvedDetail;
}

/** For typed listeners: `panel.addEventListener("ask-user-submit", (event) => event.detail.answers)`. */
export type AskUserPanelEventMap = { [K in keyof AskUserEventDetails]: CustomEvent<AskUserEventDetails[K]> };

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
      if (entry.intent === "skip") events.push({ type: ASK_USER_EVENTS.skip, detail: { promptId: id, record: entry.record } });
      else if (entry.submittedAnswers) events.push({ type: ASK_USER_EVENTS.submit, detail: { promptId: id, answers: entry.submittedAnswers, record: entry.record } });
    }
    for (const id in previous.prompts) {
      const ended = id in next.prompts ? undefined : next.settled[id];
      if (ended && !isOpenStatus(ended.status)) events.push(resolved(ended));
    }
  }
  if (next.settled !== previous.settled) {
    for (const id in next.settled) {
      const entry = next.settled[id]!;
      const before = previous.settled[id];
      if (before && before !== entry && (before.status !== entry.status || before.outcomeSource !== entry.outcomeSource)) events.push(resolved(entry));
    }
  }
  if (next.collapsed !== previous.collapsed) {
    events.push({ type: ASK_USER_EVENTS.collapse, detail: { collapsed: next.collapsed, promptId: next.activeId } });
  }
  return events;
}

function resolved(entry: PromptEntry): AskUserStoreEvent {
  return {
    type: ASK_USER_EVENTS.resolved,
    detail: {
      promptId: entry.id,
      status: entry.status as TerminalStatus,
      ...(entry.outcomeSource !== undefined ? { outcomeSource: entry.outcomeSource } : {}),
      ...(entry.answers !== undefined ? { answers: entry.answers } : {}),
      record: entry.record,
    },
  };
}
