/**
 * The kit on the Control UI page, loaded by main.ts when the first question or chip needs it:
 *   1. one store for the page, keeping its summaries in localStorage (the history holds no record
 *      of questions asked by `question.request`, so a reload would lose their chips otherwise);
 *   2. the store connected to the gateway through the app's own connection (app-transport.ts);
 *   3. the panel docked in the shown chat's composer (showing that chat's questions), the chips
 *      in its transcript;
 *   4. the app's own (hidden) question panel rendering nothing, its state kept alive.
 */
import { render } from "lit";
import { connectQuestions } from "ask-user-kit/bridge";
import { defineAskUserElements } from "ask-user-kit/element/standalone";
import { createAskUserStore } from "ask-user-kit/store";
import { localSummaries } from "ask-user-kit/summaries";
import kitStyles from "virtual:ask-user-control-ui-styles";
import type { KitPage } from "./app-context.js";
import { createAppTransport } from "./app-transport.js";
import { dockInComposer } from "./composer-dock.js";
import { emptyNativePanel } from "./native-panel.js";
import { panelTemplate } from "./panel-template.js";
import { addStyles } from "./style-triggers.js";
import { placeTranscriptChips } from "./transcript-chips.js";

export function startKit({ app, early }: KitPage): void {
  // The startup file's animations stop: the kit's own style triggers take those elements.
  document.documentElement.dataset.askUserKit = "on";
  addStyles(kitStyles);
  defineAskUserElements();
  const store = createAskUserStore({ summaries: localSummaries() });
  const transport = createAppTransport(app.gateway);
  connectQuestions(transport, store);
  transport.replay(early);

  let sessionKey: string | null | undefined;
  const dock = dockInComposer(store, app.gateway, (next) => {
    if (next === sessionKey) return;
    sessionKey = next;
    store.getState().setViewSessionKey(next);
    render(panelTemplate(store, next), dock);
  });
  placeTranscriptChips(store, transport);
  emptyNativePanel();
}
