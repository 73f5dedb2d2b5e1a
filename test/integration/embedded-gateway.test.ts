// The embedded gateway over real loopback WebSockets, driven by a raw protocol client. Expected
// texts are the real gateway's (read from OpenClaw 2026.9.6's compiled code and its recording in
// fixtures/openclaw-replies.json). Timers are a manual clock: nothing here waits on wall-clock time.
import WebSocket from "ws";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { serveLocalGateway, type ServedLocalGateway } from "../../src/testing/node.js";
import { createManualClock, type ManualClock } from "../testing/manual-clock.js";
import { connectParams, connectRawGatewayClient, openRawGatewayClient, type RawGatewayClient } from "./support/raw-gateway-client.js";

const TOKEN = "embedded-test-token";

let clock: ManualClock;
let served: ServedLocalGateway;
const opened: RawGatewayClient[] = [];

beforeEach(async () => {
  clock = createManualClock();
  served = await serveLocalGateway({ port: 0, token: TOKEN, now: clock.now, timers: clock });
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((client) => client.close()));
  await served.close();
});

async function connect(options: { clientId?: string; mode?: string; scopes?: string[]; token?: string } = {}) {
  const result = await connectRawGatewayClient(served.url, { token: TOKEN, ...options });
  opened.push(result.client);
  return result;
}

async function operator(scopes = ["operator.questions"]) {
  const { client, hello } = await connect({ scopes });
  expect(hello.ok).toBe(true);
  return client;
}

