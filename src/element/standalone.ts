/**
 * `ask-user-kit/element/standalone` — the custom elements for hosts without React (OpenClaw's
 * Control UI is Lit). The same runtime as `ask-user-kit/element`, built on Preact's compat layer
 * (vite.element-standalone.config.ts); its declarations reach no `react` import, so a host without
 * React's types typechecks against them. The React JSX types live in `ask-user-kit/element`.
 */
export { defineAskUserElements, ASK_USER_ELEMENT_NAMES } from "./define-elements.js";
export { AskUserPanelElement } from "./ask-user-panel-element.js";
export { AskUserSummaryElement } from "./ask-user-summary-element.js";
export { AskUserInboxElement } from "./ask-user-inbox-element.js";
export { ASK_USER_EVENTS } from "./events.js";
export type {
  AskUserCollapseDetail,
  AskUserEventDetails,
  AskUserOpenSessionDetail,
  AskUserPanelEventMap,
  AskUserResolvedDetail,
  AskUserSkipDetail,
  AskUserSubmitDetail,
  TerminalStatus,
} from "./events.js";
export type { AskUserClient, AskUserStoreApi, AskUserTransport } from "../react/host-types.js";
export type { AskUserToolCall } from "../components/summary/tool-call.js";
