/**
 * The resolve round trip, three ways over one gateway, samples interleaved (the order rotates each
 * round), for bench/control-ui/resolve-round-trip.ts (the real OpenClaw gateway, its own process).
 *  - kit: `store.submit()` → bridge → gateway client → `question.resolve` → the prompt is
 *    `answered` in the store;
 *  - kit client: `questions.resolve()` of the question client (the bridge stays connected, as in
 *    any host, so its store still hears the `question.resolved` broadcast);
 *  - raw: a bare `ws` socket sends the `question.resolve` frame and parses the reply.
 * Every socket is stamped with when each frame arrived, so the report can say how often a frame
 * for another client of this process was handled inside a side's timed span (all clients share
 * one event loop: the other clients' handling of the broadcast would otherwise be invisible).
 */
import WebSocket from "ws";
import { createGatewayClient } from "../src/client/index.js";
import { connectQuestions, createQuestionClient } from "../src/bridge/index.js";
import { createAskUserStore } from "../src/store/index.js";
import type { AskUserStore } from "../src/store/types.js";
import { median, quantile } from "./stats.js";

export type SideKey = "kit" | "client" | "raw";

export interface ResolveTarget {
  url: string;
  token: string;
  /**
   * Asks one question (the answers below must fit it). A span starts once `ready` has settled
   * (the asker's reply: the gateway has taken the request) and both clients have the question;
   * the round awaits `after` once the span ends (the embedded gateway's agent call, which ends
   * only with the answer).
   */
  ask(): { ready?: Promise<unknown>; after?: Promise<unknown> };
  /** question id → the one label picked (single-select questions). */
  answers: Record<string, readonly string[]>;
  /** Arrival times of frames for another client of this process (the asker), if any. */
  otherStamps?: number[];
}

export interface SideResult {
  times: number[];
  median: number;
  p90: number;
  /** Samples in whose timed span a frame for another client of this process was handled. */
  crossed: number;
}

export interface ResolveRun {
  sides: Record<SideKey, SideResult>;
  /** The most prompts a store held when it was replaced. */
  largestTranscript: number;
}

interface Frame {
  type: string;
  id?: string;
  ok?: boolean;
  event?: string;
  payload?: { id?: string } & Record<string, unknown>;
}

/** `ws` with every incoming frame's arrival noted (performance.now()) before any listener runs. */
function stampedSocket(stamps: number[]) {
  return class StampedWebSocket extends WebSocket {
    constructor(url: string) {
      super(url);
      this.prependListener("message", () => {
        stamps.push(performance.now());
        if (stamps.length > 64) stamps.splice(0, 32);
      });
    }
  };
}

