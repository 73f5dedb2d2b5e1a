/**
 * Answering a question, end to end over loopback, through the kit vs a raw WebSocket client, all
 * against the same embedded gateway in the same run, samples interleaved.
 *  - kit: `store.submit()` → bridge → gateway client → `question.resolve` → reply parsed by the
 *    contract → the prompt is `answered` in the store;
 *  - kit client: `questions.resolve()` of the question client, to show which layer the time goes
 *    to. The bridge stays connected (as in any host), so its store still settles the prompt from
 *    the `question.resolved` broadcast that comes in the same socket read as the reply: this row
 *    carries the store's handling of that broadcast (~30–40 µs), not only the client's work;
 *  - baseline: a bare `ws` socket sends the `question.resolve` frame and parses the reply.
 * Goal: kit median ≤ 1.1× the raw median. The kit's store keeps every settled prompt (the
 * transcript) and settling one costs more as it grows, so the store is replaced every
 * ROUNDS_PER_STORE rounds: the figure is for a session of up to ~75 prompts.
 *
 *   npx tsx bench/resolve-round-trip.ts
 */
import WebSocket from "ws";
import { createGatewayClient, createQuestionClient } from "../src/client/index.js";
import { connectQuestions } from "../src/bridge/index.js";
import { createAskUserStore } from "../src/store/index.js";
import type { AskUserStore } from "../src/store/types.js";
import { serveLocalGateway } from "../src/testing/node.js";
import { deployTarget, notify } from "../src/testing/sample-questions.js";
import { median, ratio, type BenchFigure } from "./stats.js";

const WARMUP = 30;
const SAMPLES = 300;
const ROUNDS_PER_STORE = 25;
const TOKEN = "bench-token";
const INPUT = { questions: [deployTarget, notify] };
const ANSWERS = { deploy_target: ["Production"], notify: ["The team channel"] };

interface Frame {
  type: string;
  id?: string;
  ok?: boolean;
  event?: string;
  payload?: { id?: string } & Record<string, unknown>;
}

/** A bare protocol client: handshake by hand, then one request at a time. */
async function rawClient(url: string) {
  const socket = new WebSocket(url);
  const replies = new Map<string, (frame: Frame) => void>();
  const requested: ((id: string) => void)[] = [];
  socket.on("message", (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    if (frame.type === "res" && frame.id) replies.get(frame.id)?.(frame);
    else if (frame.type === "event" && frame.event === "question.requested" && typeof frame.payload?.id === "string") requested.shift()?.(frame.payload.id);
  });
  let next = 0;
  const request = (method: string, params: unknown) =>
    new Promise<Frame>((resolve) => {
      const id = `raw-${++next}`;
      replies.set(id, (frame) => {
        replies.delete(id);
        resolve(frame);
      });
      socket.send(JSON.stringify({ type: "req", id, method, params }));
    });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  const hello = await request("connect", {
    minProtocol: 4,
    maxProtocol: 4,
    client: { id: "cli", version: "bench", platform: process.platform, mode: "cli" },
    role: "operator",
    scopes: ["operator.questions"],
    caps: [],
    auth: { token: TOKEN },
  });
  if (!hello.ok) throw new Error(`raw connect failed: ${JSON.stringify(hello)}`);
  return {
    nextRequested: () => new Promise<string>((resolve) => requested.push(resolve)),
    request,
    close: () => socket.close(),
  };
}

/** Resolves with the id of the next prompt that turns up pending in the store. */
function nextPrompt(store: AskUserStore): Promise<string> {
  const known = new Set(Object.keys(store.getState().prompts));
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe((state) => {
      const id = Object.keys(state.prompts).find((candidate) => !known.has(candidate) && state.prompts[candidate]!.status === "pending");
      if (!id) return;
      unsubscribe();
      resolve(id);
    });
  });
}

function answeredIn(store: AskUserStore, id: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const unsubscribe = store.subscribe((state) => {
      const entry = state.settled[id] ?? state.prompts[id];
      if (entry?.status === "answered") {
        unsubscribe();
        resolve();
      } else if (entry?.status === "pending" && entry.error) {
        unsubscribe();
        reject(new Error(`kit resolve failed: ${entry.error.message}`));
      }
    });
  });
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1));

