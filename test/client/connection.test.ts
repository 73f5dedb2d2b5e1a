import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ClientErrorCodes, createGatewayClient, GatewayError, type GatewayClientOptions } from "../../src/client/index.js";
import { createManualClock } from "../testing/manual-clock.js";
import { createFakeSocketClass, flush, handshake, HELLO_OK, type FakeSocketClass } from "./support/fake-socket.js";

let Socket: FakeSocketClass;
let errors: GatewayError[];

function client(overrides: Partial<GatewayClientOptions> = {}) {
  return createGatewayClient({
    url: "ws://127.0.0.1:18789",
    token: "secret",
    WebSocket: Socket,
    random: () => 0,
    onError: (error) => errors.push(error),
    ...overrides,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  Socket = createFakeSocketClass();
  errors = [];
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("handshake", () => {
  it("answers the challenge with connect params of the exact shape and becomes connected", async () => {
    const gateway = client();
    const statuses: string[] = [];
    gateway.onStatus((status) => statuses.push(status));
    const socket = Socket.latest();
    expect(gateway.getStatus()).toBe("connecting");
    socket.open();
    expect(socket.sent).toEqual([]);
    socket.challenge("n-42", 1_700_000_000_123);
    const connect = socket.lastRequest("connect");
    expect(connect).toEqual({
      type: "req",
      id: expect.any(String),
      method: "connect",
      params: {
        minProtocol: 4,
        maxProtocol: 4,
        client: { id: "gateway-client", version: "ask-user-kit", platform: process.platform, mode: "backend" },
        role: "operator",
        scopes: ["operator.questions"],
        caps: [],
        auth: { token: "secret" },
      },
    });
    socket.reply(connect, HELLO_OK);
    await flush();
    expect(gateway.getStatus()).toBe("connected");
    expect(gateway.getHello()).toEqual(HELLO_OK);
    expect(statuses).toEqual(["connected"]);
    expect(errors).toEqual([]);
  });

  it("sends connect anyway after 750 ms without a challenge", async () => {
    client();
    const socket = Socket.latest();
    socket.open();
    await vi.advanceTimersByTimeAsync(749);
    expect(socket.requests("connect")).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.requests("connect")).toHaveLength(1);
    // A late challenge does not cause a second connect.
    socket.challenge();
    expect(socket.requests("connect")).toHaveLength(1);
  });

  it("schedules every timer through options.timers, none on the global clock", async () => {
    const clock = createManualClock();
    const gateway = client({ timers: clock, requestTimeoutMs: 1_000 });
    const socket = Socket.latest();
    socket.open();
    clock.advance(749);
    expect(socket.requests("connect")).toHaveLength(0);
    clock.advance(1);
    socket.reply(socket.lastRequest("connect"), HELLO_OK);
    await flush();
    const listed = gateway.request("question.list").catch((caught: unknown) => caught);
    clock.advance(1_000);
    expect(await listed).toMatchObject({ code: ClientErrorCodes.TIMEOUT });
    socket.serverClose();
    expect(clock.pending()).toBe(1);
    clock.advance(800);
    expect(Socket.instances).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("adds operator.questions to the host's scopes once, keeping their order", () => {
    client({
      scopes: ["operator.read", "operator.read", "operator.write"],
      client: { id: "cli", mode: "cli", platform: "test-os", displayName: "Kit" },
    });
    const socket = Socket.latest();
    socket.open();
    socket.challenge();
    const params = socket.lastRequest("connect").params as { scopes: string[]; client: unknown };
    expect(params.scopes).toEqual(["operator.read", "operator.write", "operator.questions"]);
    expect(params.client).toEqual({ id: "cli", version: "ask-user-kit", platform: "test-os", mode: "cli", displayName: "Kit" });
  });

  it.each([
    { name: "unknown id", info: { id: "my-app", mode: "backend" }, mentions: ["client.id", "gateway-client", "openclaw-control-ui"] },
    { name: "unknown mode", info: { id: "gateway-client", mode: "server" }, mentions: ["client.mode", "backend", "webchat"] },
    { name: "blank platform", info: { id: "cli", mode: "cli", platform: " " }, mentions: ["client.platform"] },
  ])("refuses a client identity the gateway would reject ($name) without opening a socket", ({ info, mentions }) => {
    const gateway = client({ client: info });
    expect(Socket.instances).toHaveLength(0);
    expect(gateway.getStatus()).toBe("disconnected");
    const error = gateway.getLastError();
    expect(error?.code).toBe(ClientErrorCodes.INVALID_OPTIONS);
    for (const text of mentions) expect(error?.message).toContain(text);
    expect(errors).toEqual([error]);
  });

  it.each(["http://127.0.0.1:1", "", "127.0.0.1:18789"])("refuses url %j with a clear error", (url) => {
    const gateway = client({ url });
    expect(Socket.instances).toHaveLength(0);
    expect(gateway.getLastError()?.message).toContain("ws:// or wss://");
  });

  it("reports a missing WebSocket constructor as a typed error naming the option", () => {
    vi.stubGlobal("WebSocket", undefined);
    const gateway = client({ WebSocket: undefined });
    expect(gateway.getStatus()).toBe("disconnected");
    expect(gateway.getLastError()?.code).toBe(ClientErrorCodes.NO_WEBSOCKET);
    expect(gateway.getLastError()?.message).toContain("options.WebSocket");
    expect(errors.map((error) => error.code)).toEqual([ClientErrorCodes.NO_WEBSOCKET]);
  });

  it("uses globalThis.WebSocket when no constructor is passed", () => {
    vi.stubGlobal("WebSocket", Socket);
    client({ WebSocket: undefined });
    expect(Socket.instances).toHaveLength(1);
  });

  it("reports when the gateway did not grant operator.questions", async () => {
    const gateway = client({ client: { id: "test", mode: "test" } });
    await handshake(Socket.latest(), { ...HELLO_OK, auth: { role: "operator", scopes: ["operator.read"] } });
    expect(gateway.getStatus()).toBe("connected");
    expect(errors.map((error) => error.code)).toEqual([ClientErrorCodes.MISSING_SCOPE]);
    expect(errors[0]?.message).toContain('"gateway-client"');
  });
});

describe("connect failures", () => {
  it("retries a retryable UNAVAILABLE after exactly retryAfterMs", async () => {
    const gateway = client();
    const statuses: string[] = [];
    gateway.onStatus((status, error) => statuses.push(`${status}${error ? `:${error.code}` : ""}`));
    const first = Socket.latest();
    first.open();
    first.challenge();
    first.replyError(first.lastRequest("connect"), {
      code: "UNAVAILABLE",
      message: "gateway starting",
      details: { reason: "startup-sidecars" },
      retryable: true,
      retryAfterMs: 500,
    });
    await flush();
    expect(first.closedWith?.code).toBe(4013);
    expect(statuses).toEqual(["disconnected:UNAVAILABLE"]);
    await vi.advanceTimersByTimeAsync(499);
    expect(Socket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(Socket.instances).toHaveLength(2);
    await handshake(Socket.latest());
    expect(gateway.getStatus()).toBe("connected");
    expect(gateway.getLastError()).toBeNull();
    expect(statuses).toEqual(["disconnected:UNAVAILABLE", "connecting:UNAVAILABLE", "connected"]);
  });

  it.each([
    { code: "INVALID_REQUEST", message: "unauthorized: gateway token mismatch", details: { code: "AUTH_TOKEN_MISMATCH" } },
    { code: "INVALID_REQUEST", message: "invalid connect params: at /client/id: must be equal to one of the allowed values" },
    { code: "NOT_PAIRED", message: "pairing required", details: { code: "PAIRING_REQUIRED" } },
  ])("stops on a non-retryable connect error ($message) and surfaces it", async (wire) => {
    const gateway = client();
    const socket = Socket.latest();
    socket.open();
    socket.challenge();
    socket.replyError(socket.lastRequest("connect"), wire);
    await flush();
    expect(gateway.getStatus()).toBe("disconnected");
    const error = gateway.getLastError();
    expect(error).toBeInstanceOf(GatewayError);
    expect(error?.toJSON()).toEqual(wire);
    expect(errors).toEqual([error]);
    socket.serverClose(1008, "connect failed");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(Socket.instances).toHaveLength(1);

    gateway.connect();
    expect(Socket.instances).toHaveLength(2);
    expect(gateway.getStatus()).toBe("connecting");
  });

  it("adds the allowedOrigins fix to an origin refusal", async () => {
    const gateway = client({ client: { id: "openclaw-control-ui", mode: "webchat" } });
    const socket = Socket.latest();
    socket.open();
    socket.challenge();
    socket.replyError(socket.lastRequest("connect"), {
      code: "INVALID_REQUEST",
      message: "origin not allowed",
      details: { code: "CONTROL_UI_ORIGIN_NOT_ALLOWED" },
    });
    await flush();
    expect(gateway.getLastError()?.details?.code).toBe("CONTROL_UI_ORIGIN_NOT_ALLOWED");
    expect(gateway.getLastError()?.message).toContain("gateway.controlUi.allowedOrigins");
  });

  it("reconnects with growing, capped delays after connections drop", async () => {
    const gateway = client({ backoff: { initialMs: 100, factor: 2, maxMs: 500, jitter: 0.5 }, random: () => 0 });
    const delays: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const count = Socket.instances.length;
      Socket.latest().serverClose(1006);
      let waited = 0;
      while (Socket.instances.length === count) {
        await vi.advanceTimersByTimeAsync(10);
        waited += 10;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([100, 200, 400, 500, 500, 500]);
    expect(gateway.getStatus()).toBe("connecting");
  });

  it("resets the backoff after a successful handshake", async () => {
    client({ backoff: { initialMs: 100, factor: 2, maxMs: 500 } });
    Socket.latest().serverClose();
    await vi.advanceTimersByTimeAsync(100);
    Socket.latest().serverClose();
    await vi.advanceTimersByTimeAsync(200);
    await handshake(Socket.latest());
    Socket.latest().serverClose();
    await vi.advanceTimersByTimeAsync(99);
    expect(Socket.instances).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(Socket.instances).toHaveLength(4);
  });
});

describe("requests", () => {
  it("resolves with the payload and rejects with a typed GatewayError", async () => {
    const gateway = client();
    const socket = Socket.latest();
    await handshake(socket);
    const ok = gateway.request("question.list", {});
    socket.reply(socket.lastRequest("question.list"), { questions: [] });
    await expect(ok).resolves.toEqual({ questions: [] });

    const failing = gateway.request("question.get", { id: "q1" });
    socket.replyError(socket.lastRequest("question.get"), {
      code: "INVALID_REQUEST",
      message: "question 'q1' was not found",
      details: { reason: "QUESTION_NOT_FOUND" },
    });
    const error = await failing.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: "INVALID_REQUEST", reason: "QUESTION_NOT_FOUND", message: "question 'q1' was not found" });
  });

  it("times out locally, sends a cancel frame and ignores the late response", async () => {
    const gateway = client({ requestTimeoutMs: 1_000 });
    const socket = Socket.latest();
    await handshake(socket);
    const result = gateway.request("question.list", {}).catch((caught: unknown) => caught);
    const request = socket.lastRequest("question.list");
    await vi.advanceTimersByTimeAsync(999);
    expect(socket.sent.filter((frame) => frame.type === "cancel")).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ code: ClientErrorCodes.TIMEOUT });
    expect(socket.sent.at(-1)).toEqual({ type: "cancel", id: request.id });
    socket.reply(request, { questions: [] });
    await flush();
    expect(errors).toEqual([]);
  });

  it("honours a per-call timeout", async () => {
    const gateway = client();
    await handshake(Socket.latest());
    const result = gateway.request("question.resolve", {}, { timeoutMs: 50 }).catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(50);
    expect(await result).toMatchObject({ code: ClientErrorCodes.TIMEOUT });
  });

  it("rejects with NOT_CONNECTED before the handshake and DISCONNECTED when the socket drops", async () => {
    const gateway = client();
    await expect(gateway.request("question.list")).rejects.toMatchObject({ code: ClientErrorCodes.NOT_CONNECTED });
    const socket = Socket.latest();
    await handshake(socket);
    const pending = gateway.request("question.list").catch((caught: unknown) => caught);
    socket.serverClose(1006);
    expect(await pending).toMatchObject({ code: ClientErrorCodes.DISCONNECTED });
    expect(gateway.getStatus()).toBe("disconnected");
  });
});

describe("events", () => {
  it("delivers events by name and stops after unsubscribe", async () => {
    const gateway = client();
    const socket = Socket.latest();
    await handshake(socket);
    const seen: unknown[] = [];
    const off = gateway.onEvent("question.requested", (payload) => seen.push(payload));
    socket.event("question.requested", { id: "a" }, 1);
    socket.event("tick", {}, 2);
    off();
    socket.event("question.requested", { id: "b" }, 3);
    expect(seen).toEqual([{ id: "a" }]);
  });

  it("reports seq gaps per connection", async () => {
    const gateway = client();
    const gaps: unknown[] = [];
    gateway.onGap((gap) => gaps.push(gap));
    const socket = Socket.latest();
    await handshake(socket);
    for (const seq of [1, 2, 4, 5, 9]) socket.event("tick", {}, seq);
    expect(gaps).toEqual([
      { expected: 3, received: 4 },
      { expected: 6, received: 9 },
    ]);
    socket.serverClose();
    await vi.advanceTimersByTimeAsync(1_000);
    const next = Socket.latest();
    await handshake(next);
    for (const seq of [1, 2, 4]) next.event("tick", {}, seq);
    expect(gaps).toEqual([
      { expected: 3, received: 4 },
      { expected: 6, received: 9 },
      { expected: 3, received: 4 },
    ]);
  });

  it("reports a gap when the first event of a connection is not seq 1", async () => {
    const gateway = client();
    const gaps: unknown[] = [];
    gateway.onGap((gap) => gaps.push(gap));
    await handshake(Socket.latest());
    Socket.latest().event("tick", {}, 2);
    expect(gaps).toEqual([{ expected: 1, received: 2 }]);
    Socket.latest().serverClose();
    await vi.advanceTimersByTimeAsync(1_000);
    await handshake(Socket.latest());
    // The reconnected socket's first event (seq 1) was lost; its tick is the first to arrive.
    Socket.latest().event("tick", {}, 2);
    expect(gaps).toEqual([
      { expected: 1, received: 2 },
      { expected: 1, received: 2 },
    ]);
  });

  it("reports an absurd seq once, still delivers the event and keeps detecting gaps", async () => {
    const gateway = client();
    const gaps: unknown[] = [];
    const seen: unknown[] = [];
    gateway.onGap((gap) => gaps.push(gap));
    gateway.onEvent("tick", (payload) => seen.push(payload));
    const socket = Socket.latest();
    await handshake(socket);
    socket.event("tick", 1, 1);
    socket.event("tick", 2, 1e300);
    socket.event("tick", 3, -1);
    socket.event("tick", 4, 2);
    socket.event("tick", 5, 4);
    expect(gaps).toEqual([
      { expected: 2, received: 1e300 },
      { expected: 3, received: 4 },
    ]);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(errors).toEqual([]);
  });

  it("an event dropped for a non-numeric seq shows as a gap at the next event", async () => {
    const gateway = client();
    const gaps: unknown[] = [];
    gateway.onGap((gap) => gaps.push(gap));
    const socket = Socket.latest();
    await handshake(socket);
    socket.event("tick", {}, 1);
    socket.receive({ type: "event", event: "question.requested", payload: {}, seq: "2" });
    socket.event("tick", {}, 3);
    expect(errors.map((error) => error.code)).toEqual([ClientErrorCodes.MALFORMED_FRAME]);
    expect(gaps).toEqual([{ expected: 2, received: 3 }]);
  });

  it.each([
    { name: "bad JSON", data: "{not json", expected: "not valid JSON" },
    { name: "an array", data: "[1,2]", expected: "must be a JSON object" },
    { name: "an unknown type", data: '{"type":"ping"}', expected: 'unknown "type" "ping"' },
    { name: "a response without id", data: '{"type":"res","ok":true}', expected: 'missing its string "id"' },
    { name: "a response without ok", data: '{"type":"res","id":"x"}', expected: 'missing its boolean "ok"' },
    { name: "an event without name", data: '{"type":"event","payload":{}}', expected: 'missing its string "event"' },
    { name: "a non-numeric seq", data: '{"type":"event","event":"tick","seq":"7"}', expected: 'non-numeric "seq"' },
    { name: "a binary frame", data: new Blob(["x"]), expected: "binary frame" },
  ])("reports $name to onError, drops it and keeps going", async ({ data, expected }) => {
    const gateway = client();
    const socket = Socket.latest();
    await handshake(socket);
    const seen: unknown[] = [];
    gateway.onEvent("tick", (payload) => seen.push(payload));
    expect(() => socket.receiveRaw(data)).not.toThrow();
    expect(errors).toHaveLength(1);
    expect(errors[0]?.code).toBe(ClientErrorCodes.MALFORMED_FRAME);
    expect(errors[0]?.message).toContain(expected);
    socket.event("tick", { ok: true });
    expect(seen).toEqual([{ ok: true }]);
    expect(gateway.getStatus()).toBe("connected");
  });

  it("contains a throwing listener and still calls the others", async () => {
    const gateway = client();
    const socket = Socket.latest();
    await handshake(socket);
    const seen: string[] = [];
    gateway.onEvent("tick", () => {
      throw new Error("host bug");
    });
    gateway.onEvent("tick", () => seen.push("second"));
    expect(() => socket.event("tick", {})).not.toThrow();
    expect(seen).toEqual(["second"]);
    expect(errors.map((error) => error.code)).toEqual([ClientErrorCodes.LISTENER_FAILED]);
    expect(errors[0]?.message).toContain("host bug");
  });
});

describe("close()", () => {
  it("rejects pending requests with CLOSED, closes the socket, clears timers and never reconnects", async () => {
    const gateway = client();
    const socket = Socket.latest();
    await handshake(socket);
    const statuses: string[] = [];
    gateway.onStatus((status) => statuses.push(status));
    const pending = gateway.request("question.list").catch((caught: unknown) => caught);
    gateway.close();
    expect(await pending).toMatchObject({ code: ClientErrorCodes.CLOSED });
    expect(socket.closedWith).toEqual({ code: 1000, reason: "client closed" });
    expect(statuses).toEqual(["disconnected"]);
    expect(vi.getTimerCount()).toBe(0);
    socket.serverClose(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(Socket.instances).toHaveLength(1);
    await expect(gateway.request("question.list")).rejects.toMatchObject({ code: ClientErrorCodes.CLOSED });
    gateway.connect();
    expect(Socket.instances).toHaveLength(1);
    expect(errors.map((error) => error.code)).toEqual([ClientErrorCodes.CLOSED]);
  });

  it("cancels a scheduled reconnect", async () => {
    const gateway = client();
    Socket.latest().serverClose();
    expect(vi.getTimerCount()).toBe(1);
    gateway.close();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(Socket.instances).toHaveLength(1);
  });
});
