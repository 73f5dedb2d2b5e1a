import { expect, it } from "vitest";
import { createQuestionClient, type GatewayClient } from "../../src/client/index.js";
import type { QuestionRecord } from "../../src/contract/types.js";
import { useSoleDeliveryHarness } from "./support/sole-delivery-harness.js";

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

const h = useSoleDeliveryHarness("question.requested");

function received(): QuestionRecord[] {
  const records: QuestionRecord[] = [];
  h.questions.onRequested((record) => records.push(record));
  return records;
}

it("keeps the record as it arrived when the question client is the payload's only listener", () => {
  const records = received();
  h.socket.event("question.requested", RECORD, 1);
  expect(h.payloads).toHaveLength(1);
  expect(records).toEqual([RECORD]);
  expect(records[0]).toBe(h.payloads[0]);
});

it("parses a record another listener was handed too, so that listener's changes never reach it", () => {
  const records = received();
  h.gateway.onEvent("question.requested", (payload) => {
    const mutable = payload as { id: string; questions: unknown[] };
    mutable.id = "changed";
    mutable.questions.length = 0;
  });
  h.socket.event("question.requested", RECORD, 1);
  expect(records).toEqual([RECORD]);
  expect(records[0]).not.toBe(h.payloads[0]);
});

it("parses the record for each of two question listeners: neither shares the other's", () => {
  const first = received();
  const second = received();
  h.socket.event("question.requested", RECORD, 1);
  expect(first).toEqual([RECORD]);
  expect(second).toEqual([RECORD]);
  expect(first[0]).not.toBe(second[0]);
  expect(first[0]).not.toBe(h.payloads[0]);
});

it("parses a record that is not in the parser's form even as the only listener (unknown fields dropped)", () => {
  const records = received();
  h.socket.event("question.requested", { ...RECORD, continuation: { token: "t" } }, 1);
  expect(records).toEqual([RECORD]);
  expect(records[0]).not.toBe(h.payloads[0]);
});

it("gives a payload passed on by a wrapping listener no right to be kept", () => {
  // A host's wrapper of the connection: its one listener fans the payload out to its own listeners.
  const fanOut = new Set<(payload: unknown, frame: never) => void>();
  h.gateway.onEvent("question.requested", (payload, frame) => {
    for (const listener of fanOut) listener(payload, frame as never);
  });
  const wrapper: GatewayClient = { ...h.gateway, onEvent: (_event, listener) => (fanOut.add(listener), () => fanOut.delete(listener)) };
  const records: QuestionRecord[] = [];
  createQuestionClient(wrapper).onRequested((record) => records.push(record));
  h.socket.event("question.requested", RECORD, 1);
  expect(records).toEqual([RECORD]);
  expect(records[0]).not.toBe(h.payloads[0]);
});
