import { expect, it } from "vitest";
import type { QuestionResolvedEvent } from "../../src/contract/types.js";
import { useSoleDeliveryHarness } from "./support/sole-delivery-harness.js";

/** The question.resolved side of sole delivery (see sole-delivery.test.ts for records). */
const EVENT = { id: "ask_1", status: "answered", answers: { answers: { target: ["Chat"], extras: ["Docs", "Tests"] } } };

const h = useSoleDeliveryHarness("question.resolved");

function received(): QuestionResolvedEvent[] {
  const events: QuestionResolvedEvent[] = [];
  h.questions.onResolved((event) => events.push(event));
  return events;
}

it("keeps the event as it arrived when the question client is the payload's only listener", () => {
  const events = received();
  h.socket.event("question.resolved", EVENT, 1);
  expect(h.payloads).toHaveLength(1);
  expect(events).toStrictEqual([EVENT]);
  expect(events[0]).toBe(h.payloads[0]);
});

it("parses an event another listener was handed too, so that listener's changes never reach it", () => {
  const events = received();
  h.gateway.onEvent("question.resolved", (payload) => {
    const mutable = payload as { answers: { answers: Record<string, string[]> } };
    mutable.answers.answers.target!.length = 0;
  });
  h.socket.event("question.resolved", EVENT, 1);
  expect(events).toStrictEqual([EVENT]);
  expect(events[0]).not.toBe(h.payloads[0]);
});

it("parses the event for each of two question listeners: neither shares the other's", () => {
  const first = received();
  const second = received();
  h.socket.event("question.resolved", EVENT, 1);
  expect(first).toStrictEqual([EVENT]);
  expect(second).toStrictEqual([EVENT]);
  expect(first[0]).not.toBe(second[0]);
  expect(first[0]).not.toBe(h.payloads[0]);
});

it("parses an event that is not in the parser's form even as the only listener (legacy answers rebuilt)", () => {
  const events = received();
  h.socket.event("question.resolved", { id: "ask_1", status: "answered", answers: { target: { answers: ["Chat"] } } }, 1);
  expect(events).toStrictEqual([{ id: "ask_1", status: "answered", answers: { answers: { target: ["Chat"] } } }]);
  expect(events[0]).not.toBe(h.payloads[0]);
});