/** Sends one raw text frame before connect and reports the reply (if any) and the close. */
async function rawPreConnect(text: string) {
  const socket = new WebSocket(served.url);
  const frames: unknown[] = [];
  socket.on("message", (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve) => socket.once("open", resolve));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.on("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  socket.send(text);
  const close = await closed;
  return { frames: frames.filter((frame) => (frame as { type?: string }).type === "res"), close };
}

const color = (extra: Record<string, unknown> = {}) => ({
  questionId: "color",
  header: "Color",
  question: "Which color?",
  options: [{ label: "Red" }, { label: "Blue" }],
  isOther: true,
  ...extra,
});

const errorOf = (frame: { ok: boolean; error?: unknown }) => {
  expect(frame.ok).toBe(false);
  return frame.error;
};

describe("handshake", () => {
  it("speaks first with a challenge, then answers connect with hello-ok", async () => {
    const { challenge, hello } = await connect();
    expect(challenge.event).toBe("connect.challenge");
    expect(challenge.payload).toEqual({
      nonce: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ts: clock.now(),
      capabilities: ["model-catalog-snapshot"],
    });
    expect(challenge.seq).toBeUndefined();
    expect(hello.payload).toMatchObject({
      type: "hello-ok",
      protocol: 4,
      server: { version: "2026.9.6", connId: expect.any(String) },
      features: {
        methods: expect.arrayContaining(["question.list", "question.resolve", "chat.send"]),
        events: expect.arrayContaining(["question.requested", "tick"]),
      },
      auth: { method: "token", role: "operator", scopes: ["operator.questions"] },
      policy: { maxPayload: 26_214_400, maxBufferedBytes: 52_428_800, tickIntervalMs: 30_000 },
    });
  });

  it("refuses a wrong token with AUTH_TOKEN_MISMATCH and closes 1008", async () => {
    const { client, hello } = await connect({ token: "wrong" });
    const message = "unauthorized: gateway token mismatch (use this gateway's gateway.auth.token or pair the device)";
    expect(errorOf(hello)).toEqual({
      code: "INVALID_REQUEST",
      message,
      details: {
        code: "AUTH_TOKEN_MISMATCH",
        authReason: "token_mismatch",
        canRetryWithDeviceToken: false,
        recommendedNextStep: "update_auth_credentials",
      },
    });
    expect(await client.closed).toEqual({ code: 1008, reason: message });
  });

  it.each([
    ["gateway-client", "backend", "provide gateway auth token"],
    ["webchat", "cli", "use this gateway's gateway.auth.token or pair the device"],
  ])("words the token hint for client %s / mode %s", async (clientId, mode, hint) => {
    const { hello } = await connect({ token: "wrong", clientId, mode });
    expect((errorOf(hello) as { message: string }).message).toBe(`unauthorized: gateway token mismatch (${hint})`);
  });

  it("refuses an unknown client id with the schema message", async () => {
    const { client, hello } = await connect({ clientId: "ask-user-kit-unknown" });
    const message = "invalid connect params: at /client/id: must be equal to one of the allowed values";
    expect(errorOf(hello)).toEqual({ code: "INVALID_REQUEST", message });
    expect(await client.closed).toEqual({ code: 1008, reason: message });
  });

  it("refuses an unsupported protocol and closes 1002", async () => {
    const client = await openRawGatewayClient(served.url);
    opened.push(client);
    await client.challenge;
    const reply = await client.request("connect", { ...connectParams({ token: TOKEN }), minProtocol: 99, maxProtocol: 99 });
    expect(errorOf(reply)).toEqual({
      code: "INVALID_REQUEST",
      message: "protocol mismatch",
      details: { code: "PROTOCOL_MISMATCH", clientMinProtocol: 99, clientMaxProtocol: 99, expectedProtocol: 4, minimumProbeProtocol: 3 },
    });
    expect(await client.closed).toEqual({ code: 1002, reason: "protocol mismatch" });
  });

  it("refuses a method before connect and closes 1008", async () => {
    const client = await openRawGatewayClient(served.url);
    opened.push(client);
    await client.challenge;
    const reply = await client.request("question.list", {});
    expect(errorOf(reply)).toEqual({ code: "INVALID_REQUEST", message: "invalid handshake: first request must be connect" });
    expect(await client.closed).toEqual({ code: 1008, reason: "invalid handshake: first request must be connect" });
  });

  it.each([
    ["a frame that is not a request", JSON.stringify({ type: "event", event: "x" }), 1008, "invalid request frame"],
    ["text that is not JSON", "{nope", 1000, ""],
  ])("closes on %s before connect, without a reply", async (_name, text, code, reason) => {
    const { frames, close } = await rawPreConnect(text);
    expect(frames).toEqual([]);
    expect(close).toEqual({ code, reason });
  });

  it("refuses an unknown role", async () => {
    const client = await openRawGatewayClient(served.url);
    opened.push(client);
    await client.challenge;
    const reply = await client.request("connect", { ...connectParams({ token: TOKEN }), role: "admin" });
    expect(errorOf(reply)).toEqual({ code: "INVALID_REQUEST", message: "invalid role" });
    expect(await client.closed).toEqual({ code: 1008, reason: "invalid role" });
  });

  it("asks for a device identity when a client brings no token", async () => {
    const client = await openRawGatewayClient(served.url);
    opened.push(client);
    await client.challenge;
    const { auth: _auth, ...withoutAuth } = connectParams({ token: TOKEN });
    const reply = await client.request("connect", withoutAuth);
    expect(errorOf(reply)).toEqual({
      code: "NOT_PAIRED",
      message: "device identity required",
      details: { code: "DEVICE_IDENTITY_REQUIRED" },
    });
    expect(await client.closed).toEqual({ code: 1008, reason: "device identity required" });
  });

  it("refuses a browser client whose page origin is missing", async () => {
    const { client, hello } = await connect({ clientId: "webchat-ui", mode: "webchat" });
    const message = "origin not allowed (open the Control UI from the gateway host or allow it in gateway.controlUi.allowedOrigins)";
    expect(errorOf(hello)).toEqual({
      code: "INVALID_REQUEST",
      message,
      details: { code: "CONTROL_UI_ORIGIN_NOT_ALLOWED", reason: "origin missing or invalid" },
    });
    expect((await client.closed).code).toBe(1008);
  });

  it("requires a device identity from the Control UI even on loopback", async () => {
    const socket = new WebSocket(served.url, { origin: "http://127.0.0.1:6006" });
    const replies: Array<{ type: string; ok?: boolean; error?: unknown }> = [];
    socket.on("message", (data) => replies.push(JSON.parse(String(data))));
    const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
    await new Promise((resolve) => socket.once("open", resolve));
    socket.send(
      JSON.stringify({
        type: "req",
        id: "c1",
        method: "connect",
        params: connectParams({ token: TOKEN, clientId: "openclaw-control-ui", mode: "ui" }),
      }),
    );
    expect(await closed).toBe(1008);
    expect(replies.find((frame) => frame.type === "res")?.error).toEqual({
      code: "INVALID_REQUEST",
      message: "control ui requires device identity (use HTTPS or localhost secure context)",
      details: { code: "CONTROL_UI_DEVICE_IDENTITY_REQUIRED" },
    });
  });

  it.each([
    ["test", "test", []],
    ["cli", "cli", ["operator.questions"]],
    ["gateway-client", "backend", ["operator.questions"]],
  ])("with a token and no device, client %s / mode %s is granted %j", async (clientId, mode, granted) => {
    const { hello } = await connect({ clientId, mode, scopes: ["operator.questions"] });
    expect((hello.payload as { auth: { scopes: string[] } }).auth.scopes).toEqual(granted);
  });
});

describe("scopes", () => {
  const forbidden = (scope: string) => ({
    code: "FORBIDDEN",
    message: `missing scope: ${scope}`,
    details: { code: "MISSING_SCOPE", missingScope: scope, requiredScopes: [scope] },
  });

  it("refuses every question method without operator.questions and sends no question events", async () => {
    const { client } = await connect({ clientId: "test", mode: "test" });
    for (const method of ["question.list", "question.get", "question.resolve", "question.request", "question.waitAnswer"]) {
      expect(errorOf(await client.request(method, {}))).toEqual(forbidden("operator.questions"));
    }
    const ui = await operator();
    await ui.request("question.request", { id: "q1", questions: [color()] });
    await ui.waitForEvent("question.requested");
    expect(client.events.filter((event) => event.event.startsWith("question."))).toEqual([]);
  });

  it("refuses chat methods without operator.write, and unknown methods without operator.admin", async () => {
    const client = await operator();
    expect(errorOf(await client.request("chat.send", { sessionKey: "main", message: "{}", idempotencyKey: "k" }))).toEqual(
      forbidden("operator.write"),
    );
    expect(errorOf(await client.request("sessions.nothing", {}))).toEqual(forbidden("operator.admin"));
    expect(errorOf(await client.request("connect", {}))).toEqual(forbidden("operator.admin"));
  });

  it("answers unknown methods and a second connect for an admin", async () => {
    const admin = await operator(["operator.admin"]);
    expect(errorOf(await admin.request("sessions.nothing", {}))).toEqual({
      code: "INVALID_REQUEST",
      message: "unknown method: sessions.nothing",
    });
    expect(errorOf(await admin.request("connect", {}))).toEqual({
      code: "INVALID_REQUEST",
      message: "connect is only valid as the first request",
    });
  });

  it("gives operator.write clients own-run access only: no records, no creation", async () => {
    const ui = await operator();
    await ui.request("question.request", { id: "q1", questions: [color()] });
    const writer = await operator(["operator.write"]);
    expect((await writer.request("question.list", {})).payload).toEqual({ questions: [] });
    expect(errorOf(await writer.request("question.get", { id: "q1" }))).toEqual({
      code: "INVALID_REQUEST",
      message: "question 'q1' was not found",
      details: { reason: "QUESTION_NOT_FOUND" },
    });
    expect(errorOf(await writer.request("question.request", { questions: [color()] }))).toEqual({
      code: "INVALID_REQUEST",
      message: "question creation requires trusted agent runtime authority",
    });
  });
});

describe("frames after connect", () => {
  it("answers an invalid request frame with its id and the schema problems", async () => {
    const socket = new WebSocket(served.url);
    const frames: Array<{ type: string; id?: unknown; ok?: boolean; error?: unknown }> = [];
    socket.on("message", (data) => frames.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once("open", resolve));
    socket.send(JSON.stringify({ type: "req", id: "c", method: "connect", params: connectParams({ token: TOKEN }) }));
    socket.send("not json at all");
    socket.send(JSON.stringify({ type: "req", id: "x1", method: "question.list", extra: 1 }));
    socket.send(JSON.stringify([1, 2]));
    await expect.poll(() => frames.filter((frame) => frame.type === "res").length).toBe(3);
    const replies = frames.filter((frame) => frame.type === "res").slice(1);
    expect(replies).toEqual([
      {
        type: "res",
        id: "x1",
        ok: false,
        error: { code: "INVALID_REQUEST", message: "invalid request frame: at root: unexpected property 'extra'" },
      },
      {
        type: "res",
        id: "invalid",
        ok: false,
        error: { code: "INVALID_REQUEST", message: "invalid request frame: must be object" },
      },
    ]);
    socket.close();
  });
});

describe("question methods", () => {
  it("request → requested event (full record) → list → get, with per-connection seq", async () => {
    const ui = await operator();
    const other = await operator();
    const reply = await ui.request("question.request", {
      id: "q1",
      questions: [color()],
      sessionKey: "main",
      runId: "run-1",
      timeoutMs: 60_000,
    });
    const record = {
      id: "q1",
      questions: [color()],
      agentId: "main",
      sessionKey: "agent:main:main",
      runId: "run-1",
      createdAtMs: clock.now(),
      expiresAtMs: clock.now() + 60_000,
      status: "pending",
    };
    expect(reply).toMatchObject({ ok: true, payload: { id: "q1", expiresAtMs: clock.now() + 60_000 } });
    const event = await ui.waitForEvent("question.requested");
    expect(event.payload).toEqual(record);
    expect(event.seq).toBe(1);
    expect((await other.waitForEvent("question.requested")).seq).toBe(1);
    expect((await ui.request("question.list", {})).payload).toEqual({ questions: [record] });
    expect((await ui.request("question.list")).payload).toEqual({ questions: [record] });
    expect((await ui.request("question.get", { id: "q1" })).payload).toEqual({ question: record });
  });

  it("uses a UUID and the 15-minute default when id and timeoutMs are omitted", async () => {
    const ui = await operator();
    const reply = await ui.request("question.request", { questions: [color()] });
    expect(reply.payload).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      expiresAtMs: clock.now() + 900_000,
    });
  });

  it("lists pending records oldest first and leaves terminal ones out", async () => {
    const ui = await operator();
    await ui.request("question.request", { id: "b", questions: [color()] });
    clock.advance(10);
    await ui.request("question.request", { id: "a", questions: [color()] });
    await ui.request("question.request", { id: "c", questions: [color()] });
    await ui.request("question.resolve", { id: "c", cancel: true });
    const listed = (await ui.request("question.list", {})).payload as { questions: Array<{ id: string }> };
    expect(listed.questions.map((record) => record.id)).toEqual(["b", "a"]);
  });

  const requestErrors: Array<[string, unknown, string]> = [
    ["unknown top-level field", { questions: [color()], bogus: true }, "invalid question.request params: at root: unexpected property 'bogus'"],
    ["unknown question field", { questions: [color({ bogus: 1 })] }, "invalid question.request params: at /questions/0: unexpected property 'bogus'"],
    ["no questions", { questions: [] }, "invalid question.request params: at /questions: must not have fewer than 1 items"],
    ["missing questions", {}, "invalid question.request params: must have required property 'questions'"],
    [
      "five options",
      { questions: [color({ options: ["A", "B", "C", "D", "E"].map((label) => ({ label })) })] },
      "invalid question.request params: at /questions/0/options: must not have more than 4 items",
    ],
    [
      "bad question id",
      { questions: [color({ questionId: "Bad-Id" })] },
      'invalid question.request params: at /questions/0/questionId: must match pattern "^[a-z][a-z0-9_]*$"',
    ],
    [
      "long header",
      { questions: [color({ header: "Colour of the car" })] },
      "invalid question.request params: at /questions/0/header: must not have more than 12 characters",
    ],
    ["timeoutMs zero", { questions: [color()], timeoutMs: 0 }, "invalid question.request params: at /timeoutMs: must be >= 1"],
    ["timeoutMs fraction", { questions: [color()], timeoutMs: 1.5 }, "invalid question.request params: at /timeoutMs: must be integer"],
    ["one option", { questions: [color({ options: [{ label: "Red" }] })] }, "question 'color' must have either no options or 2 to 4 options"],
    [
      "duplicate labels",
      { questions: [color({ options: [{ label: "Red" }, { label: " red " }] })] },
      "question 'color' has duplicate option label ' red '",
    ],
    ["duplicate ids", { questions: [color(), color({ header: "Shade" })] }, "duplicate question id 'color'"],
    ["secret question", { questions: [color({ isSecret: true })] }, "question 'color': secret questions are not supported yet"],
    [
      "credentials in url",
      { questions: [color({ url: "https://user:pw@example.com" })] },
      "question 'color' requires an absolute HTTP(S) URL without credentials",
    ],
    [
      "secret store",
      { questions: [color({ isSecret: true, secretStore: { name: "API_KEY", kind: "secret" } })] },
      "secret store questions require an operator.admin client",
    ],
  ];
  it.each(requestErrors)("question.request refuses %s", async (_name, params, message) => {
    const ui = await operator();
    expect(errorOf(await ui.request("question.request", params))).toEqual({ code: "INVALID_REQUEST", message });
    expect((await ui.request("question.list", {})).payload).toEqual({ questions: [] });
  });

  it("question.request refuses a reused id with QUESTION_ID_IN_USE", async () => {
    const ui = await operator();
    await ui.request("question.request", { id: "q1", questions: [color()] });
    expect(errorOf(await ui.request("question.request", { id: "q1", questions: [color()] }))).toEqual({
      code: "INVALID_REQUEST",
      message: "question 'q1' already exists",
      details: { reason: "QUESTION_ID_IN_USE" },
    });
  });

  it.each([
    ["question.list", { sessionKey: "main" }, "invalid question.list params: at root: unexpected property 'sessionKey'"],
    ["question.get", {}, "invalid question.get params: must have required property 'id'"],
    ["question.get", { id: "" }, "invalid question.get params: at /id: must not have fewer than 1 characters"],
    ["question.waitAnswer", { id: "q", timeoutMs: "1" }, "invalid question.waitAnswer params: at /timeoutMs: must be integer"],
    [
      "question.resolve",
      { id: "q" },
      "invalid question.resolve params: must have required property 'answers'; must have required property 'cancel'; must match a schema in anyOf",
    ],
    [
      "question.resolve",
      { id: "q", answers: { color: ["Red"] } },
      "invalid question.resolve params: at /answers: must have required property 'answers'; at /answers: unexpected property 'color'; must have required property 'cancel'; at root: unexpected property 'answers'; must match a schema in anyOf",
    ],
  ])("%s refuses params %j", async (method, params, message) => {
    const ui = await operator();
    expect(errorOf(await ui.request(method, params))).toEqual({ code: "INVALID_REQUEST", message });
  });

  const multi = () => ({
    id: "m",
    questions: [
      color(),
      { ...color({ questionId: "toppings", header: "Toppings", multiSelect: true }), options: [{ label: "Cheese" }, { label: "Olives" }] },
    ],
  });
  const invalidAnswers: Array<[string, Record<string, unknown>, string]> = [
    ["a question left out", { color: ["Red"] }, "question 'toppings' requires an answer"],
    ["an empty array", { color: [], toppings: ["Cheese"] }, "question 'color' requires an answer"],
    ["a blank value", { color: ["  "], toppings: ["Cheese"] }, "question 'color' contains an empty answer"],
    ["two values on single-select", { color: ["Red", "Blue"], toppings: ["Cheese"] }, "question 'color' does not allow multiple answers"],
    ["an unknown key", { color: ["Red"], toppings: ["Cheese"], extra: ["x"] }, "question 'extra' is not part of this request"],
    ["an unknown key the schema does not type", { Extra: 5, color: ["Red"], toppings: ["Cheese"] }, "question 'Extra' is not part of this request"],
  ];
  it.each(invalidAnswers)("question.resolve refuses %s with QUESTION_INVALID_ANSWER and keeps it pending", async (_name, answers, message) => {
    const ui = await operator();
    await ui.request("question.request", multi());
    expect(errorOf(await ui.request("question.resolve", { id: "m", answers: { answers } }))).toEqual({
      code: "INVALID_REQUEST",
      message,
      details: { reason: "QUESTION_INVALID_ANSWER" },
    });
    expect((await ui.request("question.get", { id: "m" })).payload).toMatchObject({ question: { status: "pending" } });
  });

  it("question.resolve answers with canonical values; first writer wins; the event follows the reply", async () => {
    const ui = await operator();
    await ui.request("question.request", multi());
    const answered = await ui.request("question.resolve", {
      id: "m",
      answers: { answers: { toppings: [" Olives ", "cheese"], color: ["  Red "] } },
      resolvedBy: "tester",
    });
    const canonical = { answers: { color: ["Red"], toppings: ["Olives", "cheese"] } };
    expect(answered.payload).toEqual({ status: "answered", answers: canonical });
    expect((await ui.waitForEvent("question.resolved")).payload).toEqual({ id: "m", status: "answered", answers: canonical });
    const terminal = {
      code: "INVALID_REQUEST",
      message: "question 'm' is already answered",
      details: { reason: "QUESTION_ALREADY_TERMINAL" },
    };
    expect(errorOf(await ui.request("question.resolve", { id: "m", answers: { answers: { color: ["Blue"], toppings: ["Cheese"] } } }))).toEqual(
      terminal,
    );
    expect(errorOf(await ui.request("question.resolve", { id: "m", cancel: true }))).toEqual(terminal);
    expect((await ui.request("question.get", { id: "m" })).payload).toMatchObject({
      question: { status: "answered", answers: canonical, resolvedBy: "tester" },
    });
  });

  it("question.resolve with cancel skips: status cancelled and a cancelled event", async () => {
    const ui = await operator();
    await ui.request("question.request", { id: "q1", questions: [color()] });
    expect((await ui.request("question.resolve", { id: "q1", cancel: true })).payload).toEqual({ status: "cancelled" });
    expect((await ui.waitForEvent("question.resolved")).payload).toEqual({ id: "q1", status: "cancelled" });
    expect((await ui.request("question.get", { id: "q1" })).payload).toMatchObject({ question: { status: "cancelled" } });
  });

  it.each(["question.get", "question.resolve", "question.waitAnswer"])("%s on an unknown id is QUESTION_NOT_FOUND", async (method) => {
    const ui = await operator();
    const params = method === "question.resolve" ? { id: "nope", cancel: true } : { id: "nope" };
    expect(errorOf(await ui.request(method, params))).toEqual({
      code: "INVALID_REQUEST",
      message: "question 'nope' was not found",
      details: { reason: "QUESTION_NOT_FOUND" },
    });
  });

  it("question.waitAnswer: pending after its own timeout, the answer when one arrives, then the stored result", async () => {
    const ui = await operator();
    await ui.request("question.request", { id: "q1", questions: [color()] });
    const short = ui.request("question.waitAnswer", { id: "q1", timeoutMs: 500 });
    await expect.poll(() => clock.pending()).toBeGreaterThanOrEqual(3);
    clock.advance(500);
    expect((await short).payload).toEqual({ status: "pending" });
    const open = ui.request("question.waitAnswer", { id: "q1", includeResolutionId: true });
    await ui.request("question.resolve", { id: "q1", answers: { answers: { color: ["Blue"] } }, resolutionId: "r-1" });
    expect((await open).payload).toEqual({ status: "answered", answers: { answers: { color: ["Blue"] } }, resolutionId: "r-1" });
    expect((await ui.request("question.waitAnswer", { id: "q1" })).payload).toEqual({
      status: "answered",
      answers: { answers: { color: ["Blue"] } },
    });
  });

  it("expires on time: expired event, waitAnswer and get report it, answering is refused", async () => {
    const ui = await operator();
    await ui.request("question.request", { id: "q1", questions: [color()], timeoutMs: 1_000 });
    const waiting = ui.request("question.waitAnswer", { id: "q1" });
    await expect.poll(() => clock.pending()).toBeGreaterThanOrEqual(2);
    clock.advance(999);
    expect((await ui.request("question.get", { id: "q1" })).payload).toMatchObject({ question: { status: "pending" } });
    clock.advance(1);
    expect((await ui.waitForEvent("question.resolved")).payload).toEqual({ id: "q1", status: "expired" });
    expect((await waiting).payload).toEqual({ status: "expired" });
    expect(errorOf(await ui.request("question.resolve", { id: "q1", answers: { answers: { color: ["Red"] } } }))).toEqual({
      code: "INVALID_REQUEST",
      message: "question 'q1' is already expired",
      details: { reason: "QUESTION_ALREADY_TERMINAL" },
    });
  });

  it("keeps a terminal record readable for 15 s, then forgets it", async () => {
    const ui = await operator();
    await ui.request("question.request", { id: "q1", questions: [color()] });
    await ui.request("question.resolve", { id: "q1", cancel: true });
    clock.advance(14_999);
    expect((await ui.request("question.get", { id: "q1" })).ok).toBe(true);
    clock.advance(1);
    expect(errorOf(await ui.request("question.get", { id: "q1" }))).toEqual({
      code: "INVALID_REQUEST",
      message: "question 'q1' was not found",
      details: { reason: "QUESTION_NOT_FOUND" },
    });
    expect(served.gateway.records()).toEqual([]);
  });

  it("sends a tick every 30 s to connected clients, in the same seq as question events", async () => {
    const ui = await operator();
    await ui.request("question.request", { id: "q1", questions: [color()] });
    await ui.waitForEvent("question.requested");
    clock.advance(30_000);
    const tick = await ui.waitForEvent("tick");
    expect(tick.payload).toEqual({ ts: clock.now() });
    expect(tick.seq).toBe(2);
  });
});

