import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createGatewayClient, createQuestionClient, type GatewayClient, type QuestionClient } from "../../src/client/index.js";
import type { QuestionResolvedEvent } from "../../src/contract/types.js";
import { createFakeSocketClass, handshake, type FakeSocket } from "./support/fake-socket.js";

/** The question.resolved side of sole delivery (see sole-delivery.test.ts for records). */
const EVENT = { id: "ask_1", status: "answered", answers: { answers: { target: ["Chat"], extras: ["Docs", "Tests"] } } };

let socket: FakeSocket;
let gateway: GatewayClient;
let questions: QuestionClient;
/** Every `question.resolved` payload JSON.parse made, in order. */
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
    if (value?.event === "question.resolved") payloads.push(value.payload);
    return value;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  gateway.close();
});

function received(): QuestionResolvedEvent[] {
  const events: QuestionResolvedEvent[] = [];
  questions.onResolved((event) => events.push(event));
  return events;
}

it("keeps the event as it arrived when the question client is the payload's only listener", () => {
  const events = received();
  socket.event("question.resolved", EVENT, 1);
  expect(payloads).toHaveLength(1);
  expect(events).toStrictEqual([EVENT]);
  expect(events[0]).toBe(payloads[0]);
});

it("parses an event another listener was handed too, so that listener's changes never reach it", () => {
  const events = received();
  gateway.onEvent("question.resolved", (payload) => {
    const mutable = payload as { answers: { answers: Record<string, string[]> } };
    mutable.answers.answers.target!.length = 0;
  });
  socket.event("question.resolved", EVENT, 1);
  expect(events).toStrictEqual([EVENT]);
  expect(events[0]).not.toBe(payloads[0]);
});

it("parses the event for each of two question listeners: neither shares the other's", () => {
  const first = received();
  const second = received();
  socket.event("question.resolved", EVENT, 1);
  expect(first).toStrictEqual([EVENT]);
  expect(second).toStrictEqual([EVENT]);
  expect(first[0]).not.toBe(second[0]);
  expect(first[0]).not.toBe(payloads[0]);
});

it("parses an event that is not in the parser's form even as the only listener (legacy answers rebuilt)", () => {
  const events = received();
  socket.event("question.resolved", { id: "ask_1", status: "answered", answers: { target: { answers: ["Chat"] } } }, 1);
  expect(events).toStrictEqual([{ id: "ask_1", status: "answered", answers: { answers: { target: ["Chat"] } } }]);
  expect(events[0]).not.toBe(payloads[0]);
});
