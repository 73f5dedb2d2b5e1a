/**
 * The scripted demo agent. It plays the part of OpenClaw's `ask_user` tool inside an agent run:
 * validates the model's input as the tool does, asks over the gateway protocol
 * (`question.request` with the run's `runId` and `sessionKey`), waits with `question.waitAnswer`,
 * and turns the outcome into the tool result the model would read.
 *
 * It speaks the protocol as a `gateway-client`/`backend` client from Node: that client keeps
 * `operator.questions` with a bare token on the embedded gateway and on a real OpenClaw gateway
 * alike, so one code path serves both.
 */
import WebSocket from "ws";
import { type GatewayClient, type WebSocketConstructor, GatewayError, createGatewayClient } from "../../src/client/index.js";
import { QUESTION_ERROR_REASONS, formatToolResultText, normalizeAskUserInput, toToolResult } from "../../src/contract/index.js";
import type { QuestionAnswers, QuestionStatus } from "../../src/contract/types.js";
import type { DemoRun, StartRefusal } from "../api-types.js";
import { type Demo, type DemoLanguage, demoTurn, findDemo } from "../demos.js";
import { DEFAULT_SESSION_KEY } from "../sessions.js";

export type StartResult = { ok: true; run: DemoRun } | { ok: false; status: 400 | 409 | 502; reason: StartRefusal; message: string };

export interface DemoAgent {
  readonly gateway: GatewayClient;
  /**
   * Asks in `sessionKey` (canonical; default the main session), one question per session at a
   * time; `null` asks with no session (a background job's question), which no such limit holds.
   */
  start(demoName: string, sessionKey?: string | null, language?: DemoLanguage): Promise<StartResult>;
  runs(): DemoRun[];
  get(runId: string): DemoRun | undefined;
  /** Resolves with the run once it is no longer `waiting`, or as it is after `timeoutMs`. */
  waitForEnd(runId: string, timeoutMs: number): Promise<DemoRun | undefined>;
  close(): void;
}

export interface DemoAgentOptions {
  url: string;
  token?: string;
}

/** One `question.waitAnswer` call waits at most this long, then the agent asks again. */
const WAIT_SLICE_MS = 20_000;
/** How long a demo waits for the agent's connection before reporting the gateway unreachable. */
const CONNECT_GRACE_MS = 5_000;
/** The tool's refusal when its session already has a question open. */
const BUSY_MESSAGE = "ask_user already has a pending question for this session; wait for it to resolve before asking another";

