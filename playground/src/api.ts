/** The page's side of the playground server's `/api/*` (see playground/server/api.ts). */
import type { ApiError, DemoRun, PlaygroundConfig, StartRefusal } from "../api-types.js";
import type { DemoLanguage } from "../demos.js";

/**
 * Why a run did not start: the server said no (its status, `reason` and message), or it did not
 * answer at all. The page turns either into a sentence of its own (see start-failure.ts).
 */
export type StartFailure =
  | { kind: "refused"; status: number; reason: StartRefusal | undefined; detail: string }
  | { kind: "unreachable"; detail: string };

export type StartRunResult = { ok: true; run: DemoRun } | { ok: false; failure: StartFailure };

export async function fetchConfig(): Promise<PlaygroundConfig> {
  return (await call("GET", "/api/config")) as PlaygroundConfig;
}

export async function listRuns(): Promise<DemoRun[]> {
  return ((await call("GET", "/api/runs")) as { runs: DemoRun[] }).runs;
}

/** Starts `demo` in `sessionKey` (null: a question with no session), asked in `language`. Never throws. */
export async function startRun(demo: string, sessionKey: string | null, language: DemoLanguage): Promise<StartRunResult> {
  let response: Response;
  try {
    response = await fetch("/api/runs", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ demo, sessionKey, language }),
    });
  } catch (error) {
    return { ok: false, failure: { kind: "unreachable", detail: error instanceof Error ? error.message : String(error) } };
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.ok && typeof payload === "object" && payload !== null && "run" in payload) return { ok: true, run: (payload as { run: DemoRun }).run };
  const body = typeof payload === "object" && payload !== null ? (payload as Partial<ApiError>) : {};
  // A proxy or a dying server answers 5xx without our body: as good as no answer.
  if (body.error === undefined && response.status >= 500) return { ok: false, failure: { kind: "unreachable", detail: `HTTP ${response.status}` } };
  return {
    ok: false,
    failure: { kind: "refused", status: response.status, reason: body.reason, detail: body.error ?? response.statusText },
  };
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

/** Restarts the embedded gateway; `refused` when the server has none to restart (a real gateway). Never throws. */
export async function restartGateway(): Promise<{ ok: true } | { ok: false; refused: boolean; detail: string }> {
  try {
    await call("POST", "/api/gateway/restart");
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      refused: error instanceof ApiCallError && error.status === 409,
      detail: error instanceof Error ? error.message : String(error),
    };
  }
}

/** A `/api/*` call the server answered with an error status. */
class ApiCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message =
      typeof payload === "object" && payload !== null && "error" in payload ? String((payload as { error: unknown }).error) : response.statusText;
    throw new ApiCallError(response.status, `${method} ${path} failed (${response.status}): ${message}`);
  }
  return payload;
}
