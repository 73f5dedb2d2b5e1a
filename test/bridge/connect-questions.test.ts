import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuestionRecord } from "../../src/contract/types.js";
import { createGatewayClient, type GatewayClient } from "../../src/client/index.js";
import { connectQuestions } from "../../src/bridge/index.js";
import { createAskUserStore, selectPrompt } from "../../src/store/index.js";
import type { AskUserStore } from "../../src/store/types.js";
import { flush } from "../client/support/fake-socket.js";
import { createScriptedGateway, type ScriptedGateway } from "../client/support/scripted-gateway.js";

const NOW = 5_000_000;

function record(id: string, overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  return {
    id,
    questions: [{ questionId: "target", header: "Target", question: "Where?", options: [{ label: "Chat" }, { label: "Email" }], isOther: true }],
    sessionKey: "main",
    createdAtMs: NOW - 1_000,
    expiresAtMs: NOW + 900_000,
    status: "pending",
    ...overrides,
  };
}

let server: ScriptedGateway;
let gateway: GatewayClient;
let store: AskUserStore;
let disconnect: () => void;

const prompt = (id: string) => selectPrompt(store.getState(), id);

async function settle(): Promise<void> {
  await flush(30);
}

async function start(): Promise<void> {
  disconnect = connectQuestions(gateway, store);
  await server.connect();
  await settle();
}

/** Drops the connection, lets `change` happen on the gateway meanwhile, reconnects. */
async function reconnect(change: () => void = () => {}): Promise<void> {
  server.drop();
  change();
  await vi.advanceTimersByTimeAsync(1_000);
  await server.connect();
  await settle();
}

function answerAndSubmit(id: string, label = "Chat"): void {
  store.getState().pickOption(id, "target", label);
  expect(store.getState().submit(id)).toMatchObject({ ok: true });
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  server = createScriptedGateway();
  gateway = createGatewayClient({ url: "ws://127.0.0.1:1", WebSocket: server.Socket, random: () => 0 });
  store = createAskUserStore({ storage: null, autoExpire: false });
});

afterEach(() => {
  disconnect?.();
  gateway.close();
  store.destroy();
  vi.useRealTimers();
});

