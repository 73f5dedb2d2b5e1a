/**
 * What a Control UI maintainer adds to the chat view's Lit template: the kit's panel element above
 * the composer, and its chip after an `ask_user` tool card (and after the transcript, for questions
 * no tool card stands for). Properties in (`.store`, `.viewSessionKey`, `.promptId`, `.toolCall`); the store is
 * connected to the app's own gateway client outside the template, once per page. The README's "In
 * the OpenClaw Control UI" section shows these templates; the Control UI browser test runs them.
 */
import { html } from "lit";
import type { AskUserStoreApi, AskUserToolCall } from "ask-user-kit/element/standalone";

export const panelTemplate = (store: AskUserStoreApi, sessionKey: string | null) => html`
  <ask-user-panel .store=${store} .viewSessionKey=${sessionKey}></ask-user-panel>
`;

export const chipTemplate = (store: AskUserStoreApi, promptId: string) =>
  html`<ask-user-summary .store=${store} .promptId=${promptId}></ask-user-summary>`;

/** The chip of an `ask_user` row the history holds but the kit cannot read: built from the row itself. */
export const toolCallChipTemplate = (store: AskUserStoreApi, toolCall: AskUserToolCall) =>
  html`<ask-user-summary .store=${store} .toolCall=${toolCall}></ask-user-summary>`;
