// What every conformance scenario needs: the kit's real client + store + bridge pointed at a
// gateway (optionally through a relay that can cut the network), an agent-side raw client that asks
// questions, and ways to wait on the store and read what the gateway recorded.
import { randomUUID } from "node:crypto";
import WebSocket from "ws";
import type { StoreApi } from "zustand/vanilla";
import { createGatewayClient } from "../../../src/client/index.js";
import { connectQuestions } from "../../../src/bridge/index.js";
import type { Question, QuestionRecord } from "../../../src/contract/index.js";
import { createAskUserStore, selectPrompt } from "../../../src/store/index.js";
import type { AskUserStoreState, PromptEntry } from "../../../src/store/index.js";
import type { GatewayTarget } from "./gateway-target.js";
import { hostTransport, startHostClient } from "./host-client.js";
import { connectRawGatewayClient, type RawGatewayClient } from "./raw-gateway-client.js";

export interface KitUnderTest {
  store: StoreApi<AskUserStoreState>;
  stop(): void | Promise<void>;
}

/**
 * How the kit reaches the gateway: through its own gateway client, or through a host's own
 * connection handed over as an `AskUserTransport` (the kit then opens no socket of its own).
 */
export type Wiring = "kit client" | "host client";

export interface KitOptions {
  storeSetup?: (store: StoreApi<AskUserStoreState>) => void;
  wiring?: Wiring;
}

/** The kit as a host wires it: one store, one connection, the bridge between them. */
export function startKit(url: string, token: string, { storeSetup, wiring = "kit client" }: KitOptions = {}): KitUnderTest {
  const store = createAskUserStore({ storage: null, autoExpire: false });
  storeSetup?.(store);
  if (wiring === "host client") {
    const host = startHostClient(url, token);
    const disconnect = connectQuestions(hostTransport(host), store);
    return {
      store,
      stop() {
        disconnect();
        return host.stop();
      },
    };
  }
  const client = createGatewayClient({
    url,
    token,
    WebSocket: WebSocket as unknown as NonNullable<Parameters<typeof createGatewayClient>[0]["WebSocket"]>,
    // Fast reconnects keep the reconnect scenarios short; the shape of the backoff is unit-tested.
    backoff: { initialMs: 100, maxMs: 400 },
  });
  const disconnect = connectQuestions(client, store);
  return {
    store,
    stop() {
      disconnect();
      client.close();
    },
  };
}

/** Resolves once `predicate` holds for the store's state (checked now and on every change). */
export function waitForState<T>(
  store: StoreApi<AskUserStoreState>,
  predicate: (state: AskUserStoreState) => T | undefined | false,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const check = (state: AskUserStoreState) => {
      const value = predicate(state);
      if (value) {
        cleanup();
        resolve(value);
      }
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(
        new Error(
          `timed out waiting for ${what}; prompts: ${JSON.stringify(allPrompts(store.getState()).map((p) => ({ id: p.id, status: p.status, error: p.error })))}`,
        ),
      );
    }, timeoutMs);
    const unsubscribe = store.subscribe(check);
    const cleanup = () => {
      clearTimeout(timer);
      unsubscribe();
    };
    check(store.getState());
  });
}

/** Open and settled prompts alike (the store keeps them apart). */
export const allPrompts = (state: AskUserStoreState): PromptEntry[] => [...Object.values(state.prompts), ...Object.values(state.settled)];

export const promptWithStatus =
  (id: string, ...statuses: PromptEntry["status"][]) =>
  (state: AskUserStoreState) => {
    const prompt = selectPrompt(state, id);
    return prompt && statuses.includes(prompt.status) ? prompt : undefined;
  };

/** The agent side: a raw protocol client that asks questions and reads records back. */
export async function startAgent(target: GatewayTarget): Promise<Agent> {
  const { client, hello } = await connectRawGatewayClient(target.url, { token: target.token, scopes: ["operator.questions"] });
  if (!hello.ok) throw new Error(`agent connect failed: ${JSON.stringify(hello.error)}`);
  return createAgent(client);
}

export interface Agent {
  raw: RawGatewayClient;
  ask(questions: Question[], options?: { timeoutMs?: number }): Promise<string>;
  record(id: string): Promise<QuestionRecord>;
  resolve(id: string, answers: Record<string, string[]>): Promise<unknown>;
  close(): Promise<void>;
}

function createAgent(raw: RawGatewayClient): Agent {
  return {
    raw,
    async ask(questions, { timeoutMs = 120_000 } = {}) {
      const id = `scenario-${randomUUID().slice(0, 8)}`;
      const reply = await raw.request("question.request", { id, questions, timeoutMs });
      if (!reply.ok) throw new Error(`question.request failed: ${JSON.stringify(reply.error)}`);
      return id;
    },
    async record(id) {
      const reply = await raw.request("question.get", { id });
      if (!reply.ok) throw new Error(`question.get ${id} failed: ${JSON.stringify(reply.error)}`);
      return (reply.payload as { question: QuestionRecord }).question;
    },
    async resolve(id, answers) {
      const reply = await raw.request("question.resolve", { id, answers: { answers } });
      if (!reply.ok) throw new Error(`question.resolve ${id} failed: ${JSON.stringify(reply.error)}`);
      return reply.payload;
    },
    close: () => raw.close(),
  };
}

export const singleChoice = (questionId = "target"): Question => ({
  questionId,
  header: "Target",
  question: "Where should this deploy?",
  options: [{ label: "Staging (Recommended)" }, { label: "Production" }],
  isOther: true,
});

export const multiChoice = (questionId = "checks"): Question => ({
  questionId,
  header: "Checks",
  question: "Which checks should run?",
  options: [{ label: "Lint" }, { label: "Unit tests" }, { label: "E2E" }],
  multiSelect: true,
  isOther: true,
});
