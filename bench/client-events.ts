/**
 * 10,000 `question.requested` frames through the gateway client, the contract parser and the
 * bridge into a store, fed through an in-memory socket (no network) in one burst, the way `ws`
 * delivers the frames of one TCP read. Reported as events/s and as a ratio to `JSON.parse` of the
 * same frames in the same run (goal: at most 1.8×). Every timed phase starts from a collected heap.
 *
 *   npx tsx bench/client-events.ts
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createGatewayClient, type WebSocketLike } from "../src/client/index.js";
import { connectQuestions, createQuestionClient } from "../src/bridge/index.js";
import { createAskUserStore } from "../src/store/index.js";
import { checks, deployTarget, sampleQuestions } from "../src/testing/sample-questions.js";

const FRAMES = 10_000;
const RUNS = 7;

/**
 * Each timed phase starts from a collected heap: otherwise a phase pays for the garbage of the one
 * before it (the previous round's 10,000 stored prompts, dropped with its store), and the figures
 * depend on the order of the phases. The flag set at run time gives the bench `gc` under plain tsx.
 */
setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as (options?: { type: "minor" | "major" }) => void;

/**
 * A full collection also gives the young generation's pages back to the system when they held
 * only garbage (after the JSON.parse phase, every time): the next phase then took ~2,500-3,000
 * page faults (~12 MB of young generation mapped again, 16 µs a fault on this VM) inside its
 * span, 35-50 ms of the client phase's 80-95. So after the collection the young generation is
 * filled with garbage once and emptied by a minor collection: every phase starts with it mapped
 * (the pipeline phase still faults for the old-generation pages its kept prompts need: that is its own).
 */
function collect(): void {
  gc();
  let last: unknown = null;
  for (let index = 0; index < 400_000; index += 1) last = { index, list: [index] };
  if (last === null) throw new Error("unreachable");
  gc({ type: "minor" });
}

const QUESTIONS = sampleQuestions({ questions: [deployTarget, checks] });

function frame(index: number): string {
  return JSON.stringify({
    type: "event",
    event: "question.requested",
    seq: index + 1,
    payload: {
      id: `ask_${index.toString(16).padStart(8, "0")}`,
      questions: QUESTIONS,
      sessionKey: "main",
      runId: `run-${index}`,
      createdAtMs: 1_700_000_000_000 + index,
      expiresAtMs: 4_000_000_000_000,
      status: "pending",
    },
  });
}

/** A socket the bench plays the gateway on: replies to `connect` at once, swallows other requests. */
class BenchSocket implements WebSocketLike {
  static latest: BenchSocket | null = null;
  readyState = 1;
  onopen: WebSocketLike["onopen"] = null;
  onmessage: WebSocketLike["onmessage"] = null;
  onclose: WebSocketLike["onclose"] = null;
  onerror: WebSocketLike["onerror"] = null;
  constructor(readonly url: string) {
    BenchSocket.latest = this;
  }
  send(data: string): void {
    const request = JSON.parse(data) as { id: string; method: string };
    if (request.method === "connect") {
      queueMicrotask(() => this.deliver(JSON.stringify({ type: "res", id: request.id, ok: true, payload: { type: "hello-ok", protocol: 4 } })));
    }
  }
  close(): void {
    this.readyState = 3;
  }
  deliver(data: string): void {
    this.onmessage?.({ data });
  }
}

async function connectedClient() {
  const client = createGatewayClient({ url: "ws://bench", WebSocket: BenchSocket, challengeTimeoutMs: 1 });
  const socket = BenchSocket.latest!;
  socket.onopen?.({});
  socket.deliver(JSON.stringify({ type: "event", event: "connect.challenge", payload: { nonce: "n", ts: Date.now() } }));
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (client.getStatus() !== "connected") throw new Error("bench handshake failed");
  return { client, socket };
}

async function time(fn: () => void): Promise<number> {
  collect();
  const start = performance.now();
  fn();
  // Counted until the bridge's batch (flushed on a microtask) has reached the store.
  await Promise.resolve();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Client + contract parsing only (a no-op listener), to show where the time goes. */
async function clientPhase(frames: readonly string[]): Promise<number> {
  const bare = await connectedClient();
  let received = 0;
  createQuestionClient(bare.client).onRequested(() => {
    received += 1;
  });
  const ms = await time(() => {
    for (const text of frames) bare.socket.deliver(text);
  });
  bare.client.close();
  if (received !== FRAMES) throw new Error(`client delivered ${received} of ${FRAMES}`);
  return ms;
}

/**
 * Each phase is its own function, so what it made dies with its frame: as locals of one loop in
 * main(), the last round's store stayed reachable from the suspended function's registers, and
 * the next JSON.parse and client phases ran beside its 15 MB.
 */
async function pipelinePhase(frames: readonly string[]): Promise<number> {
  const full = await connectedClient();
  const store = createAskUserStore({ storage: null, autoExpire: false });
  const disconnect = connectQuestions(full.client, store);
  const ms = await time(() => {
    for (const text of frames) full.socket.deliver(text);
  });
  const stored = Object.keys(store.getState().prompts).length + Object.keys(store.getState().settled).length;
  disconnect();
  full.client.close();
  store.destroy();
  if (stored !== FRAMES) throw new Error(`store holds ${stored} of ${FRAMES} prompts (problems: ${store.getState().problems.length})`);
  return ms;
}

async function main(): Promise<void> {
  const frames = Array.from({ length: FRAMES }, (_, index) => frame(index));
  const parseMs: number[] = [];
  const clientMs: number[] = [];
  const pipelineMs: number[] = [];
  let sink = 0;

  for (let run = 0; run < RUNS + 1; run += 1) {
    const parse = await time(() => {
      for (const text of frames) sink += (JSON.parse(text) as { seq: number }).seq;
    });
    const clientOnly = await clientPhase(frames);
    const pipeline = await pipelinePhase(frames);
    // The first run warms the JIT and is not counted.
    if (run === 0) continue;
    parseMs.push(parse);
    clientMs.push(clientOnly);
    pipelineMs.push(pipeline);
  }

  const rate = (ms: number) => Math.round((FRAMES / ms) * 1000).toLocaleString("en-US");
  const parse = median(parseMs);
  const clientOnly = median(clientMs);
  const pipeline = median(pipelineMs);
  console.log(`${FRAMES.toLocaleString("en-US")} question.requested frames, median of ${RUNS} runs (Node ${process.version})`);
  console.log(`  JSON.parse only:                 ${parse.toFixed(1)} ms  ${rate(parse)} events/s`);
  console.log(`  client + contract parse:         ${clientOnly.toFixed(1)} ms  ${rate(clientOnly)} events/s  ratio ${(clientOnly / parse).toFixed(2)}×`);
  console.log(`  client + bridge + store:         ${pipeline.toFixed(1)} ms  ${rate(pipeline)} events/s  ratio ${(pipeline / parse).toFixed(2)}× (goal ≤ 1.8×)`);
  if (sink === 0) console.log("");
}

await main();
