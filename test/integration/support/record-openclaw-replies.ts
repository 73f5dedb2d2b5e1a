// Records fixtures/openclaw-replies.json from a running real OpenClaw gateway:
//   ASK_USER_GATEWAY_URL=ws://127.0.0.1:<port> ASK_USER_GATEWAY_TOKEN=<token> \
//     npx tsx test/integration/support/record-openclaw-replies.ts
// (run it inside the gateway's network namespace; see fixtures/README.md).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { normalize, runProtocolProbe } from "./protocol-probe.js";

const url = process.env.ASK_USER_GATEWAY_URL;
const token = process.env.ASK_USER_GATEWAY_TOKEN;
if (!url || !token) {
  console.error("Set ASK_USER_GATEWAY_URL and ASK_USER_GATEWAY_TOKEN to a running OpenClaw gateway (see test/integration/fixtures/README.md).");
  process.exit(2);
}
const startedAt = Date.now();
// A fresh tag per run: chat.send replays an idempotencyKey it has seen instead of starting a turn,
// so a second recording against the same gateway must not reuse run ids.
const tag = `-r${Date.now().toString(36)}`;
const steps = normalize(await runProtocolProbe({ url, token, tag }), tag);
const target = fileURLToPath(new URL("../fixtures/openclaw-replies.json", import.meta.url));
writeFileSync(target, `${JSON.stringify({ gateway: "openclaw@2026.9.6", steps }, null, 2)}\n`);
console.log(`recorded ${steps.length} steps in ${((Date.now() - startedAt) / 1000).toFixed(1)} s → ${target}`);
