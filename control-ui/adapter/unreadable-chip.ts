/**
 * The chip of an `ask_user` result the history holds but the contract cannot read (hand-edited,
 * truncated, of another shape): the kit's summary look (its `data-slot`s, so the theme styles it),
 * the outcome the kit gives a question nobody can account for ("Unavailable"), and the tool's own
 * text, so the person still reads what the agent was told.
 */
import { html } from "lit";
import { en } from "ask-user-kit";
import type { UnreadableResult } from "./history-summaries.js";

export const unreadableChip = (result: UnreadableResult) => html`
  <div role="group" aria-label=${en.summaryLabel} data-slot="ask-user-summary" data-outcome="unavailable" data-prompt-id=${result.id}>
    <ul data-slot="ask-user-summary-lines">
      <li data-slot="ask-user-summary-line">${en.unavailable}</li>
      ${result.text ? html`<li data-slot="ask-user-summary-line">${result.text}</li>` : null}
    </ul>
  </div>
`;
