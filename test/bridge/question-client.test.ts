import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuestionRecord } from "../../src/contract/types.js";
import { createQuestionClient, type QuestionClient, type QuestionProblem } from "../../src/bridge/index.js";
import { ClientErrorCodes, createGatewayClient, type GatewayClient } from "../../src/client/index.js";
import { createFakeSocketClass, flush, handshake, type FakeSocket } from "../client/support/fake-socket.js";

const NOW = 5_000_000;

function record(id: string, overrides: Partial<QuestionRecord> = {}): QuestionRecord {
  return {
    id,
    questions: [{ questionId: "target", header: "Target", question: "Where?", options: [{ label: "Chat" }, { label: "Email" }], isOther: true }],
    createdAtMs: NOW - 1_000,
    expiresAtMs: NOW + 900_000,
    status: "pending",
    ...overrides,
  };
}

let socket: FakeSocket;
let gateway: GatewayClient;
let questions: QuestionClient;
let problems: QuestionProblem[];

beforeEach(async () => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  const Socket = createFakeSocketClass();
  problems = [];
  gateway = createGatewayClient({ url: "ws://127.0.0.1:1", WebSocket: Socket });
  questions = createQuestionClient(gateway, { onProblem: (problem) => problems.push(problem) });
  socket = Socket.latest();
  await handshake(socket);
});

afterEach(() => {
  vi.useRealTimers();
});

describe("requests", () => {
  it("resolve sends exactly {id, answers: {answers}} and returns the gateway's canonical answers", async () => {
    const result = questions.resolve("ask_1", { target: ["  Chat "] });
    const request = socket.lastRequest("question.resolve");
    expect(request.params).toEqual({ id: "ask_1", answers: { answers: { target: ["  Chat "] } } });
    socket.reply(request, { status: "answered", answers: { answers: { target: ["Chat"] } } });
    await expect(result).resolves.toEqual({ status: "answered", answers: { target: ["Chat"] } });
  });

  it("skip sends exactly {id, cancel: true}", async () => {
    const result = questions.skip("ask_1");
    const request = socket.lastRequest("question.resolve");
    expect(request.params).toEqual({ id: "ask_1", cancel: true });
    socket.reply(request, { status: "cancelled" });
    await expect(result).resolves.toEqual({ status: "cancelled" });
  });

  it.each([
    { name: "resolve", call: (q: QuestionClient, expiresAtMs: number) => q.resolve("ask_1", { target: ["Chat"] }, { expiresAtMs }) },
    { name: "skip", call: (q: QuestionClient, expiresAtMs: number) => q.skip("ask_1", { expiresAtMs }) },
  ])("$name never waits past the prompt's expiry", async ({ call }) => {
    const result = call(questions, NOW + 2_000).catch((caught: unknown) => caught);
    const request = socket.lastRequest("question.resolve");
    await vi.advanceTimersByTimeAsync(1_999);
    expect(socket.sent.some((frame) => frame.type === "cancel")).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ code: ClientErrorCodes.TIMEOUT });
    expect(socket.sent.at(-1)).toEqual({ type: "cancel", id: request.id });
  });

  it("uses the client's request timeout when the expiry is further away", async () => {
    const result = questions.resolve("ask_1", { target: ["Chat"] }, { expiresAtMs: NOW + 3_600_000 }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(14_999);
    await flush();
    expect(socket.sent.some((frame) => frame.type === "cancel")).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ code: ClientErrorCodes.TIMEOUT });
  });

  it("does not send a resolve for a prompt that has already expired", async () => {
    const error = await questions.resolve("ask_1", { target: ["Chat"] }, { expiresAtMs: NOW - 1 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: ClientErrorCodes.EXPIRED, details: { reason: ClientErrorCodes.EXPIRED } });
    expect(socket.requests("question.resolve")).toEqual([]);
  });

  it("list parses records and reports a malformed entry naming its field", async () => {
    const result = questions.list();
    const request = socket.lastRequest("question.list");
    expect(request.params).toEqual({});
    const broken = { ...record("ask_bad"), createdAtMs: "yesterday" };
    socket.reply(request, { questions: [record("ask_1"), broken, record("ask_2")] });
    const listed = await result;
    expect(listed.questions.map((entry) => entry.id)).toEqual(["ask_1", "ask_2"]);
    expect(listed.problems).toEqual([{ promptId: "ask_bad", message: expect.stringContaining("/createdAtMs") }]);
    expect(problems).toEqual(listed.problems);
  });

  it("list rejects a response without a questions array", async () => {
    const result = questions.list().catch((caught: unknown) => caught);
    socket.reply(socket.lastRequest("question.list"), { records: [] });
    expect(await result).toMatchObject({ code: ClientErrorCodes.MALFORMED_PAYLOAD });
    expect(problems[0]?.message).toContain("/questions");
  });

  it("get returns the record, or rejects a malformed one with the field named", async () => {
    const good = questions.get("ask_1");
    expect(socket.lastRequest("question.get").params).toEqual({ id: "ask_1" });
    socket.reply(socket.lastRequest("question.get"), {
      question: record("ask_1", { status: "answered", answers: { answers: { target: ["Chat"] } }, resolvedBy: "operator-ios" }),
    });
    await expect(good).resolves.toMatchObject({ id: "ask_1", status: "answered", resolvedBy: "operator-ios" });

    const bad = questions.get("ask_2").catch((caught: unknown) => caught);
    socket.reply(socket.lastRequest("question.get"), { question: { ...record("ask_2"), questions: [] } });
    expect(await bad).toMatchObject({ code: ClientErrorCodes.MALFORMED_PAYLOAD });
    expect(problems).toEqual([{ promptId: "ask_2", message: expect.stringContaining("/questions") }]);
  });

  it("passes gateway errors through with their reason", async () => {
    const result = questions.get("ask_9").catch((caught: unknown) => caught);
    socket.replyError(socket.lastRequest("question.get"), {
      code: "INVALID_REQUEST",
      message: "question 'ask_9' was not found",
      details: { reason: "QUESTION_NOT_FOUND" },
    });
    expect(await result).toMatchObject({ code: "INVALID_REQUEST", reason: "QUESTION_NOT_FOUND" });
  });
});

