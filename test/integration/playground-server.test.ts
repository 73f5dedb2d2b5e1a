// `npm start` end to end: the playground process serves the page and its config, runs the embedded
// gateway, and its demo agent asks real questions through that gateway; a raw protocol client
// answers them, and the agent reports the tool result the model would get. Each chat session has
// its own turn of questions. SIGTERM stops it with 0, and it never outlives `npm start` or the
// process that started it.
import { connect as connectTcp } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { DemoRun, PlaygroundConfig } from "../../playground/api-types.js";
import { TOOL_RESULT_TEXT } from "../../src/contract/index.js";
import { type RawGatewayClient, connectRawGatewayClient } from "./support/raw-gateway-client.js";
import { type PlaygroundProcess, startPlayground, startUnderShell, startWithNpm } from "../playground/playground-process.js";
import { type ProcessId, isRunning, processTree } from "../playground/process-tree.js";

let playground: PlaygroundProcess;
let config: PlaygroundConfig;
let raw: RawGatewayClient;

beforeAll(async () => {
  playground = await startPlayground();
  config = (await (await fetch(`${playground.url}/api/config`)).json()) as PlaygroundConfig;
}, 60_000);

afterAll(async () => {
  await raw?.close();
  await playground?.stop();
});

async function api(method: "GET" | "POST", path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${playground.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { run?: DemoRun; error?: string } };
}

async function startDemo(demo: string, sessionKey?: string): Promise<DemoRun> {
  const started = await api("POST", "/api/runs", { demo, ...(sessionKey === undefined ? {} : { sessionKey }) });
  expect(started.status, started.body.error).toBe(201);
  return started.body.run as DemoRun;
}

async function runAfterEnd(runId: string): Promise<DemoRun> {
  const { status, body } = await api("GET", `/api/runs/${runId}?wait=1`);
  expect(status).toBe(200);
  return body.run as DemoRun;
}

