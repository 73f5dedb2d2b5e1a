// `npm run control-ui -- --harness`: OpenClaw's own Control UI with the kit's panel in place of the
// native one, on a real gateway — the in-source path a Control UI maintainer would take, played by
// the adapter in control-ui/adapter.
//   1. installs the pinned Node 24 + OpenClaw into the cache when missing (as test:openclaw does);
//   2. builds the kit's adapter and the served copy of the Control UI (control-ui-root.mjs);
//   3. starts the gateway on 127.0.0.1 with the scripted fake model, and has the agent ask the
//      three-step demo in the main session, so a question is waiting when the page opens;
//   4. prints the page's URL and runs until Ctrl-C (or its parent goes away), then stops the gateway.
// Unlike test:openclaw this runs outside a network namespace: the person's browser must reach the
// gateway. It still binds loopback only, with every outbound feature off (start-gateway.mjs).
// Typing an ask_user input as JSON in the composer (`{"questions":[…]}`) makes the fake model ask it.
import WebSocket from "ws";
import { stopWithParentOrSignal } from "../playground/server/lifetime.js";
import { createGatewayClient } from "../src/client/index.js";
import { threeStepsInput } from "../src/testing/sample-questions.js";
import { buildAdapter, prepareControlUiRoot } from "./openclaw/control-ui-root.mjs";
import { installOpenClaw } from "./openclaw/install.mjs";
import { startOpenClawGateway } from "./openclaw/start-gateway.mjs";

const say = (line: string) => console.log(`[control-ui] ${line}`);

installOpenClaw();
await buildAdapter({ log: say });
const controlUiRoot = prepareControlUiRoot({ log: say });
const gateway = await startOpenClawGateway({ controlUiRoot, log: say });

let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  await gateway.stop();
  process.exit(code);
};
stopWithParentOrSignal(() => void stop(0));

try {
  // The agent's side, as any other client: chat.send starts a turn whose fake model calls ask_user.
  const agent = createGatewayClient({
    url: gateway.url,
    token: gateway.token,
    client: { id: "cli", mode: "cli" },
    scopes: ["operator.write"],
    WebSocket,
  });
  await new Promise<void>((resolve, reject) => {
    const off = agent.onStatus((status, error) => {
      if (status === "connected") resolve();
      else if (error?.retryable === false) reject(error);
      if (status === "connected" || error?.retryable === false) off();
    });
  });
  await agent.request("chat.send", { sessionKey: "main", message: JSON.stringify(threeStepsInput), idempotencyKey: `control-ui-demo-${Date.now()}` });
  agent.close();
} catch (error) {
  console.error(`[control-ui] the demo question could not be asked: ${error instanceof Error ? error.message : String(error)}`);
  await stop(1);
}

say("a three-step question waits in the main session.");
say(`Control UI with the kit: http://127.0.0.1:${gateway.port}/chat/main#token=${gateway.token}`);
say('Ask another: type {"questions":[{"question":"…","header":"…","options":[{"label":"A"},{"label":"B"}]}]} in the composer. Ctrl-C stops.');
