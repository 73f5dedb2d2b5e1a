/**
 * A fresh world per story: its own store, and — for gateway-fed stories — its own embedded gateway
 * reached through an in-memory WebSocket by the real client and bridge. Stories build one in a
 * loader; the preview's decorator mounts the provider on it and its `beforeEach` disposes it.
 */
import { createGatewayClient, type GatewayClient } from "../../src/client/index.js";
import { connectQuestions, createQuestionClient, type QuestionClient } from "../../src/bridge/index.js";
import { detectCredential } from "../../src/contract/credential-guard.js";
import type { AnswerMap, AskUserToolResult, QuestionRecord } from "../../src/contract/types.js";
import { createAskUserStore } from "../../src/store/index.js";
import type { AskUserStore, AskUserStoreState } from "../../src/store/types.js";
import { createInMemoryWebSocket, createLocalGateway, type LocalGateway } from "../../src/testing/index.js";
import type { AskUserInput } from "./questions.js";

export interface StoryKit {
  store: AskUserStore;
  /** Runs once after the story first rendered (for states reached from an open panel). */
  afterMount?: (kit: StoryKit) => void;
  /** Only for gateway-fed kits. */
  gateway?: LocalGateway;
  /** The tool results of the questions asked, in `asks` order (gateway-fed kits). */
  results: Promise<AskUserToolResult>[];
  /** Record ids, in `records` / `asks` order. */
  ids: string[];
  dispose(): void;
}

export interface FixtureKitOptions {
  /** Built when the story loads (so expiry times count from then), oldest first. */
  records?: () => QuestionRecord[];
  /** Store writes before the first render (picks, steps, submit…). */
  setup?: (state: () => AskUserStoreState, ids: string[]) => void;
  afterMount?: (kit: StoryKit) => void;
  /** Default `connected`, so submit and Skip are accepted (nothing answers them). */
  connection?: AskUserStoreState["connection"];
}

/**
 * No persistence (ids repeat across stories) and no auto-expiry unless a story wants the clock.
 * The stories show the whole kit, so they opt in to the credential detector.
 */
function freshStore(autoExpire: boolean): AskUserStore {
  return createAskUserStore({ storage: null, autoExpire, detectCredential });
}

export function createFixtureKit(options: FixtureKitOptions = {}): StoryKit {
  const store = freshStore(true);
  const records = options.records?.() ?? [];
  const state = () => store.getState();
  state().setConnection(options.connection ?? "connected");
  for (const record of records) state().upsertRecord(record);
  const ids = records.map((record) => record.id);
  options.setup?.(state, ids);
  return {
    store,
    ids,
    results: [],
    ...(options.afterMount ? { afterMount: options.afterMount } : {}),
    dispose: () => store.destroy(),
  };
}

export interface GatewayAsk {
  input: AskUserInput;
  /** Default `main` (the gateway stores it as `agent:main:main`). */
  sessionKey?: string;
  runId?: string;
}

export interface GatewayKitOptions {
  asks: GatewayAsk[];
  setup?: (state: () => AskUserStoreState, ids: string[]) => void;
  afterMount?: (kit: StoryKit) => void;
}

const GATEWAY_URL = "ws://embedded-gateway.invalid/";

/**
 * The agent asks through the embedded gateway (`gateway.ask`, which resolves with the tool
 * result); the store hears about it through the real client and bridge. Resolves once every
 * question is in the store.
 */
export async function createGatewayKit(options: GatewayKitOptions): Promise<StoryKit> {
  const gateway = createLocalGateway();
  const store = freshStore(true);
  const client = createGatewayClient({ url: GATEWAY_URL, WebSocket: createInMemoryWebSocket(gateway) });
  const disconnect = connectQuestions(client, store);
  const results = options.asks.map((ask, index) =>
    gateway.ask(ask.input, { sessionKey: ask.sessionKey ?? "main", runId: ask.runId ?? `run_story_${index + 1}` }),
  );
  const dispose = () => {
    disconnect();
    client.close();
    gateway.close();
    store.destroy();
  };
  // An input the tool refuses rejects its `ask` at once: fail the story with the tool's words.
  const refused = Promise.race(results.map((result) => result.then(() => new Promise<never>(() => {}))));
  try {
    await Promise.race([
      waitForStore(
        store,
        (state) => state.connection === "connected" && Object.keys(state.prompts).length === options.asks.length,
        "every asked question to reach the store",
      ),
      refused,
    ]);
  } catch (error) {
    dispose();
    throw error;
  }
  // `gateway.records()` is oldest first, the order the questions were asked in.
  const ids = gateway.records().map((record) => record.id);
  options.setup?.(() => store.getState(), ids);
  return { store, gateway, ids, results, ...(options.afterMount ? { afterMount: options.afterMount } : {}), dispose };
}

/** Another tab on the same gateway, for "answered elsewhere". Close it when done. */
export function openOtherTab(gateway: LocalGateway): { questions: QuestionClient; close(): void; ready: Promise<void> } {
  const client: GatewayClient = createGatewayClient({ url: GATEWAY_URL, WebSocket: createInMemoryWebSocket(gateway) });
  const questions = createQuestionClient(client);
  const ready = new Promise<void>((resolve) => {
    if (client.getStatus() === "connected") resolve();
    const stop = client.onStatus((status) => {
      if (status !== "connected") return;
      stop();
      resolve();
    });
  });
  return { questions, ready, close: () => client.close() };
}

/** How long a story waits for something the gateway or store should do at once. */
const GUARD_MS = 5_000;

/** Resolves when `done(state)` holds; rejects naming `what` when it does not happen in time. */
export function waitForStore(store: AskUserStore, done: (state: AskUserStoreState) => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (done(store.getState())) return resolve();
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`Timed out waiting for ${what}.`));
    }, GUARD_MS);
    const stop = store.subscribe((state) => {
      if (!done(state)) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** `promise`, or a rejection naming `what` when it does not settle in time (a hang would hide the failure). */
export function settleSoon<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}.`)), GUARD_MS);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

/** The wire form of an answered tool result, for exact comparisons. */
export function answered(answers: AnswerMap): AskUserToolResult {
  return { status: "answered", answers: { answers } };
}

/** The kit a story's loader made; throws naming the fix when the story has none. */
export function kitOf(context: { loaded: Record<string, unknown> }): StoryKit {
  const kit = context.loaded.kit as StoryKit | undefined;
  if (!kit) throw new Error("This story has no kit: add `loaders: [fixtures(...)]` or `loaders: [gatewayFed(...)]`.");
  return kit;
}

/** Loader helpers: `loaders: [fixtures({...})]`. */
export const fixtures =
  (options: FixtureKitOptions = {}) =>
  async () => ({ kit: createFixtureKit(options) });
export const gatewayFed = (options: GatewayKitOptions) => async () => ({ kit: await createGatewayKit(options) });
