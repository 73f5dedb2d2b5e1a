import "../../src/theme/tokens.css";
import "../../src/theme/panel.css";
import "../../src/theme/summary.css";
import "./playground.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createGatewayClient } from "../../src/client/index.js";
import { fetchConfig } from "./api.js";
import { App } from "./app.js";
import { loadDeviceIdentity } from "./device.js";
import { loadPreferences } from "./preferences.js";
import { STRINGS } from "./strings.js";

/**
 * The page connects as a web chat (`webchat-ui`/`webchat`) with a device identity: an OpenClaw
 * gateway checks its Origin (a loopback page passes on a loopback gateway; anything else must be
 * listed in `gateway.controlUi.allowedOrigins`) and keeps `operator.questions` only with the
 * identity (see device.ts).
 */
const PAGE_CLIENT = { id: "webchat-ui", mode: "webchat", displayName: "ask-user-kit playground" };

const preferences = loadPreferences();
const container = document.getElementById("playground-root");
if (container) {
  const root = createRoot(container);
  fetchConfig().then(
    (config) => {
      const client = createGatewayClient({
        url: config.gateway.url,
        ...(config.gateway.token ? { token: config.gateway.token } : {}),
        client: PAGE_CLIENT,
        deviceIdentity: loadDeviceIdentity(),
      });
      root.render(
        <StrictMode>
          <App config={config} client={client} initialPreferences={preferences} />
        </StrictMode>,
      );
    },
    (error: unknown) => {
      root.render(
        <p className="boot-error" role="alert">
          {STRINGS[preferences.language].notes.serverUnreachable({ demo: "" })} ({error instanceof Error ? error.message : String(error)})
        </p>,
      );
    },
  );
}
