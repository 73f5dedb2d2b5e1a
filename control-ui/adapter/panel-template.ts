/**
 * What a Control UI maintainer adds to the chat view's Lit template: the kit's panel element above
 * the composer, and its chip after an `ask_user` tool card (and after the transcript, for questions
 * no tool card stands for). Properties in (`.store`, `.viewSessionKey`, `.promptId`); the store is
 * connected to the app's own gateway client outside the template, once per page. The README's "In
 * the OpenClaw Control UI" section shows these templates; the Control UI browser test runs them.
 */
import { html } from "lit";
import type { AskUserStoreApi } from "ask-user-kit/element/standalone";

export const panelTemplate = (store: AskUserStoreApi, sessionKey: string | null) => html`
  <ask-user-panel .store=${store} .viewSessionKey=${sessionKey}></ask-user-panel>
`;

export const chipTemplate = (store: AskUserStoreApi, promptId: string) =>
  html`<ask-user-summary .store=${store} .promptId=${promptId}></ask-user-summary>`;
