/**
 * The playground served against the real gateway, as `npm start -- --gateway` serves it, except
 * that the page is a production build (minified, production React, no StrictMode double effects):
 * the Control UI it is compared with is a production build too. The playground's own API
 * (playground/server/api.ts, with its demo agent) answers /api/*; the built files everything else.
 * Binds 127.0.0.1 and stops with `close()`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build } from "vite";
import { createApi } from "../../playground/server/api.js";
import { createDemoAgent } from "../../playground/server/demo-agent.js";

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };
const root = fileURLToPath(new URL("../../playground/", import.meta.url));

export interface ServedPlayground {
  origin: string;
  close(): Promise<void>;
}

export async function servePlayground({ port, gatewayUrl, token }: { port: number; gatewayUrl: string; token: string }): Promise<ServedPlayground> {
  const outDir = mkdtempSync(join(tmpdir(), "ask-user-kit-bench-playground-"));
  try {
    await build({
      configFile: false,
      root,
      logLevel: "silent",
      plugins: [react()],
      mode: "production",
      build: { outDir, emptyOutDir: true, target: "es2022" },
    });
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  const agent = createDemoAgent({ url: gatewayUrl, token });
  const api = createApi({ agent, gateway: { url: gatewayUrl, token } });
  const server = createServer((request, response) => {
    if (api(request, response)) return;
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    if (path === "/favicon.ico") return void response.writeHead(204).end();
    // A single-page app: any path without a file extension is the page.
    const file = extname(path) === "" ? "index.html" : path;
    readFile(join(outDir, file)).then(
      (body) => response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      agent.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
