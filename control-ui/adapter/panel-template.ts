/**
 * What a Control UI maintainer adds to the chat view's Lit template: the kit's panel element above
 * the composer, and its chip after an `ask_user` tool card. Properties in (`.store`, `.client`,
 * `.viewSessionKey`, `.promptId`), DOM events out (`ask-user-submit`, `-skip`, `-collapse`,
 * `-resolved`; the adapter needs only the last). The README's "In the OpenClaw Control UI"
 * section shows these two templates; the Control UI browser test runs them.
 */
import { html } from "lit";
import type { AskUserClient, AskUserResolvedDetail, AskUserStoreApi } from "ask-user-kit/element/standalone";

export interface PanelBindings {
  store: AskUserStoreApi;
  /** Null until the page's own connection is up (the kit's client reuses its credentials). */
  client: AskUserClient | null;
  /** The chat session on screen. */
  sessionKey: string | null;
  /** A prompt ended (answered, skipped, elsewhere, expired…): its turn's tool result is in the history now. */
  onResolved(event: CustomEvent<AskUserResolvedDetail>): void;
}

export const panelTemplate = ({ store, client, sessionKey, onResolved }: PanelBindings) => html`
  <ask-user-panel
    .store=${store}
    .client=${client}
    .viewSessionKey=${sessionKey}
    @ask-user-resolved=${onResolved}
  ></ask-user-panel>
`;

export const chipTemplate = (store: AskUserStoreApi, promptId: string) =>
  html`<ask-user-summary .store=${store} .promptId=${promptId}></ask-user-summary>`;
