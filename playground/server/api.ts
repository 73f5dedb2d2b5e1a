/**
 * The playground's own HTTP endpoints (everything else goes to Vite):
 *   GET  /api/config              gateway URL, token and the demo list, for the page
 *   GET  /api/runs                every demo run
 *   POST /api/runs {demo, sessionKey?, language?}  start a demo run in that session (default the
 *                                 main one; null: a question with no session), asked in English
 *                                 or Vietnamese (`"vi"`); errors carry a `reason`
 *   GET  /api/runs/<id>?wait=1    the run, once it is no longer waiting (long poll, ≤ 25 s)
 *   POST /api/gateway/restart     restart the embedded gateway (409 for a real one)
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ApiError, PlaygroundConfig } from "../api-types.js";
import { DEMOS } from "../demos.js";
import { readSessionKey } from "../sessions.js";
import type { DemoAgent } from "./demo-agent.js";

export interface ApiOptions {
  agent: DemoAgent;
  gateway: { url: string; token?: string };
  /** Present for the embedded gateway only. */
  restartGateway?: () => void;
}

const LONG_POLL_MS = 25_000;
const MAX_BODY_BYTES = 4_096;

/** Returns a request handler that answers `/api/*` and reports whether it did. */
export function createApi({ agent, gateway, restartGateway }: ApiOptions): (request: IncomingMessage, response: ServerResponse) => boolean {
  const config: PlaygroundConfig = {
    gateway: { url: gateway.url, token: gateway.token ?? null, embedded: restartGateway !== undefined },
    demos: DEMOS.map(({ name, title }) => ({ name, title })),
  };

  return (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (!url.pathname.startsWith("/api/")) return false;
    const refusal = foreignRequest(request);
    if (refusal) {
      sendJson(response, 403, { error: refusal });
      return true;
    }
    const route = `${request.method ?? "GET"} ${url.pathname}`;
    const runMatch = /^\/api\/runs\/([^/]+)$/.exec(url.pathname);

    if (route === "GET /api/config") sendJson(response, 200, config);
    else if (route === "GET /api/runs") sendJson(response, 200, { runs: agent.runs() });
    else if (route === "POST /api/runs") void startRun(request, response);
    else if (route === "POST /api/gateway/restart") {
      if (!restartGateway) sendJson(response, 409, { error: "only the embedded gateway can be restarted from here; restart the real one yourself" });
      else {
        restartGateway();
        sendJson(response, 200, { restarted: true });
      }
    } else if (request.method === "GET" && runMatch) void readRun(decodeURIComponent(runMatch[1] ?? ""), url.searchParams.has("wait"), response);
    else sendJson(response, 404, { error: `no endpoint ${route}` });
    return true;
  };

  async function startRun(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readJson(request);
    const fields = typeof body === "object" && body !== null ? (body as { demo?: unknown; sessionKey?: unknown; language?: unknown }) : {};
    if (typeof fields.demo !== "string") {
      sendJson(response, 400, {
        error: `send {"demo": "<name>"} with one of: ${DEMOS.map((entry) => entry.name).join(", ")}`,
        reason: "bad-request",
      } satisfies ApiError);
      return;
    }
    const sessionKey = fields.sessionKey === undefined || fields.sessionKey === null ? fields.sessionKey : readSessionKey(fields.sessionKey);
    if (sessionKey === undefined && fields.sessionKey !== undefined) {
      sendJson(response, 400, {
        error: `sessionKey must be a session key such as "agent:main:main" or "ops" (or null for no session), not ${JSON.stringify(fields.sessionKey)}`,
        reason: "bad-request",
      } satisfies ApiError);
      return;
    }
    if (fields.language !== undefined && fields.language !== "en" && fields.language !== "vi") {
      sendJson(response, 400, {
        error: `language must be "en" or "vi", not ${JSON.stringify(fields.language)}`,
        reason: "bad-request",
      } satisfies ApiError);
      return;
    }
    const started = await agent.start(fields.demo, sessionKey, fields.language);
    if (started.ok) sendJson(response, 201, { run: started.run });
    else sendJson(response, started.status, { error: started.message, reason: started.reason } satisfies ApiError);
  }

  async function readRun(runId: string, wait: boolean, response: ServerResponse): Promise<void> {
    const run = wait ? await agent.waitForEnd(runId, LONG_POLL_MS) : agent.get(runId);
    if (run) sendJson(response, 200, { run });
    else sendJson(response, 404, { error: `no run ${JSON.stringify(runId)}` });
  }
}

/**
 * The API hands out the gateway token and starts agent runs: only this page may use it. A foreign
 * Host is DNS rebinding; a foreign Origin is another site's page posting to loopback.
 */
function foreignRequest(request: IncomingMessage): string | undefined {
  const host = (request.headers.host ?? "").toLowerCase();
  if (!/^(127\.0\.0\.1|localhost)(:\d+)?$/.test(host)) return `Host ${JSON.stringify(host)} is not this loopback server`;
  const origin = request.headers.origin;
  if (origin !== undefined && origin.toLowerCase() !== `http://${host}`) return `Origin ${JSON.stringify(origin)} may not use the playground API`;
  return undefined;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  if (response.writableEnded || response.destroyed) return;
  const text = JSON.stringify(body);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "content-length": Buffer.byteLength(text),
  });
  response.end(text);
}

/** The request body as JSON; undefined when it is missing, too large or not JSON. */
function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on("error", () => resolve(undefined));
    request.on("end", () => {
      if (size > MAX_BODY_BYTES) return resolve(undefined);
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        resolve(undefined);
      }
    });
  });
}
