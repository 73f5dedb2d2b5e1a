/**
 * The DOM events of `<ask-user-panel>`: the store's events (src/store/store-events.ts) under
 * `ask-user-*` names, so the element and the React callbacks report the same changes.
 */
import type { AskUserCollapseDetail, AskUserResolvedDetail, AskUserSkipDetail, AskUserSubmitDetail } from "../store/index.js";

export type {
  AskUserCollapseDetail,
  AskUserResolvedDetail,
  AskUserSkipDetail,
  AskUserSubmitDetail,
  TerminalStatus,
} from "../store/index.js";

export const ASK_USER_EVENTS = {
  submit: "ask-user-submit",
  skip: "ask-user-skip",
  collapse: "ask-user-collapse",
  resolved: "ask-user-resolved",
} as const;

export interface AskUserEventDetails {
  "ask-user-submit": AskUserSubmitDetail;
  "ask-user-skip": AskUserSkipDetail;
  "ask-user-collapse": AskUserCollapseDetail;
  "ask-user-resolved": AskUserResolvedDetail;
}

/** For typed listeners: `panel.addEventListener("ask-user-submit", (event) => event.detail.answers)`. */
export type AskUserPanelEventMap = { [K in keyof AskUserEventDetails]: CustomEvent<AskUserEventDetails[K]> };

/** The detail of `<ask-user-inbox>`'s cancelable `ask-user-open-session` event (a click on a question's session link). */
export interface AskUserOpenSessionDetail {
  /** The session whose question's link was clicked. */
  sessionKey: string;
}