describe("connection and hydration", () => {
  it("mirrors the connection status and hydrates with question.list on connect", async () => {
    server.records.set("ask_1", record("ask_1"));
    server.records.set("ask_2", record("ask_2"));
    disconnect = connectQuestions(gateway, store);
    expect(store.getState().connection).toBe("connecting");
    await server.connect();
    await settle();
    expect(store.getState().connection).toBe("connected");
    expect(server.requests("question.list").map((frame) => frame.params)).toEqual([{}]);
    expect(Object.keys(store.getState().prompts)).toEqual(["ask_1", "ask_2"]);

    server.drop();
    expect(store.getState().connection).toBe("disconnected");
    await vi.advanceTimersByTimeAsync(800);
    expect(store.getState().connection).toBe("connecting");
    await server.connect();
    await settle();
    expect(server.requests("question.list")).toHaveLength(2);
  });

  it("recovers a prompt that vanished from the list via question.get", async () => {
    await start();
    server.request(record("ask_1"));
    await settle();
    expect(prompt("ask_1")?.status).toBe("pending");
    await reconnect(() => {
      server.records.set("ask_1", {
        ...record("ask_1"),
        status: "answered",
        answers: { answers: { target: ["Email"] } },
        resolvedBy: "operator-ios",
      });
    });
    expect(server.requests("question.get").map((frame) => frame.params)).toEqual([{ id: "ask_1" }]);
    expect(prompt("ask_1")).toMatchObject({ status: "answered", outcomeSource: "elsewhere", answers: { target: ["Email"] } });
  });

  it("keeps a vanished prompt checking — not answerable — while its read fails, until a retry reads it", async () => {
    await start();
    server.request(record("ask_1"));
    await settle();
    store.getState().pickOption("ask_1", "target", "Chat");
    server.handle("question.get", () => ({ error: { code: "UNAVAILABLE", message: "busy", details: { reason: "BUSY" } } }));
    await reconnect(() => {
      server.records.set("ask_1", {
        ...record("ask_1"),
        status: "answered",
        answers: { answers: { target: ["Email"] } },
        resolvedBy: "operator-ios",
      });
    });
    expect(prompt("ask_1")).toMatchObject({ status: "pending", checking: true });
    expect(store.getState().submit("ask_1")).toMatchObject({ ok: false, reason: "CHECKING" });
    expect(store.getState().skip("ask_1")).toMatchObject({ ok: false, reason: "CHECKING" });
    expect(server.requests("question.resolve")).toHaveLength(0);

    server.handle("question.get", undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(server.requests("question.get")).toHaveLength(2);
    expect(prompt("ask_1")).toMatchObject({ status: "answered", outcomeSource: "elsewhere", unsent: { target: ["Chat"] } });
    expect(prompt("ask_1")?.checking).toBeUndefined();
  });

  it("answers a checking prompt again once a retry finds it still pending", async () => {
    await start();
    server.request(record("ask_1"));
    await settle();
    server.handle("question.get", () => ({ error: { code: "UNAVAILABLE", message: "busy" } }));
    // The list misses it once (a lagging replica, say), so the bridge reads it.
    server.handle("question.list", () => ({ payload: { questions: [] } }));
    await reconnect();
    expect(prompt("ask_1")).toMatchObject({ status: "pending", checking: true });
    server.handle("question.list", undefined);
    server.handle("question.get", undefined);
    await vi.advanceTimersByTimeAsync(1_000);
    await settle();
    expect(prompt("ask_1")?.checking).toBeUndefined();
    answerAndSubmit("ask_1");
  });

  it("marks a vanished prompt unavailable when the gateway no longer knows it", async () => {
    await start();
    server.request(record("ask_1"));
    await settle();
    await reconnect(() => server.records.delete("ask_1"));
    expect(prompt("ask_1")?.status).toBe("unavailable");
  });

  it("reads the record of a cancel for a prompt it has not seen yet", async () => {
    await start();
    server.records.set("ask_7", { ...record("ask_7"), status: "cancelled", resolvedBy: "requester-inactive" });
    server.emit("question.resolved", { id: "ask_7", status: "cancelled" });
    await settle();
    expect(server.requests("question.get").map((frame) => frame.params)).toEqual([{ id: "ask_7" }]);
    expect(prompt("ask_7")).toMatchObject({ status: "cancelled", outcomeSource: "run-ended" });
    expect(store.getState().heldResolutions).toEqual({});
  });

  it("asks for a held resolution's record on reconnect", async () => {
    await start();
    server.emit("question.resolved", { id: "ask_7", status: "expired" });
    await settle();
    expect(store.getState().heldResolutions).toHaveProperty("ask_7");
    expect(server.requests("question.get")).toEqual([]);
    server.records.set("ask_7", { ...record("ask_7"), status: "expired" });
    await reconnect();
    expect(server.requests("question.get").map((frame) => frame.params)).toEqual([{ id: "ask_7" }]);
    expect(prompt("ask_7")).toMatchObject({ status: "expired" });
    expect(store.getState().heldResolutions).toEqual({});
  });

  it("checks a locally expired prompt that the list no longer has", async () => {
    await start();
    server.request(record("ask_1", { expiresAtMs: NOW + 10 }));
    await settle();
    store.getState().expireDue(NOW + 20);
    expect(prompt("ask_1")).toMatchObject({ status: "expired", locallyExpired: true });
    await reconnect(() => server.records.set("ask_1", { ...record("ask_1"), status: "expired" }));
    expect(server.requests("question.get").map((frame) => frame.params)).toEqual([{ id: "ask_1" }]);
    expect(prompt("ask_1")).toMatchObject({ status: "expired", outcomeSource: "elsewhere" });
    expect(prompt("ask_1")?.locallyExpired).toBeUndefined();
  });

  it("retries a failing list after 1 s, 2 s, 4 s, 4 s while connected", async () => {
    server.handle("question.list", () => ({ error: { code: "UNAVAILABLE", message: "busy" } }));
    await start();
    const counts: number[] = [];
    for (const wait of [999, 1, 1_999, 1, 3_999, 1, 3_999, 1]) {
      await vi.advanceTimersByTimeAsync(wait);
      await settle();
      counts.push(server.requests("question.list").length);
    }
    expect(counts).toEqual([1, 2, 2, 3, 3, 4, 4, 5]);
    expect(store.getState().problems).toEqual([expect.objectContaining({ message: expect.stringContaining("busy") })]);

    server.drop();
    await vi.advanceTimersByTimeAsync(700);
    expect(server.requests("question.list")).toHaveLength(5);
  });

  it("de-duplicates hydrations and runs once more after a seq gap", async () => {
    server.handle("question.list", () => "hold");
    await start();
    expect(server.requests("question.list")).toHaveLength(1);
    server.emit("tick", {}, 3);
    server.emit("tick", {}, 2);
    await settle();
    expect(server.requests("question.list")).toHaveLength(1);
    const [first] = server.held.splice(0);
    first?.socket.reply(first.request, { questions: [record("ask_1")] });
    await settle();
    expect(server.requests("question.list")).toHaveLength(2);
    expect(prompt("ask_1")?.status).toBe("pending");
  });
});

describe("events", () => {
  it("upserts requested records and shows a malformed one as a problem naming the field", async () => {
    await start();
    server.request(record("ask_1"));
    server.emit("question.requested", { ...record("ask_2"), expiresAtMs: -5 });
    await settle();
    expect(prompt("ask_1")?.status).toBe("pending");
    expect(prompt("ask_2")).toBeUndefined();
    expect(store.getState().problems).toEqual([expect.objectContaining({ promptId: "ask_2", message: expect.stringContaining("expiresAtMs") })]);
  });

  it("hands a burst of requested records to the store as one change, before any later event", async () => {
    await start();
    let changes = 0;
    store.subscribe(() => {
      changes += 1;
    });
    server.request(record("ask_1"));
    server.request(record("ask_2"));
    server.emit("question.resolved", { id: "ask_2", status: "expired" });
    expect(prompt("ask_1")?.status).toBe("pending");
    expect(prompt("ask_2")?.status).toBe("expired");
    expect(store.getState().heldResolutions).toEqual({});
    server.request(record("ask_3"));
    server.request(record("ask_4"));
    await settle();
    expect(prompt("ask_4")?.status).toBe("pending");
    expect(changes).toBe(3);
  });

  it("reads the record of a cancel it did not cause, so the store learns the run ended", async () => {
    await start();
    server.request(record("ask_1"));
    await settle();
    server.records.set("ask_1", { ...record("ask_1"), status: "cancelled", resolvedBy: "requester-inactive" });
    server.emit("question.resolved", { id: "ask_1", status: "cancelled" });
    // Still open until the record says who cancelled: it never reads "Skipped elsewhere" first.
    expect(prompt("ask_1")?.status).toBe("pending");
    await settle();
    expect(server.requests("question.get").map((frame) => frame.params)).toEqual([{ id: "ask_1" }]);
    expect(prompt("ask_1")).toMatchObject({ status: "cancelled", outcomeSource: "run-ended" });
  });

  it("does not read the record after its own skip", async () => {
    await start();
    server.request(record("ask_1"));
    await settle();
    store.getState().skip("ask_1");
    await settle();
    server.emit("question.resolved", { id: "ask_1", status: "cancelled" });
    await settle();
    expect(server.requests("question.get")).toEqual([]);
    expect(prompt("ask_1")).toMatchObject({ status: "cancelled", outcomeSource: "local" });
  });
});

describe("submissions", () => {
  it("sends exactly {id, answers: {answers}} and settles with the canonical answers", async () => {
    await start();
    server.request(record("ask_1"));
    await settle();
    answerAndSubmit("ask_1");
    expect(server.requests("question.resolve").map((frame) => frame.params)).toEqual([{ id: "ask_1", answers: { answers: { target: ["Chat"] } } }]);
    await settle();
    expect(prompt("ask_1")).toMatchObject({ status: "answered", outcomeSource: "local", answers: { target: ["Chat"] } });
  });

  it("sends exactly {id, cancel: true} for Skip", async () => {
    await start();
    server.request(record("ask_1"));
    await settle();
    store.getState().skip("ask_1");
    expect(server.requests("question.resolve").map((frame) => frame.params)).toEqual([{ id: "ask_1", cancel: true }]);
    await settle();
    expect(prompt("ask_1")).toMatchObject({ status: "cancelled", outcomeSource: "local" });
  });

  it("never sends two resolves for one prompt at once", async () => {
    server.handle("question.resolve", () => "hold");
    await start();
    server.request(record("ask_1"));
    server.request(record("ask_2"));
    await settle();
    answerAndSubmit("ask_1");
    store.getState().setOtherText("ask_2", "target", "typing…");
    store.getState().setCollapsed(true);
    server.request(record("ask_3"));
    await settle();
    expect(server.requests("question.resolve").map((frame) => frame.params)).toEqual([{ id: "ask_1", answers: { answers: { target: ["Chat"] } } }]);
    expect(prompt("ask_1")?.status).toBe("submitting");
  });

  it("sends a submission another subscriber made while the bridge was writing", async () => {
    await start();
    // A host that answers automatically, synchronously inside the bridge's own store write.
    let answered = false;
    store.subscribe((state) => {
      if (!answered && state.prompts.ask_1?.status === "pending") {
        answered = true;
        answerAndSubmit("ask_1");
      }
    });
    server.request(record("ask_1"));
    await settle();
    expect(server.requests("question.resolve").map((frame) => frame.params)).toEqual([{ id: "ask_1", answers: { answers: { target: ["Chat"] } } }]);
    expect(prompt("ask_1")?.status).toBe("answered");
  });

  it("shows someone else's outcome after QUESTION_ALREADY_TERMINAL", async () => {
    await start();
    server.request(record("ask_1"));
    await settle();
    server.records.set("ask_1", { ...record("ask_1"), status: "answered", answers: { answers: { target: ["Email"] } } });
    answerAndSubmit("ask_1");
    await settle();
    expect(server.requests("question.get").map((frame) => frame.params)).toEqual([{ id: "ask_1" }]);
    expect(prompt("ask_1")).toMatchObject({ status: "answered", outcomeSource: "elsewhere", answers: { target: ["Email"] } });
  });

  it("marks the prompt unavailable when the resolve says QUESTION_NOT_FOUND", async () => {
    await start();
    server.request(record("ask_1"));
    await settle();
    server.records.delete("ask_1");
    answerAndSubmit("ask_1");
    await settle();
    expect(prompt("ask_1")?.status).toBe("unavailable");
  });

  it("keeps the prompt pending with the error and drafts after QUESTION_INVALID_ANSWER, and allows a retry", async () => {
    let calls = 0;
    server.handle("question.resolve", (params) => {
      calls += 1;
      if (calls === 1) {
        return {
          error: {
            code: "INVALID_REQUEST",
            message: "question 'target' contains an empty answer",
            details: { reason: "QUESTION_INVALID_ANSWER" },
          },
        };
      }
      return { payload: { status: "answered", answers: params.answers } };
    });
    await start();
    server.request(record("ask_1"));
    await settle();
    answerAndSubmit("ask_1");
    await settle();
    expect(prompt("ask_1")).toMatchObject({
      status: "pending",
      error: { message: "question 'target' contains an empty answer", reason: "QUESTION_INVALID_ANSWER", code: "INVALID_REQUEST" },
      drafts: { target: { selected: ["Chat"], otherText: "" } },
    });
    expect(store.getState().submit("ask_1")).toMatchObject({ ok: true });
    await settle();
    expect(server.requests("question.resolve")).toHaveLength(2);
    expect(prompt("ask_1")?.status).toBe("answered");
  });

  it("returns a submission whose connection died with NOT_CONNECTED, drafts kept", async () => {
    server.handle("question.resolve", () => "hold");
    await start();
    server.request(record("ask_1"));
    await settle();
    answerAndSubmit("ask_1");
    server.drop();
    await settle();
    expect(prompt("ask_1")).toMatchObject({
      status: "pending",
      error: { reason: "NOT_CONNECTED", code: "DISCONNECTED" },
      drafts: { target: { selected: ["Chat"], otherText: "" } },
    });
    expect(store.getState().submit("ask_1")).toMatchObject({ ok: false });
    expect(prompt("ask_1")?.error?.reason).toBe("NOT_CONNECTED");
    expect(server.requests("question.resolve")).toHaveLength(1);
  });

  it("takes over a prompt handed off before the bridge connected, and answers it once connected", async () => {
    store.getState().setConnection("connected");
    store.getState().upsertRecord(record("ask_1"));
    answerAndSubmit("ask_1");
    server.records.set("ask_1", record("ask_1"));
    disconnect = connectQuestions(gateway, store);
    await settle();
    expect(prompt("ask_1")).toMatchObject({ status: "pending", error: { reason: "NOT_CONNECTED" } });
    await server.connect();
    await settle();
    answerAndSubmit("ask_1");
    await settle();
    expect(server.requests("question.resolve")).toHaveLength(1);
    expect(prompt("ask_1")?.status).toBe("answered");
  });
});

describe("disconnect function", () => {
  it("stops applying events, clears retries and marks the store disconnected", async () => {
    server.handle("question.list", () => ({ error: { code: "UNAVAILABLE", message: "busy" } }));
    await start();
    disconnect();
    expect(store.getState().connection).toBe("disconnected");
    server.request(record("ask_1"));
    await vi.advanceTimersByTimeAsync(10_000);
    await settle();
    expect(prompt("ask_1")).toBeUndefined();
    expect(server.requests("question.list")).toHaveLength(1);
  });

  it("lets an in-flight submission settle from its own request, which fails NOT_CONNECTED when the socket closes", async () => {
    server.handle("question.resolve", () => "hold");
    await start();
    server.request(record("ask_1"));
    await settle();
    answerAndSubmit("ask_1");
    disconnect();
    expect(prompt("ask_1")?.status).toBe("submitting");
    gateway.close();
    await settle();
    expect(prompt("ask_1")).toMatchObject({ status: "pending", error: { reason: "NOT_CONNECTED" } });
  });
});

it("connects nothing, and names what is missing, for an object that is not a transport", () => {
  const listened = vi.spyOn(gateway, "onEvent");
  const { onStatus: _onStatus, getStatus: _getStatus, ...partial } = gateway;
  disconnect = connectQuestions(partial as unknown as GatewayClient, store);
  expect(listened).not.toHaveBeenCalled();
  expect(store.getState().problems).toEqual([
    expect.objectContaining({
      kind: "other",
      message: expect.stringContaining("needs a transport with request, onEvent, getStatus, onStatus"),
    }),
  ]);
  expect(() => disconnect()).not.toThrow();
});