describe("events", () => {
  it("delivers parsed question.requested records and reports malformed ones instead", () => {
    const seen: QuestionRecord[] = [];
    questions.onRequested((entry) => seen.push(entry));
    socket.event("question.requested", { ...record("ask_1"), extra: "ignored" }, 1);
    socket.event("question.requested", { ...record("ask_2"), questions: [{ questionId: "Bad Id", header: "H", question: "Q?", options: [] }] }, 2);
    expect(seen).toEqual([record("ask_1")]);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.promptId).toBe("ask_2");
    expect(problems[0]?.message).toContain("question.requested event");
    expect(problems[0]?.message).toContain("/questions/0/questionId");
  });

  it("delivers parsed question.resolved events and reports malformed ones instead", () => {
    const seen: unknown[] = [];
    questions.onResolved((event) => seen.push(event));
    socket.event("question.resolved", { id: "ask_1", status: "answered", answers: { answers: { target: ["Chat"] } } }, 1);
    socket.event("question.resolved", { id: "ask_2", status: "pending" }, 2);
    expect(seen).toEqual([{ id: "ask_1", status: "answered", answers: { answers: { target: ["Chat"] } } }]);
    expect(problems).toEqual([{ promptId: "ask_2", message: expect.stringContaining("/status") }]);
  });

  it("stops delivering after unsubscribe", () => {
    const seen: unknown[] = [];
    const off = questions.onResolved((event) => seen.push(event));
    off();
    socket.event("question.resolved", { id: "ask_1", status: "expired" }, 1);
    expect(seen).toEqual([]);
  });
});
