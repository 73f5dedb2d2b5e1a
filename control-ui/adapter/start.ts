/**
 * The kit inside OpenClaw's own Control UI (main.ts decides whether to start it):
 *   1. the app's socket stops offering questions to the app, so its native panel stays off;
 *   2. once the app is signed in, the kit opens its own connection with the page's credentials —
 *      the same URL and token, the same device identity — and the panel element talks to it;
 *   3. the panel docks in the composer shell for the session in the route; chips are rebuilt from
 *      that session's chat history and put after the `ask_user` tool cards.
 * The gateway is the source of truth: nothing is kept in localStorage.
 */
import { render } from "lit";
import { createGatewayClient, type GatewayClient } from "ask-user-kit/client";
import { createAskUserStore } from "ask-user-kit/store";
import { defineAskUserElements } from "ask-user-kit/element/standalone";
import { installAppSocketFilter, nativeWebSocket, onAppConnected, type AppConnection } from "./app-socket.js";
import { dockInComposer } from "./composer-dock.js";
import { loadHistorySummaries } from "./history-summaries.js";
import { pageDeviceIdentity } from "./page-identity.js";
import { panelTemplate } from "./panel-template.js";
import { watchSessionRoute } from "./session-route.js";
import { placeTranscriptChips } from "./transcript-chips.js";

/** The Control UI's client id: the gateway grants it the chat scopes the page already has. */
const CLIENT = { id: "openclaw-control-ui", mode: "webchat" } as const;
/** `chat.history` for the chips; `operator.questions` is always added by the client. */
const SCOPES = ["operator.read"];

export function startKitInControlUi(): void {
  installAppSocketFilter();
  defineAskUserElements();

  const store = createAskUserStore();
  let client: GatewayClient | null = null;
  let connectedWith: AppConnection | null = null;
  let sessionKey: string | null = null;
  const dock = dockInComposer(store);

  const draw = () =>
    render(
      panelTemplate({
        store,
        client,
        sessionKey,
        // The tool result lands in the history right after the answer: rebuild that session's chips.
        onResolved: (event) => {
          const key = event.detail.record.sessionKey;
          if (key && key === sessionKey) void refreshChips(key);
        },
      }),
      dock.container,
    );

  /** Chips of `key` from its history (each refresh replaces nothing the store already holds). */
  async function refreshChips(key: string) {
    if (!client) return;
    try {
      store.getState().restoreSummaries(await loadHistorySummaries(client, key));
    } catch (error) {
      console.warn(`[ask-user-kit] chat.history for ${key} failed; the chips of earlier turns are not shown until it succeeds.`, error);
    }
  }

  async function connect(connection: AppConnection) {
    // The app reconnects on its own (network, gateway restart), and so does the kit's client; but a
    // client that stopped on a refusal (e.g. while the gateway was still starting) waits for a
    // connect(): the app's new hello with the same credentials says it is worth trying again.
    if (
      connectedWith &&
      connectedWith.url === connection.url &&
      connectedWith.token === connection.token &&
      connectedWith.platform === connection.platform
    ) {
      client?.connect();
      return;
    }
    connectedWith = connection;
    client?.close();
    const deviceIdentity = await pageDeviceIdentity();
    client = createGatewayClient({
      url: connection.url,
      ...(connection.token ? { token: connection.token } : {}),
      client: {
        ...CLIENT,
        ...(connection.platform ? { platform: connection.platform } : {}),
        ...(connection.deviceFamily ? { deviceFamily: connection.deviceFamily } : {}),
      },
      scopes: SCOPES,
      WebSocket: nativeWebSocket,
      ...(deviceIdentity ? { deviceIdentity } : {}),
    });
    client.onStatus((status) => {
      if (status === "connected" && sessionKey) void refreshChips(sessionKey);
    });
    draw();
  }

  onAppConnected((connection) => void connect(connection));
  watchSessionRoute((key) => {
    sessionKey = key;
    store.getState().setViewSessionKey(key);
    draw();
    // After the app has rendered the new route's chat.
    requestAnimationFrame(() => dock.place());
    if (key) void refreshChips(key);
  });
  placeTranscriptChips(store, (card) => /ask[ _]user/i.test(card.textContent ?? ""));
}
