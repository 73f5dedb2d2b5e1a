/**
 * The bridge over a host's own transport: a plain object whose `request` fails the way OpenClaw's
 * browser client does (an Error carrying the gateway's `code`/`gatewayCode` and `details`, a plain
 * Error when not connected, `CLIENT_TIMEOUT`). The store must read the same reasons from it as from
 * the kit's own client.
 */
import { afterEach, beforeEach, expect, it } from "vitest";
import { connectQuestions } from "../../src/bridge/index.js";
import type { AskUserTransport, QuestionRecord } from "../../src/contract/index.js";
import { createAskUserStore, selectPrompt } from "../../src/store/index.js";
import type { AskUserStore } from "../../src/store/types.js";

const NOW = Date.now();

const record = (overrides: Partial<QuestionRecord> = {}): QuestionRecord => ({
  id: "ask_1",
  questions: [{ questionId: "target", header: "Target", question: "Where?", options: [{ label: "Chat" }, { label: "Email" }], isOther: true }],
  createdAtMs: NOW,
  expiresAtMs: NOW + 600_000,
  status: "pending",
  ...overrides,
});

/** OpenClaw's `GatewayRequestError`: the gateway's code twice, and its details. */
function refusal(code: string, message: string, reason: string): Error {
  return Object.assign(new Error(message), { name: "GatewayRequestError", code, gatewayCode: code, details: { reason }, retryable: false });
}

let store: AskUserStore;
let disconnect: () => void;
/** What the host's gateway holds, and how its resolve fails. */
let held: QuestionRecord;
let resolveFails: unknown;

/** The few lines a host writes over its own client; this one's client answers from `held`. */
function hostTransport(): AskUserTransport {
  return {
    async request(method, params) {
      if (method === "question.list") return { questions: held.status === "pending" ? [held] : [] };
      if (method === "question.get") return { question: held };
      if (method === "question.resolve") throw resolveFails;
      throw new Error(`unexpected ${method} ${JSON.stringify(params)}`);
    },
    onEvent: () => () => {},
    getStatus: () => "connected",
    onStatus: () => () => {},
  };
}

/** Resolves once prompt ask_1 has a status `done` accepts. */
function until(done: (status: string | undefined) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done(selectPrompt(store.getState(), "ask_1")?.status)) return;
      unsubscribe();
      resolve();
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
}

/** Submits an answer and waits until the failed resolve has been dealt with. */
async function submitAndSettle(): Promise<void> {
  store.getState().pickOption("ask_1", "target", "Chat");
  expect(store.getState().submit("ask_1")).toMatchObject({ ok: true });
  await until((status) => status !== "submitting");
}

beforeEach(async () => {
  store = createAskUserStore({ storage: null, autoExpire: false });
  held = record();
  disconnect = connectQuestions(hostTransport(), store);
  await until((status) => status === "pending");
});

afterEach(() => {
  disconnect();
  store.destroy();
});

it("marks the prompt unavailable when the host's client refuses with QUESTION_NOT_FOUND", async () => {
  resolveFails = refusal("INVALID_REQUEST", "question 'ask_1' was not found", "QUESTION_NOT_FOUND");
  await submitAndSettle();
  expect(selectPrompt(store.getState(), "ask_1")?.status).toBe("unavailable");
});

it("reads the record after QUESTION_ALREADY_TERMINAL and shows who won", async () => {
  resolveFails = refusal("INVALID_REQUEST", "question 'ask_1' is already answered", "QUESTION_ALREADY_TERMINAL");
  held = record({ status: "answered", answers: { answers: { target: ["Email"] } } });
  await submitAndSettle();
  expect(selectPrompt(store.getState(), "ask_1")).toMatchObject({
    status: "answered",
    outcomeSource: "elsewhere",
    answers: { target: ["Email"] },
  });
});

it("keeps the prompt pending with the gateway's reason after QUESTION_INVALID_ANSWER", async () => {
  resolveFails = refusal("INVALID_REQUEST", "question 'target' contains an empty answer", "QUESTION_INVALID_ANSWER");
  await submitAndSettle();
  expect(selectPrompt(store.getState(), "ask_1")).toMatchObject({
    status: "pending",
    error: { reason: "QUESTION_INVALID_ANSWER", code: "INVALID_REQUEST", message: "question 'target' contains an empty answer" },
  });
});

it("says Not connected when the host's client rejects with a plain Error", async () => {
  resolveFails = new Error("gateway not connected");
  await submitAndSettle();
  expect(selectPrompt(store.getState(), "ask_1")).toMatchObject({
    status: "pending",
    error: { reason: "NOT_CONNECTED", code: "DISCONNECTED" },
  });
});

it("reads a timed-out resolve's record, then offers Retry with the reason TIMEOUT", async () => {
  resolveFails = Object.assign(new Error("gateway request timed out after 30000ms: question.resolve"), { code: "CLIENT_TIMEOUT" });
  await submitAndSettle();
  expect(selectPrompt(store.getState(), "ask_1")).toMatchObject({ status: "pending", error: { reason: "TIMEOUT", code: "TIMEOUT" } });
});