export function createDemoAgent({ url, token }: DemoAgentOptions): DemoAgent {
  const gateway = createGatewayClient({
    url,
    ...(token ? { token } : {}),
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    client: { id: "gateway-client", mode: "backend", displayName: "ask-user-kit playground agent" },
  });
  const runs = new Map<string, DemoRun>();
  const waiters = new Map<string, Set<() => void>>();
  let closed = false;
  let runCounter = 0;
  /** Sessions with a `question.request` on the wire: they count as busy. */
  const starting = new Set<string>();

  const settle = (run: DemoRun, changes: Partial<DemoRun>) => {
    Object.assign(run, changes);
    const waiting = waiters.get(run.runId);
    waiters.delete(run.runId);
    for (const wake of waiting ?? []) wake();
  };

  /** Resolves once the agent's connection is up (or the agent closed, or `limitMs` passed). */
  const connected = (limitMs?: number) =>
    new Promise<void>((resolve) => {
      if (closed || gateway.getStatus() === "connected") return resolve();
      const done = () => {
        stop();
        clearTimeout(timer);
        resolve();
      };
      const stop = gateway.onStatus((status) => {
        if (status === "connected" || closed) done();
      });
      const timer = limitMs === undefined ? undefined : setTimeout(done, limitMs);
    });

  async function follow(run: DemoRun): Promise<void> {
    while (!closed) {
      try {
        const result = await gateway.request<{ status?: QuestionStatus; answers?: QuestionAnswers }>(
          "question.waitAnswer",
          { id: run.questionId, timeoutMs: WAIT_SLICE_MS },
          { timeoutMs: WAIT_SLICE_MS + 10_000 },
        );
        if (result.status === "pending" || result.status === undefined) continue;
        const outcome = result.status;
        const toolResult = toToolResult({ status: outcome, ...(result.answers ? { answers: result.answers } : {}) });
        const toolResultText = formatToolResultText(run.questions, toolResult, outcome === "answered" ? {} : { noAnswerStatus: outcome });
        settle(run, { status: "finished", outcome, toolResult, toolResultText });
        return;
      } catch (error) {
        if (closed) return;
        if (error instanceof GatewayError && error.reason === QUESTION_ERROR_REASONS.notFound) {
          settle(run, {
            status: "failed",
            error: "The gateway no longer knows this question (it restarted). A real agent run dies with its gateway, so the tool never returned.",
          });
          return;
        }
        // The connection dropped (a gateway restart, say): ask again once it is back.
        await connected();
      }
    }
  }

  async function start(demoName: string, sessionKey: string | null = DEFAULT_SESSION_KEY, language: DemoLanguage = "en"): Promise<StartResult> {
    const demo: Demo | undefined = findDemo(demoName);
    if (!demo) return { ok: false, status: 400, reason: "unknown-demo", message: `unknown demo ${JSON.stringify(demoName)}` };
    const turn = demoTurn(demo, language);
    const normalized = normalizeAskUserInput(turn.input);
    if (!normalized.ok) {
      return {
        ok: false,
        status: 400,
        reason: "invalid-input",
        message: normalized.errors.map((error) => `${error.path || "/"}: ${error.message}`).join("; "),
      };
    }
    const busy =
      sessionKey !== null &&
      (starting.has(sessionKey) || [...runs.values()].some((run) => run.sessionKey === sessionKey && run.status === "waiting"));
    if (busy) return { ok: false, status: 409, reason: "session-busy", message: BUSY_MESSAGE };
    runCounter += 1;
    const runId = `playground-${Date.now().toString(36)}-${runCounter}`;
    const { questions, timeoutSeconds } = normalized.value;
    let accepted: { id: string; expiresAtMs: number };
    let createdAtMs: number;
    if (sessionKey !== null) starting.add(sessionKey);
    try {
      // Right after a gateway restart the client is still reconnecting; give it a moment.
      await connected(CONNECT_GRACE_MS);
      createdAtMs = Date.now();
      accepted = await gateway.request<{ id: string; expiresAtMs: number }>("question.request", {
        questions,
        ...(sessionKey === null ? {} : { sessionKey }),
        runId,
        timeoutMs: timeoutSeconds * 1000,
      });
    } catch (error) {
      return {
        ok: false,
        status: 502,
        reason: "gateway-refused",
        message: `the gateway refused question.request: ${error instanceof Error ? error.message : String(error)}`,
      };
    } finally {
      if (sessionKey !== null) starting.delete(sessionKey);
    }
    const run: DemoRun = {
      runId,
      sessionKey,
      createdAtMs,
      demo: demo.name,
      title: demo.title,
      intro: turn.intro,
      input: turn.input,
      questionId: accepted.id,
      questions,
      expiresAtMs: accepted.expiresAtMs,
      status: "waiting",
    };
    runs.set(runId, run);
    void follow(run);
    return { ok: true, run };
  }

  return {
    gateway,
    start,
    runs: () => [...runs.values()],
    get: (runId) => runs.get(runId),
    waitForEnd(runId, timeoutMs) {
      const run = runs.get(runId);
      if (!run || run.status !== "waiting" || closed) return Promise.resolve(run);
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          waiters.get(runId)?.delete(wake);
          resolve(run);
        };
        const timer = setTimeout(wake, timeoutMs);
        let set = waiters.get(runId);
        if (!set) waiters.set(runId, (set = new Set()));
        set.add(wake);
      });
    },
    close() {
      closed = true;
      for (const set of waiters.values()) for (const wake of [...set]) wake();
      waiters.clear();
      gateway.close();
    },
  };
}