export async function measureResolveRoundTrip(): Promise<BenchFigure[]> {
  const served = await serveLocalGateway({ token: TOKEN });
  const client = createGatewayClient({ url: served.url, token: TOKEN, WebSocket: WebSocket as never });
  const questions = createQuestionClient(client);
  const raw = await rawClient(served.url);
  await new Promise<void>((resolve) => {
    if (client.getStatus() === "connected") return resolve();
    const unsubscribe = client.onStatus((status) => status === "connected" && (unsubscribe(), resolve()));
  });
  let store = createAskUserStore({ storage: null, autoExpire: false });
  let disconnect = connectQuestions(questions, store);
  let largestTranscript = 0;
  const freshStore = () => {
    largestTranscript = Math.max(largestTranscript, Object.keys(store.getState().settled).length);
    disconnect();
    store.destroy();
    store = createAskUserStore({ storage: null, autoExpire: false });
    disconnect = connectQuestions(questions, store);
  };

  /**
   * Asks a question and waits until both clients have its `question.requested` broadcast, so no
   * side's timed span also carries the other client's delivery of it (the sockets are read in
   * turn: the one read later used to be processed inside the kit's span, never inside the raw's).
   */
  async function ask(): Promise<{ id: string; asked: Promise<unknown> }> {
    const arrived = nextPrompt(store);
    const rawArrived = raw.nextRequested();
    const asked = served.gateway.ask(INPUT);
    const [id, rawId] = await Promise.all([arrived, rawArrived]);
    if (id !== rawId) throw new Error(`the clients saw different questions: ${id} and ${rawId}`);
    return { id, asked };
  }

  async function kitSample(): Promise<number> {
    const { id, asked } = await ask();
    const state = store.getState();
    state.pickOption(id, "deploy_target", "Production");
    state.pickOption(id, "notify", "The team channel");
    const done = answeredIn(store, id);
    const start = performance.now();
    const submitted = store.getState().submit(id);
    if (!submitted.ok) throw new Error(`kit submit refused: ${submitted.message}`);
    await done;
    const elapsed = performance.now() - start;
    await asked;
    return elapsed;
  }

  async function clientSample(): Promise<number> {
    const { id, asked } = await ask();
    const start = performance.now();
    await questions.resolve(id, ANSWERS);
    const elapsed = performance.now() - start;
    await asked;
    return elapsed;
  }

  async function rawSample(): Promise<number> {
    const { id, asked } = await ask();
    const start = performance.now();
    const reply = await raw.request("question.resolve", { id, answers: { answers: ANSWERS } });
    const elapsed = performance.now() - start;
    if (!reply.ok) throw new Error(`raw resolve failed: ${JSON.stringify(reply)}`);
    await asked;
    return elapsed;
  }

  const sides = [
    { sample: kitSample, times: [] as number[] },
    { sample: clientSample, times: [] as number[] },
    { sample: rawSample, times: [] as number[] },
  ];
  try {
    for (let i = 0; i < WARMUP + SAMPLES; i += 1) {
      if (i % ROUNDS_PER_STORE === 0) freshStore();
      // The order rotates: whatever drifts during a round (GC, a busy neighbour) falls on every side alike.
      for (let k = 0; k < sides.length; k += 1) {
        const side = sides[(i + k) % sides.length]!;
        const ms = await side.sample();
        await settle();
        if (i >= WARMUP) side.times.push(ms);
      }
    }
  } finally {
    raw.close();
    disconnect();
    client.close();
    store.destroy();
    await served.close();
  }

  const [kitMedian, clientMedian, rawMedian] = sides.map((side) => median(side.times)) as [number, number, number];
  console.log(`resolve round trip over loopback (embedded gateway, ${SAMPLES} interleaved samples per side, Node ${process.version})`);
  console.log(`  raw WebSocket:                          median ${rawMedian.toFixed(3)} ms`);
  console.log(`  kit client (store hears broadcast):     median ${clientMedian.toFixed(3)} ms  ratio ${ratio(clientMedian, rawMedian)}`);
  console.log(`  kit (store → bridge → client → store):  median ${kitMedian.toFixed(3)} ms  ratio ${ratio(kitMedian, rawMedian)} (goal ≤ 1.1×; transcript ≤ ${largestTranscript} prompts)`);
  return [{ name: "resolve round trip, kit / raw WebSocket", value: kitMedian / rawMedian, goal: 1.1 }];
}

if (import.meta.url === `file://${process.argv[1]}`) await measureResolveRoundTrip();
