/** The page's side of the playground server's `/api/*` (see playground/server/api.ts). */
import type { DemoRun, PlaygroundConfig } from "../api-types.js";

export type StartRunResult = { ok: true; run: DemoRun } | { ok: false; message: string };

export async function fetchConfig(): Promise<PlaygroundConfig> {
  return (await call("GET", "/api/config")) as PlaygroundConfig;
}

export async function listRuns(): Promise<DemoRun[]> {
  return ((await call("GET", "/api/runs")) as { runs: DemoRun[] }).runs;
}

export async function startRun(demo: string, sessionKey: string): Promise<StartRunResult> {
  try {
    return { ok: true, run: ((await call("POST", "/api/runs", { demo, sessionKey })) as { run: DemoRun }).run };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** The run as it is now; undefined when the server has no such run (a question no demo asked). */
export async function getRun(runId: string): Promise<DemoRun | undefined> {
  const response = await fetch(`/api/runs/${encodeURIComponent(runId)}`);
  if (response.status === 404) return undefined;
  if (!response.ok) throw new Error(`GET /api/runs/${runId} failed (${response.status})`);
  return ((await response.json()) as { run: DemoRun }).run;
}

/** The run once it has ended, or as it is after the server's long-poll window. */
export async function waitForRun(runId: string): Promise<DemoRun> {
  return ((await call("GET", `/api/runs/${encodeURIComponent(runId)}?wait=1`)) as { run: DemoRun }).run;
}

export async function restartGateway(): Promise<void> {
  await call("POST", "/api/gateway/restart");
}

async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = typeof payload === "object" && payload !== null && "error" in payload ? String((payload as { error: unknown }).error) : response.statusText;
    throw new Error(`${method} ${path} failed (${response.status}): ${message}`);
  }
  return payload;
}
