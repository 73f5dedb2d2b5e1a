/**
 * `ask-user-kit/element` — the panel and the transcript chip as custom elements, for hosts that do
 * not render with React (the Lit-based Control UI): properties in, DOM events out. React and
 * react-dom stay peer imports. Call `defineAskUserElements()` once before using the tags.
 */
export { defineAskUserElements, ASK_USER_ELEMENT_NAMES } from "./define-elements.js";
export { AskUserPanelElement } from "./ask-user-panel-element.js";
export { AskUserSummaryElement } from "./ask-user-summary-element.js";
export { ASK_USER_EVENTS } from "./events.js";
export type {
  AskUserCollapseDetail,
  AskUserEventDetails,
  AskUserPanelEventMap,
  AskUserResolvedDetail,
  AskUserSkipDetail,
  AskUserSubmitDetail,
  TerminalStatus,
} from "./events.js";
export type { AskUserPanelElementProps, AskUserSummaryElementProps } from "./jsx.js";
export type { AskUserClient } from "../react/ask-user-provider.js";
export type { AskUserStoreApi } from "../react/ask-user-context.js";
