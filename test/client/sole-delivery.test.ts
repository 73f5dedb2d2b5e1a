import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createGatewayClient, createQuestionClient, type GatewayClient, type QuestionClient } from "../../src/client/index.js";
import type { QuestionRecord } from "../../src/contract/types.js";
import { createFakeSocketClass, handshake, type FakeSocket } from "./support/fake-socket.js";

/**
 * A question.requested record already in the parser's form is kept as it arrived only when the
 * question client was the payload's one listener; any other listener gets a payload the question
 * client's record does not share.
 */
const RECORD = {
  id: "ask_1",
  questions: [{ questionId: "target", header: "Target", question: "Where?", options: [{ label: "Chat" }, { label: "Email" }], isOther: true }],
  createdAtMs: 1_000,
  expiresAtMs: 4_000_000_000_000,
  status: "pending",
};

let socket: FakeSocket;
let gateway: GatewayClient;
let questions: QuestionClient;
/** Every `question.requested` payload JSON.parse made, in order. */
let payloads: unknown[];

beforeEach(async () => {
  const Socket = createFakeSocketClass();
  gateway = createGatewayClient({ url: "ws://127.0.0.1:1", WebSocket: Socket });
  questions = createQuestionClient(gateway);
  socket = Socket.latest();
  await handshake(socket);
  payloads = [];
  const parse = JSON.parse;
  vi.spyOn(JSON, "parse").mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    const value = parse(text, reviver) as { event?: unknown; payload?: unknown };
    if (value?.event === "question.requested") payloads.push(value.payload);
    return value;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  gateway.close();
});

function received(): QuestionRecord[] {
  const records: QuestionRecord[] = [];
  questions.onRequested((record) => records.push(record));
  return records;
}

it("keeps the record as it arrived when the question client is the payload's only listener", () => {
  const records = received();
  socket.event("question.requested", RECORD, 1);
  expect(payloads).toHaveLength(1);
  expect(records).toEqual([RECORD]);
  expect(records[0]).toBe(payloads[0]);
});

it("parses a record another listener was handed too, so that listener's changes never reach it", () => {
  const records = received();
  gateway.onEvent("question.requested", (payload) => {
    const mutable = payload as { id: string; questions: unknown[] };
    mutable.id = "changed";
    mutable.questions.length = 0;
  });
  socket.event("question.requested", RECORD, 1);
  expect(records).toEqual([RECORD]);
  expect(records[0]).not.toBe(payloads[0]);
});

it("parses the record for each of two question listeners: neither shares the other's", () => {
  const first = received();
  const second = received();
  socket.event("question.requested", RECORD, 1);
  expect(first).toEqual([RECORD]);
  expect(second).toEqual([RECORD]);
  expect(first[0]).not.toBe(second[0]);
  expect(first[0]).not.toBe(payloads[0]);
});

it("parses a record that is not in the parser's form even as the only listener (unknown fields dropped)", () => {
  const records = received();
  socket.event("question.requested", { ...RECORD, continuation: { token: "t" } }, 1);
  expect(records).toEqual([RECORD]);
  expect(records[0]).not.toBe(payloads[0]);
});

it("gives a payload passed on by a wrapping listener no right to be kept", () => {
  // A host's wrapper of the connection: its one listener fans the payload out to its own listeners.
  const fanOut = new Set<(payload: unknown, frame: never) => void>();
  gateway.onEvent("question.requested", (payload, frame) => {
    for (const listener of fanOut) listener(payload, frame as never);
  });
  const wrapper: GatewayClient = { ...gateway, onEvent: (_event, listener) => (fanOut.add(listener), () => fanOut.delete(listener)) };
  const records: QuestionRecord[] = [];
  createQuestionClient(wrapper).onRequested((record) => records.push(record));
  socket.event("question.requested", RECORD, 1);
  expect(records).toEqual([RECORD]);
  expect(records[0]).not.toBe(payloads[0]);
});