describe("agent side", () => {
  const askInput = {
    questions: [
      {
        id: "deploy_target",
        header: "  Deployment target  ",
        question: "Where should this build go?",
        options: [
          { label: "Staging (Recommended)", description: "safe" },
          { label: "Production", description: "  " },
        ],
      },
    ],
    timeoutSeconds: 120,
  };

  it("chat.send asks the ask_user input as a question of that run; answering ends the turn", async () => {
    const ui = await operator();
    const agent = await operator(["operator.questions", "operator.write"]);
    const sent = await agent.request("chat.send", { sessionKey: "main", message: JSON.stringify(askInput), idempotencyKey: "run-7" });
    expect(sent.payload).toEqual({ runId: "run-7", status: "started" });
    const asked = (await ui.waitForEvent("question.requested")).payload as { id: string };
    expect(asked).toEqual({
      id: expect.stringMatching(/^ask_[0-9a-f]{32}$/),
      questions: [
        {
          questionId: "deploy_target",
          header: "Deployment t",
          question: "Where should this build go?",
          options: [{ label: "Staging (Recommended)", description: "safe" }, { label: "Production" }],
          isOther: true,
        },
      ],
      agentId: "main",
      sessionKey: "agent:main:main",
      runId: "run-7",
      createdAtMs: clock.now(),
      expiresAtMs: clock.now() + 120_000,
      status: "pending",
    });
    await ui.request("question.resolve", { id: asked.id, answers: { answers: { deploy_target: ["Production"] } } });
    const final = await agent.waitForEvent("chat");
    expect(final.payload).toMatchObject({ runId: "run-7", sessionKey: "agent:main:main", state: "final" });
    expect(ui.events.some((event) => event.event === "chat")).toBe(false);
  });

  it("chat.abort cancels the run's pending question with resolvedBy requester-inactive", async () => {
    const ui = await operator();
    const agent = await operator(["operator.write"]);
    await agent.request("chat.send", { sessionKey: "main", message: JSON.stringify(askInput), idempotencyKey: "run-8" });
    const asked = (await ui.waitForEvent("question.requested")).payload as { id: string };
    expect((await agent.request("chat.abort", { sessionKey: "main", runId: "run-8" })).payload).toEqual({
      ok: true,
      aborted: true,
      runIds: ["run-8"],
    });
    expect((await ui.waitForEvent("question.resolved")).payload).toEqual({ id: asked.id, status: "cancelled" });
    expect((await ui.request("question.get", { id: asked.id })).payload).toMatchObject({
      question: { status: "cancelled", resolvedBy: "requester-inactive" },
    });
    expect((await agent.request("chat.abort", { sessionKey: "main", runId: "run-8" })).payload).toEqual({
      ok: true,
      aborted: false,
      runIds: [],
    });
  });

  it.each([
    ["text that is not JSON", "hello", 'embedded agent: message must be ask_user tool input as JSON, like {"questions":[...]}'],
    ["input the tool refuses", JSON.stringify({ questions: [] }), "embedded agent: ask_user input is invalid"],
  ])("chat.send refuses %s, naming the problem", async (_name, message, start) => {
    const agent = await operator(["operator.questions", "operator.write"]);
    const error = errorOf(await agent.request("chat.send", { sessionKey: "main", message, idempotencyKey: "k" })) as {
      code: string;
      message: string;
    };
    expect(error.code).toBe("INVALID_REQUEST");
    expect(error.message.startsWith(start)).toBe(true);
    expect(served.gateway.records()).toEqual([]);
  });

  it("a repeated idempotencyKey starts no new run: in_flight while pending, ok once ended", async () => {
    const ui = await operator();
    const agent = await operator(["operator.questions", "operator.write"]);
    const send = () => agent.request("chat.send", { sessionKey: "main", message: JSON.stringify(askInput), idempotencyKey: "run-9" });
    await send();
    const asked = (await ui.waitForEvent("question.requested")).payload as { id: string };
    expect((await send()).payload).toEqual({ runId: "run-9", status: "in_flight" });
    await ui.request("question.resolve", { id: asked.id, cancel: true });
    expect((await send()).payload).toEqual({ runId: "run-9", status: "ok" });
    expect(served.gateway.records()).toHaveLength(1);
  });

  it("allows one pending ask_user question per session", async () => {
    const agent = await operator(["operator.questions", "operator.write"]);
    await agent.request("chat.send", { sessionKey: "main", message: JSON.stringify(askInput), idempotencyKey: "a" });
    const second = await agent.request("chat.send", { sessionKey: "main", message: JSON.stringify(askInput), idempotencyKey: "b" });
    expect((errorOf(second) as { message: string }).message).toBe(
      "embedded agent: ask_user already has a pending question for this session; wait for it to resolve before asking another",
    );
    expect((await agent.request("chat.send", { sessionKey: "other", message: JSON.stringify(askInput), idempotencyKey: "c" })).ok).toBe(true);
  });
});

describe("lifecycle", () => {
  it("restart drops every connection (1012) and every record", async () => {
    const ui = await operator();
    await ui.request("question.request", { id: "q1", questions: [color()] });
    served.gateway.restart();
    expect(await ui.closed).toEqual({ code: 1012, reason: "service restart" });
    const again = await operator();
    expect((await again.request("question.list", {})).payload).toEqual({ questions: [] });
  });

  it("keeps pending records across a client reconnect", async () => {
    const first = await operator();
    await first.request("question.request", { id: "q1", questions: [color()] });
    await first.close();
    const second = await operator();
    expect((await second.request("question.list", {})).payload).toMatchObject({ questions: [{ id: "q1" }] });
  });

  it("refuses to serve on a non-loopback host", async () => {
    await expect(serveLocalGateway({ host: "0.0.0.0", token: TOKEN })).rejects.toThrow(/host must be a loopback address/);
  });
});
