/**
 * `ask-user-kit/element` — the panel, the transcript chip and the inbox as custom elements, for hosts that do
 * not render with React (the Lit-based Control UI): properties in, DOM events out. React and
 * react-dom stay peer imports. Call `defineAskUserElements()` once before using the tags.
 * Everything of `ask-user-kit/element/standalone`, plus the JSX types of the three tags.
 */
export * from "./standalone.js";
export type { AskUserInboxElementProps, AskUserPanelElementProps, AskUserSummaryElementProps } from "./jsx.js";
