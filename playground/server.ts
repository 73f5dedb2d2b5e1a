// `npm start`: the playground. Starts the embedded gateway (or uses a real one with --gateway),
// the scripted demo agent, and a Vite dev server for the page, all on 127.0.0.1. Prints
// `playground on http://127.0.0.1:<port>` once it serves; stops cleanly on SIGINT / SIGTERM /
// SIGHUP and when the process that started it (npm, a shell, a test) goes away.
import { randomBytes } from "node:crypto";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { createServer as createViteServer } from "vite";
import { type ServedLocalGateway, serveLocalGateway } from "../src/testing/node.js";
import { createApi } from "./server/api.js";
import { createDemoAgent } from "./server/demo-agent.js";
import { stopWithParentOrSignal } from "./server/lifetime.js";
import { USAGE, readPlaygroundOptions } from "./server/options.js";

const root = fileURLToPath(new URL(".", import.meta.url));
const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const HOST = "127.0.0.1";

const read = readPlaygroundOptions(process.argv.slice(2), process.env);
if (!read.ok) {
  if ("help" in read) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  process.stderr.write(`${read.message}\n${USAGE}\n`);
  process.exit(2);
}
const options = read.options;

/** What to close on the way out, newest first. */
const closers: (() => unknown)[] = [];
let stopping = false;
async function shutDown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    for (const close of closers.reverse())
      await Promise.resolve()
        .then(close)
        .catch(() => {});
  }
  process.exit(code);
}
stopWithParentOrSignal(() => void shutDown(0));

let embedded: ServedLocalGateway | undefined;
// The embedded gateway gets a fresh token per start, so it checks auth like a real one.
const token = options.gatewayUrl === undefined ? randomBytes(18).toString("base64url") : options.token;
if (options.gatewayUrl === undefined) {
  embedded = await serveLocalGateway({ host: HOST, port: 0, token }).catch((error: unknown) => {
    process.stderr.write(`playground: the embedded gateway could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
  closers.push(() => embedded?.close());
}
const gatewayUrl = embedded?.url ?? options.gatewayUrl ?? "";
const agent = createDemoAgent({ url: gatewayUrl, ...(token ? { token } : {}) });
closers.push(() => agent.close());

const httpServer = createHttpServer();
closers.push(() => {
  httpServer.close();
  // Long polls and keep-alive sockets would hold `close` open.
  httpServer.closeAllConnections();
});
const vite = await createViteServer({
  configFile: false,
  root,
  cacheDir: fileURLToPath(new URL("../node_modules/.vite-playground", import.meta.url)),
  plugins: [react()],
  appType: "spa",
  clearScreen: false,
  logLevel: "warn",
  server: { middlewareMode: true, hmr: { server: httpServer }, fs: { allow: [repoRoot] } },
  optimizeDeps: {
    include: [
      "react",
      "react-dom",
      "react-dom/client",
      "react/jsx-runtime",
      "react/jsx-dev-runtime",
      "zustand",
      "zustand/vanilla",
      "@radix-ui/react-radio-group",
      "@radix-ui/react-checkbox",
    ],
  },
});
closers.push(() => vite.close());
const api = createApi({
  agent,
  gateway: { url: gatewayUrl, ...(token ? { token } : {}) },
  ...(embedded ? { restartGateway: () => embedded?.gateway.restart() } : {}),
});
httpServer.on("request", (request, response) => {
  if (!api(request, response)) vite.middlewares(request, response);
});

await new Promise<void>((resolve, reject) => {
  httpServer.once("error", reject);
  httpServer.listen(options.port, HOST, () => resolve());
}).catch(async (error: unknown) => {
  process.stderr.write(`playground: could not listen on ${HOST}:${options.port}: ${error instanceof Error ? error.message : String(error)}\n`);
  await shutDown(1);
});
const { port } = httpServer.address() as AddressInfo;
process.stdout.write(`gateway ${gatewayUrl} (${embedded ? "embedded" : "real OpenClaw gateway"})\n`);
process.stdout.write(`playground on http://${HOST}:${port}\n`);
