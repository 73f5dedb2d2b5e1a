// Issue 12, cause 1: an event lost as the first frame after a reconnect left its prompt missing for
// the whole connection, because gap detection only started at the first event that did arrive.
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { connectQuestions } from "../../src/bridge/index.js";
import { createGatewayClient } from "../../src/client/index.js";
import type { QuestionRecord } from "../../src/contract/types.js";
import { createAskUserStore, selectPrompt } from "../../src/store/index.js";
import { flush } from "./support/fake-socket.js";
import { createScriptedGateway } from "./support/scripted-gateway.js";

const NOW = 5_000_000;

const record: QuestionRecord = {
  id: "ask_1",
  questions: [{ questionId: "target", header: "Target", question: "Where?", options: [{ label: "Chat" }, { label: "Email" }] }],
  createdAtMs: NOW - 1_000,
  expiresAtMs: NOW + 900_000,
  status: "pending",
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

it("a question requested in the lost first event after a reconnect appears at the next event", async () => {
  const server = createScriptedGateway();
  const gateway = createGatewayClient({ url: "ws://127.0.0.1:1", WebSocket: server.Socket, random: () => 0 });
  const store = createAskUserStore();
  const disconnect = connectQuestions(gateway, store);
  await server.connect();
  server.drop();
  await vi.advanceTimersByTimeAsync(1_000);
  await server.connect();
  await flush(30);
  expect(server.requests("question.list")).toHaveLength(2);

  // The gateway sends `question.requested` as seq 1 of the new connection; the network loses it.
  server.records.set(record.id, record);
  server.emit("tick", { ts: NOW }, 1);
  await flush(30);

  expect(server.requests("question.list")).toHaveLength(3);
  expect(selectPrompt(store.getState(), record.id)?.status).toBe("pending");
  disconnect();
  gateway.close();
});
