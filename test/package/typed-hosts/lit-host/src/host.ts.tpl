// A host without React or React's types (OpenClaw's Control UI is Lit): the standalone elements,
// the store and the client, typechecked with skipLibCheck off.
import { ASK_USER_EVENTS, type AskUserPanelElement, type AskUserStoreApi, type AskUserSubmitDetail, defineAskUserElements } from "ask-user-kit/element/standalone";
import { createGatewayClient } from "ask-user-kit/client";
import { createAskUserStore } from "ask-user-kit/store";

defineAskUserElements();
const store: AskUserStoreApi = createAskUserStore({ storage: null });
const gateway = createGatewayClient({ url: "ws://127.0.0.1:18789", token: "token" });

const panel: AskUserPanelElement = document.createElement("ask-user-panel");
panel.store = store;
panel.client = gateway;
panel.locale = "vi";
panel.viewSessionKey = "agent:main:main";
panel.addEventListener("ask-user-submit", (event) => {
  const detail: AskUserSubmitDetail = event.detail;
  console.log(detail.answers);
});
panel.addEventListener(ASK_USER_EVENTS.collapse, (event) => console.log(event));

const summary = document.createElement("ask-user-summary");
summary.store = store;
summary.promptId = "ask_1";

// @ts-expect-error the locale is "en", "vi" or a catalogue
panel.locale = "fr";
// @ts-expect-error viewSessionKey is a session key string or null
panel.viewSessionKey = 42;
// @ts-expect-error the summary has no view session
summary.viewSessionKey = "main";
