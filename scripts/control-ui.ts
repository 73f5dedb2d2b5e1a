// `npm run control-ui`: OpenClaw's own Control UI as an operator runs it, with the kit's feature
// plugin installed the way an operator installs it.
//   1. installs the pinned Node 24 + OpenClaw into the cache when missing (as test:openclaw does);
//   2. checks, builds and packs the plugin, and starts a stock gateway (the package's own Control
//      UI) on 127.0.0.1 with the archive installed by `openclaw plugins install` and Settings →
//      Labs → Custom plugin UI on (scripts/openclaw/plugin.mjs), and the scripted fake model;
//   3. has the agent ask the three-step demo in the main session, so a question is waiting;
//   4. prints the page's URL and runs until Ctrl-C (or its parent goes away), then stops the gateway.
// `npm run control-ui -- --harness` serves the harness instead, the in-source path a Control UI
// maintainer would take: a copy of the Control UI with the kit's adapter (control-ui/adapter) in
// place of the native panel (scripts/openclaw/control-ui-root.mjs), on the same kind of gateway.
// Loopback only, every outbound feature off (start-gateway.mjs); outside a network namespace,
// unlike the test suite, because a person's browser must reach the gateway. Typing an ask_user
// input as JSON in the composer (`{"questions":[…]}`) makes the fake model ask it.
import WebSocket from "ws";
import { stopWithParentOrSignal } from "../playground/server/lifetime.js";
import { createGatewayClient } from "../src/client/index.js";
import { threeStepsInput } from "../src/testing/sample-questions.js";
import { buildAdapter, prepareControlUiRoot } from "./openclaw/control-ui-root.mjs";
import { installOpenClaw } from "./openclaw/install.mjs";
import { PLUGIN_ID, startPluginGateway } from "./openclaw/plugin.mjs";
import { type StartedGateway, startOpenClawGateway } from "./openclaw/start-gateway.mjs";

const say = (line: string) => console.log(`[control-ui] ${line}`);

const unknown = process.argv.slice(2).filter((arg) => arg !== "--harness");
if (unknown.length > 0) {
  console.error(
    `[control-ui] unknown argument${unknown.length > 1 ? "s" : ""} ${unknown.join(" ")}; the one option is --harness (the kit's adapter in place of the native panel).`,
  );
  process.exit(2);
}
const harness = process.argv.includes("--harness");

/** The agent's side, as any other client: chat.send starts a turn whose fake model calls ask_user. */
async function askDemo(gateway: StartedGateway): Promise<void> {
  const agent = createGatewayClient({
    url: gateway.url,
    token: gateway.token,
    client: { id: "cli", mode: "cli" },
    scopes: ["operator.write"],
    WebSocket,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      const off = agent.onStatus((status, error) => {
        if (status === "connected") resolve();
        else if (error?.retryable === false) reject(error);
        if (status === "connected" || error?.retryable === false) off();
      });
    });
    await agent.request("chat.send", {
      sessionKey: "main",
      message: JSON.stringify(threeStepsInput),
      idempotencyKey: `control-ui-demo-${Date.now()}`,
    });
  } finally {
    agent.close();
  }
}

async function startGateway(): Promise<StartedGateway> {
  if (!harness) return startPluginGateway({ log: say });
  await buildAdapter({ log: say });
  return startOpenClawGateway({ controlUiRoot: prepareControlUiRoot({ log: say }), log: say });
}

installOpenClaw();
const gateway = await startGateway();
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  // A discarded gateway gets 3 s to exit: inside stopWithParentOrSignal's 5 s deadline, so a
  // Ctrl-C never leaves it running.
  await gateway.stop();
  process.exit(code);
};
stopWithParentOrSignal(() => void stop(0));
try {
  await askDemo(gateway);
} catch (error) {
  console.error(`[control-ui] the demo question could not be asked: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}
const base = `http://127.0.0.1:${gateway.port}`;
if (harness) {
  say("a three-step question waits in the main session.");
  say(`Control UI with the kit: ${base}/chat/main#token=${gateway.token}`);
} else {
  say("a three-step question waits in the main session; the Control UI's own panel docks it.");
  say(`Control UI with the ${PLUGIN_ID} plugin: ${base}/chat/main#token=${gateway.token}`);
  say(`The Questions page: sidebar → Questions (${base}/plugin?plugin=${PLUGIN_ID}&id=questions).`);
}
say('Ask another: type {"questions":[{"question":"…","header":"…","options":[{"label":"A"},{"label":"B"}]}]} in the composer. Ctrl-C stops.');