/** A bare protocol client: waits for the challenge, connects as `cli`, then one request at a time. */
async function rawClient(url: string, token: string, stamps: number[]) {
  const socket = new (stampedSocket(stamps))(url);
  const replies = new Map<string, (frame: Frame) => void>();
  const requested: ((id: string) => void)[] = [];
  const resolved = new Set<string>();
  let onResolved: (id: string) => void = () => {};
  let challenged: () => void = () => {};
  const challenge = new Promise<void>((resolve) => (challenged = resolve));
  socket.on("message", (data) => {
    const frame = JSON.parse(String(data)) as Frame;
    if (frame.type === "res" && frame.id) replies.get(frame.id)?.(frame);
    else if (frame.type === "event" && frame.event === "question.requested" && typeof frame.payload?.id === "string")
      requested.shift()?.(frame.payload.id);
    else if (frame.type === "event" && frame.event === "question.resolved" && typeof frame.payload?.id === "string") onResolved(frame.payload.id);
    else if (frame.type === "event" && frame.event === "connect.challenge") challenged();
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
  await challenge;
  const hello = await request("connect", {
    minProtocol: 4,
    maxProtocol: 4,
    client: { id: "cli", version: "bench", platform: process.platform, mode: "cli" },
    role: "operator",
    scopes: ["operator.questions"],
    caps: [],
    auth: { token },
  });
  if (!hello.ok) throw new Error(`raw connect failed: ${JSON.stringify(hello)}`);
  return {
    nextRequested: () => new Promise<string>((resolve) => requested.push(resolve)),
    /** Calls `listener` with the id of every `question.resolved` broadcast. */
    onResolved: (listener: (id: string) => void) => (onResolved = listener),
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

/**
 * Runs `warmup + samples` rounds, each timing one resolve per side. The kit's store keeps every
 * settled prompt (the transcript) and settling one costs more as it grows, so the store is
 * replaced every `roundsPerStore` rounds.
 */
export async function measureResolveSides(
  target: ResolveTarget,
  { warmup, samples, roundsPerStore }: { warmup: number; samples: number; roundsPerStore: number },
): Promise<ResolveRun> {
  const kitStamps: number[] = [];
  const rawStamps: number[] = [];
  const client = createGatewayClient({ url: target.url, token: target.token, WebSocket: stampedSocket(kitStamps) as never });
  const questions = createQuestionClient(client);
  const raw = await rawClient(target.url, target.token, rawStamps);
  await new Promise<void>((resolve, reject) => {
    if (client.getStatus() === "connected") return resolve();
    const timer = setTimeout(() => reject(new Error(`kit client did not connect: ${client.getLastError()?.message ?? client.getStatus()}`)), 30_000);
    const unsubscribe = client.onStatus((status) => status === "connected" && (clearTimeout(timer), unsubscribe(), resolve()));
  });
  let store = createAskUserStore({ storage: null, autoExpire: false });
  let disconnect = connectQuestions(client, store);
  let largestTranscript = 0;
  const freshStore = () => {
    largestTranscript = Math.max(largestTranscript, Object.keys(store.getState().settled).length);
    disconnect();
    store.destroy();
    store = createAskUserStore({ storage: null, autoExpire: false });
    disconnect = connectQuestions(client, store);
  };
  const answerIds = Object.keys(target.answers);

  /**
   * The gateway's work for a resolve does not end with its reply: OpenClaw broadcasts
   * `question.resolved` once it has written the session (milliseconds later). A round ends only
   * when both timed clients have that broadcast, so no span waits on the previous round's work.
   */
  const broadcasts = new Map<string, { count: number; done(): void }>();
  const hear = (id: string) => {
    const entry = broadcasts.get(id);
    if (!entry || ++entry.count < 2) return;
    broadcasts.delete(id);
    entry.done();
  };
  raw.onResolved(hear);
  const unhear = questions.onResolved((event) => hear(event.id));
  const expectBroadcasts = (id: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`question.resolved for ${id} was not heard by both clients within 30 s`)), 30_000);
      broadcasts.set(id, { count: 0, done: () => (clearTimeout(timer), resolve()) });
    });

  /**
   * Asks a question and waits until both clients have its `question.requested` broadcast, so no
   * side's timed span also carries the other client's delivery of it.
   */
  async function ask(): Promise<{ id: string; accepted: Promise<unknown> }> {
    const arrived = nextPrompt(store);
    const rawArrived = raw.nextRequested();
    const { ready, after } = target.ask();
    const [id, rawId] = await Promise.all([arrived, rawArrived, ready]);
    if (id !== rawId) throw new Error(`the clients saw different questions: ${id} and ${rawId}`);
    return { id, accepted: Promise.all([after, expectBroadcasts(id)]) };
  }

  /** Whether a frame for another client (`others`, or the asker) arrived inside [start, end]. */
  const askerStamps = target.otherStamps ?? [];
  const crossed = (others: number[], start: number, end: number) =>
    others.some((at) => at >= start && at <= end) || askerStamps.some((at) => at >= start && at <= end);

  type Timed = { ms: number; crossed: boolean };
  async function kitSample(): Promise<Timed> {
    const { id, accepted } = await ask();
    const state = store.getState();
    for (const questionId of answerIds) state.pickOption(id, questionId, target.answers[questionId]![0]!);
    const done = answeredIn(store, id);
    const start = performance.now();
    const submitted = store.getState().submit(id);
    if (!submitted.ok) throw new Error(`kit submit refused: ${submitted.message}`);
    await done;
    const end = performance.now();
    await accepted;
    return { ms: end - start, crossed: crossed(rawStamps, start, end) };
  }

  async function clientSample(): Promise<Timed> {
    const { id, accepted } = await ask();
    const start = performance.now();
    await questions.resolve(id, target.answers as Record<string, string[]>);
    const end = performance.now();
    await accepted;
    return { ms: end - start, crossed: crossed(rawStamps, start, end) };
  }

  async function rawSample(): Promise<Timed> {
    const { id, accepted } = await ask();
    const start = performance.now();
    const reply = await raw.request("question.resolve", { id, answers: { answers: target.answers } });
    const end = performance.now();
    if (!reply.ok) throw new Error(`raw resolve failed: ${JSON.stringify(reply)}`);
    await accepted;
    return { ms: end - start, crossed: crossed(kitStamps, start, end) };
  }

  const order: { key: SideKey; sample: () => Promise<Timed>; times: number[]; crossed: number }[] = [
    { key: "kit", sample: kitSample, times: [], crossed: 0 },
    { key: "client", sample: clientSample, times: [], crossed: 0 },
    { key: "raw", sample: rawSample, times: [], crossed: 0 },
  ];
  try {
    for (let i = 0; i < warmup + samples; i += 1) {
      if (i % roundsPerStore === 0) freshStore();
      // The order rotates: whatever drifts during a round (GC, a busy neighbour) falls on every side alike.
      for (let k = 0; k < order.length; k += 1) {
        const side = order[(i + k) % order.length]!;
        const timed = await side.sample();
        await settle();
        if (i < warmup) continue;
        side.times.push(timed.ms);
        if (timed.crossed) side.crossed += 1;
      }
    }
  } finally {
    unhear();
    raw.close();
    disconnect();
    client.close();
    store.destroy();
  }
  const result = (side: (typeof order)[number]): SideResult => ({
    times: side.times,
    median: median(side.times),
    p90: quantile(side.times, 0.9),
    crossed: side.crossed,
  });
  return { sides: { kit: result(order[0]!), client: result(order[1]!), raw: result(order[2]!) }, largestTranscript };
}
