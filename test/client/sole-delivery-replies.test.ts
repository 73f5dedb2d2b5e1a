import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { createGatewayClient, createQuestionClient, type GatewayClient, type QuestionClient } from "../../src/client/index.js";
import { createFakeSocketClass, type FakeSocket, handshake } from "./support/fake-socket.js";

/** Replies: a `question.resolve` response's answers, kept as they arrived only when no one else can hold them. */
const ANSWERS = { target: ["Chat"], extras: ["Docs", "Tests"] };

let socket: FakeSocket;
let gateway: GatewayClient;
/** Every response payload JSON.parse made, in order. */
let payloads: { answers?: { answers?: unknown } }[];

beforeEach(async () => {
  const Socket = createFakeSocketClass();
  gateway = createGatewayClient({ url: "ws://127.0.0.1:1", WebSocket: Socket });
  socket = Socket.latest();
  await handshake(socket);
  payloads = [];
  const parse = JSON.parse;
  vi.spyOn(JSON, "parse").mockImplementation((text: string, reviver?: Parameters<typeof JSON.parse>[1]) => {
    const value = parse(text, reviver) as { type?: unknown; payload: (typeof payloads)[number] };
    if (value?.type === "res") payloads.push(value.payload);
    return value;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  gateway.close();
});

async function resolveWith(questions: QuestionClient, reply: unknown) {
  const result = questions.resolve("ask_1", { target: ["Chat"] });
  await Promise.resolve();
  socket.reply(socket.lastRequest("question.resolve"), reply);
  return result;
}

it("keeps the reply's answers as they arrived from the kit's own connection", async () => {
  const result = await resolveWith(createQuestionClient(gateway), { status: "answered", answers: { answers: ANSWERS } });
  expect(result).toStrictEqual({ status: "answered", answers: ANSWERS });
  expect(result.answers).toBe(payloads[0]!.answers!.answers);
});

it("parses the reply when the connection's request was wrapped: the wrapper may hold the payload too", async () => {
  const own = gateway.request.bind(gateway);
  const held: unknown[] = [];
  const wrapped: GatewayClient = { ...gateway, request: (async (...args: Parameters<GatewayClient["request"]>) => {
    const payload = await own(...args);
    held.push(payload);
    return payload;
  }) as GatewayClient["request"] };
  const result = await resolveWith(createQuestionClient(wrapped), { status: "answered", answers: { answers: ANSWERS } });
  expect(result).toStrictEqual({ status: "answered", answers: ANSWERS });
  expect(held).toEqual([payloads[0]]);
  expect(result.answers).not.toBe(payloads[0]!.answers!.answers);
});

it("parses a reply that is not in the parser's form (a legacy envelope is rebuilt, a non-string dropped)", async () => {
  const questions = createQuestionClient(gateway);
  expect(await resolveWith(questions, { status: "answered", answers: { target: { answers: ["Chat"] } } })).toStrictEqual({
    status: "answered",
    answers: { target: ["Chat"] },
  });
  expect(await resolveWith(questions, { status: "answered", answers: { answers: { target: ["Chat", 7] } } })).toStrictEqual({
    status: "answered",
    answers: { target: ["Chat"] },
  });
});