describe("playground server", () => {
  test("prints its URL on 127.0.0.1 and serves the page with its app root", async () => {
    expect(playground.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const page = await fetch(playground.url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="playground-root"></div>');
    const entry = await fetch(`${playground.url}/src/main.tsx`);
    expect(entry.status).toBe(200);
  });

  test("hands the page the embedded gateway's URL and token and the demo list", () => {
    expect(config.gateway.url).toBe(playground.gatewayUrl);
    expect(config.gateway.embedded).toBe(true);
    expect(config.gateway.token).toEqual(expect.any(String));
    expect(config.demos.map((demo) => demo.name)).toEqual(["single", "multi", "three", "timeout"]);
  });

  test("the embedded gateway answers a raw connect with the token", async () => {
    const connected = await connectRawGatewayClient(config.gateway.url, {
      token: config.gateway.token ?? "",
      clientId: "cli",
      mode: "cli",
    });
    raw = connected.client;
    expect(connected.hello.ok).toBe(true);
    expect(connected.hello.payload).toMatchObject({ type: "hello-ok", auth: { scopes: ["operator.questions"] } });
  });

  test.each([
    {
      demo: "single",
      resolve: { answers: { answers: { deploy_target: ["Staging (Recommended)"] } } },
      toolResult: { status: "answered", answers: { answers: { deploy_target: ["Staging (Recommended)"] } } },
      text: "Target: Staging (Recommended)",
      outcome: "answered",
    },
    {
      demo: "multi",
      resolve: { answers: { answers: { checks: ["Changelog", "Unit tests"] } } },
      toolResult: { status: "answered", answers: { answers: { checks: ["Changelog", "Unit tests"] } } },
      text: "Checks: Changelog, Unit tests",
      outcome: "answered",
    },
    {
      demo: "three",
      resolve: { cancel: true },
      toolResult: { status: "no_answer" },
      text: TOOL_RESULT_TEXT.cancelled,
      outcome: "cancelled",
    },
  ])(
    "$demo: the agent asks through the gateway and reports the tool result ($outcome)",
    async ({ demo, resolve, toolResult, text, outcome }) => {
      const run = await startDemo(demo);
      expect(run).toMatchObject({ status: "waiting", sessionKey: "agent:main:main" });
      const requested = await raw.waitForEvent("question.requested", (payload) => (payload as { id?: string }).id === run.questionId);
      expect(requested.payload).toMatchObject({ runId: run.runId, sessionKey: "agent:main:main", status: "pending" });
      expect(run.createdAtMs).toBeLessThanOrEqual((requested.payload as { createdAtMs: number }).createdAtMs);
      expect((requested.payload as { questions: unknown[] }).questions).toEqual(run.questions);

      const resolved = await raw.request("question.resolve", { id: run.questionId, ...resolve });
      expect(resolved.ok, JSON.stringify(resolved.error)).toBe(true);

      const ended = await runAfterEnd(run.runId);
      expect(ended).toMatchObject({ status: "finished", outcome, toolResult });
      expect(ended.toolResultText).toBe(`${text}\n\n${JSON.stringify(toolResult, null, 2)}`);
    },
    30_000,
  );

  test("a second question in the session while one waits is refused as the tool refuses it", async () => {
    const run = await startDemo("single");
    const second = await api("POST", "/api/runs", { demo: "multi" });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatch(/already has a pending question for this session/);
    expect((await raw.request("question.resolve", { id: run.questionId, cancel: true })).ok).toBe(true);
    expect((await runAfterEnd(run.runId)).toolResult).toEqual({ status: "no_answer" });
  }, 30_000);

  test("each session has its own question: one waiting in ops does not hold up the main session", async () => {
    const ops = await startDemo("single", "ops");
    expect(ops.sessionKey).toBe("agent:main:ops");
    const requested = await raw.waitForEvent("question.requested", (payload) => (payload as { id?: string }).id === ops.questionId);
    expect(requested.payload).toMatchObject({ sessionKey: "agent:main:ops", runId: ops.runId });
    expect((await api("POST", "/api/runs", { demo: "multi", sessionKey: "agent:main:ops" })).status).toBe(409);
    const main = await startDemo("multi");
    expect(main.sessionKey).toBe("agent:main:main");
    for (const run of [ops, main]) expect((await raw.request("question.resolve", { id: run.questionId, cancel: true })).ok).toBe(true);
    for (const run of [ops, main]) expect((await runAfterEnd(run.runId)).status).toBe("finished");
  }, 30_000);

  test.each<{ name: string; body: unknown; headers: Record<string, string>; status: number; error: RegExp }>([
    { name: "an unknown demo", body: { demo: "nope" }, headers: {}, status: 400, error: /unknown demo "nope"/ },
    { name: "a body without a demo", body: {}, headers: {}, status: 400, error: /send \{"demo": "<name>"\}/ },
    {
      name: "a session key that names no session",
      body: { demo: "single", sessionKey: "  " },
      headers: {},
      status: 400,
      error: /sessionKey must be a session key/,
    },
    {
      name: "another site's page",
      body: { demo: "single" },
      headers: { origin: "https://evil.example" },
      status: 403,
      error: /may not use the playground API/,
    },
  ])("refuses $name", async ({ body, headers, status, error }) => {
    const refused = await api("POST", "/api/runs", body, headers);
    expect(refused.status).toBe(status);
    expect(refused.body.error).toMatch(error);
  });

  test("restarting the embedded gateway drops the waiting question; the agent reconnects and asks again", async () => {
    const run = await startDemo("timeout");
    const requested = await raw.waitForEvent("question.requested", (payload) => (payload as { id?: string }).id === run.questionId);
    const record = requested.payload as { createdAtMs: number; expiresAtMs: number };
    expect(record.expiresAtMs - record.createdAtMs).toBe(30_000);
    const restarted = await api("POST", "/api/gateway/restart");
    expect(restarted.status).toBe(200);
    expect((await raw.closed).code).toBe(1012);

    const lost = await runAfterEnd(run.runId);
    expect(lost.status).toBe("failed");
    expect(lost.error).toMatch(/restarted/);

    const next = await startDemo("single");
    raw = (await connectRawGatewayClient(config.gateway.url, { token: config.gateway.token ?? "", clientId: "cli", mode: "cli" })).client;
    expect((await raw.request("question.get", { id: next.questionId })).payload).toMatchObject({
      question: { id: next.questionId, status: "pending" },
    });
    expect((await raw.request("question.resolve", { id: next.questionId, answers: { answers: { deploy_target: ["Production"] } } })).ok).toBe(true);
    expect((await runAfterEnd(next.runId)).toolResult).toEqual({
      status: "answered",
      answers: { answers: { deploy_target: ["Production"] } },
    });
  }, 30_000);

  test("SIGTERM closes the page server and the gateway and exits 0", async () => {
    await raw.close();
    const { port } = new URL(playground.url);
    const gatewayPort = new URL(config.gateway.url).port;
    expect(await playground.stop()).toEqual({ code: 0, signal: null });
    expect(await portOpen(Number(port))).toBe(false);
    expect(await portOpen(Number(gatewayPort))).toBe(false);
  }, 20_000);
});

describe.skipIf(process.platform !== "linux")("the playground never outlives what started it", () => {
  /** Waits until every process of `tree` has ended and `url`'s port is closed; kills what is left if not. */
  async function expectAllGone(tree: readonly ProcessId[], url: string): Promise<void> {
    try {
      await expect.poll(() => tree.filter(isRunning).map(({ pid }) => pid), { timeout: 15_000, interval: 100 }).toEqual([]);
      expect(await portOpen(Number(new URL(url).port))).toBe(false);
    } finally {
      // Only processes this test started (npm's children included); a failed run must not leak them.
      for (const process_ of tree.filter(isRunning)) process.kill(process_.pid, "SIGKILL");
    }
  }

  test("SIGTERM to the npm of `npm start` stops the server too", async () => {
    const started = await startWithNpm();
    const tree = processTree(started.child.pid ?? -1);
    // npm, sh, the server (and the server's esbuild service).
    expect(tree.length).toBeGreaterThanOrEqual(3);
    expect((await fetch(started.url)).status).toBe(200);
    process.kill(started.child.pid ?? -1, "SIGTERM");
    await expectAllGone(tree, started.url);
  }, 60_000);

  test("the server stops when its parent is killed outright", async () => {
    const started = await startUnderShell();
    const tree = processTree(started.child.pid ?? -1);
    expect(tree.length).toBeGreaterThanOrEqual(2);
    process.kill(started.child.pid ?? -1, "SIGKILL");
    await expectAllGone(tree, started.url);
  }, 60_000);
});

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
