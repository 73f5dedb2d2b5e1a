import { AskUserInboxElement } from "./ask-user-inbox-element.js";
import { AskUserPanelElement } from "./ask-user-panel-element.js";
import { AskUserSummaryElement } from "./ask-user-summary-element.js";

export const ASK_USER_ELEMENT_NAMES = { panel: "ask-user-panel", summary: "ask-user-summary", inbox: "ask-user-inbox" } as const;

/**
 * Defines `<ask-user-panel>`, `<ask-user-summary>` and `<ask-user-inbox>` in `registry` (default: the window's). A
 * name that is already defined — by an earlier call, or by another copy of the kit on the page —
 * is left as it is, so calling this from several places is safe. Without a registry (on a
 * server) it does nothing. Importing the entry defines nothing: bundlers may drop side-effect-only
 * imports, and a host decides when its elements upgrade.
 */
export function defineAskUserElements(registry: CustomElementRegistry | undefined = globalThis.customElements): void {
  if (!registry) return;
  const elements: [string, CustomElementConstructor][] = [
    [ASK_USER_ELEMENT_NAMES.panel, AskUserPanelElement],
    [ASK_USER_ELEMENT_NAMES.summary, AskUserSummaryElement],
    [ASK_USER_ELEMENT_NAMES.inbox, AskUserInboxElement],
  ];
  for (const [name, element] of elements) {
    if (registry.get(name)) continue;
    try {
      registry.define(name, element);
    } catch (error) {
      // A registry refuses a constructor it already holds under another name; the host keeps working.
      console.error(
        `defineAskUserElements: could not define <${name}> (${error instanceof Error ? error.message : String(error)}); define each element class under one name per registry.`,
      );
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "ask-user-panel": AskUserPanelElement;
    "ask-user-summary": AskUserSummaryElement;
    "ask-user-inbox": AskUserInboxElement;
  }
}
