// The in-memory WebSocket adapter (what Storybook and happy-dom tests use) and the in-process
// helpers (`ask`, `records`, `restart`), with no network at all.
import { afterEach, describe, expect, it } from "vitest";
import { createInMemoryWebSocket, createLocalGateway, type LocalGateway } from "../../src/testing/index.js";
import { createManualClock } from "../testing/manual-clock.js";

const TOKEN = "memory-token";
let gateway: LocalGateway;
afterEach(() => gateway?.close());

interface Frame {
  type: string;
  id?: string;
  ok?: boolean;
  event?: string;
  payload?: any;
  error?: any;
  seq?: number;
}

/** Opens an in-memory socket and records everything it sees, through both listener styles. */
function open(SocketClass: ReturnType<typeof createInMemoryWebSocket>) {
  const socket = new SocketClass("ws://embedded.invalid");
  const frames: Frame[] = [];
  const seen: string[] = [];
  socket.onopen = () => seen.push("onopen");
  socket.addEventListener("open", () => seen.push("open"));
  socket.onmessage = (event) => frames.push(JSON.parse(String(event.data)));
  const closed = new Promise<{ code: number; reason: string; wasClean: boolean }>((resolve) =>
    socket.addEventListener("close", (event) => {
      const { code, reason, wasClean } = event as unknown as { code: number; reason: string; wasClean: boolean };
      resolve({ code, reason, wasClean });
    }),
  );
  let next = 0;
  const request = async (method: string, params?: unknown) => {
    const id = `r${++next}`;
    socket.send(JSON.stringify({ type: "req", id, method, ...(params === undefined ? {} : { params }) }));
    await expect.poll(() => frames.find((frame) => frame.type === "res" && frame.id === id)).toBeDefined();
    return frames.find((frame) => frame.type === "res" && frame.id === id) as Frame;
  };
  const event = async (name: string) => {
    await expect.poll(() => frames.find((frame) => frame.type === "event" && frame.event === name)).toBeDefined();
    return frames.find((frame) => frame.type === "event" && frame.event === name) as Frame;
  };
  return { socket, frames, seen, closed, request, event };
}

const connect = async (client: ReturnType<typeof open>, clientId = "cli", mode = "cli") => {
  await client.event("connect.challenge");
  return client.request("connect", {
    minProtocol: 4,
    maxProtocol: 4,
    client: { id: clientId, version: "test", platform: "test", mode },
    role: "operator",
    scopes: ["operator.questions"],
    caps: [],
    auth: { token: TOKEN },
  });
};

const askInput = {
  questions: [{ id: "color", header: "Color", question: "Which color?", options: [{ label: "Red" }, { label: "Blue" }] }],
  timeoutSeconds: 60,
};

describe("createInMemoryWebSocket", () => {
  it("opens asynchronously, delivers the challenge, and connects like a socket would", async () => {
    gateway = createLocalGateway({ token: TOKEN });
    const Socket = createInMemoryWebSocket(gateway);
    const client = open(Socket);
    expect(client.socket.readyState).toBe(Socket.CONNECTING);
    expect(() => client.socket.send("{}")).toThrow(/still connecting/);
    expect(client.frames).toEqual([]);
    const challenge = await client.event("connect.challenge");
    expect(client.seen).toEqual(["onopen", "open"]);
    expect(client.socket.readyState).toBe(Socket.OPEN);
    expect(challenge.payload).toMatchObject({ nonce: expect.any(String), ts: expect.any(Number) });
    const hello = await connect(client);
    expect(hello.payload).toMatchObject({ type: "hello-ok", auth: { scopes: ["operator.questions"] } });
  });

  it("round-trips a question: requested event, resolve reply, resolved event", async () => {
    gateway = createLocalGateway({ token: TOKEN });
    const client = open(createInMemoryWebSocket(gateway));
    await connect(client);
    const asked = gateway.ask(askInput, { sessionKey: "main", runId: "run-1" });
    const requested = await client.event("question.requested");
    expect(requested.payload).toMatchObject({ sessionKey: "agent:main:main", runId: "run-1", status: "pending" });
    const reply = await client.request("question.resolve", { id: requested.payload.id, answers: { answers: { color: [" Blue "] } } });
    expect(reply.payload).toEqual({ status: "answered", answers: { answers: { color: ["Blue"] } } });
    await expect(asked).resolves.toEqual({ status: "answered", answers: { answers: { color: ["Blue"] } } });
    expect((await client.event("question.resolved")).payload).toEqual({
      id: requested.payload.id,
      status: "answered",
      answers: { answers: { color: ["Blue"] } },
    });
  });

  it("refuses a wrong token and closes the socket with 1008", async () => {
    gateway = createLocalGateway({ token: TOKEN });
    const client = open(createInMemoryWebSocket(gateway));
    await client.event("connect.challenge");
    client.socket.send(
      JSON.stringify({
        type: "req",
        id: "c",
        method: "connect",
        params: {
          minProtocol: 4,
          maxProtocol: 4,
          client: { id: "cli", version: "1", platform: "t", mode: "cli" },
          auth: { token: "nope" },
        },
      }),
    );
    const closed = await client.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/^unauthorized: gateway token mismatch/);
    expect(client.socket.readyState).toBe(client.socket.CLOSED);
  });

  it("checks browser clients against the page origin it is given", async () => {
    gateway = createLocalGateway({ token: TOKEN, allowedOrigins: ["https://storybook.example"] });
    const allowed = open(createInMemoryWebSocket(gateway, { origin: "https://storybook.example" }));
    expect((await connect(allowed, "webchat-ui", "webchat")).ok).toBe(true);
    const refused = open(createInMemoryWebSocket(gateway, { origin: "https://elsewhere.example" }));
    const reply = await connect(refused, "webchat-ui", "webchat");
    expect(reply.error).toMatchObject({
      code: "INVALID_REQUEST",
      details: { code: "CONTROL_UI_ORIGIN_NOT_ALLOWED", reason: "origin not allowed" },
    });
  });

  it("closes from the client side with the code it asked for", async () => {
    gateway = createLocalGateway({ token: TOKEN });
    const client = open(createInMemoryWebSocket(gateway));
    await connect(client);
    client.socket.close(4000, "bye");
    expect(client.socket.readyState).toBe(client.socket.CLOSING);
    expect(await client.closed).toEqual({ code: 4000, reason: "bye", wasClean: true });
  });

  it("reports a gateway restart as close 1012 and a gateway without records", async () => {
    gateway = createLocalGateway({ token: TOKEN });
    const client = open(createInMemoryWebSocket(gateway));
    await connect(client);
    const asked = gateway.ask(askInput);
    gateway.restart();
    expect(await client.closed).toEqual({ code: 1012, reason: "service restart", wasClean: true });
    await expect(asked).resolves.toEqual({ status: "no_answer" });
    expect(gateway.records()).toEqual([]);
  });
});

describe("in-process helpers", () => {
  it("ask resolves no_answer on expiry; records() keeps the terminal record through the grace period", async () => {
    const clock = createManualClock();
    gateway = createLocalGateway({ now: clock.now, timers: clock });
    const asked = gateway.ask({ ...askInput, timeoutSeconds: 5 });
    expect(gateway.records()).toMatchObject([
      { id: expect.stringMatching(/^ask_[0-9a-f]{32}$/), status: "pending", expiresAtMs: clock.now() + 30_000 },
    ]);
    clock.advance(30_000);
    await expect(asked).resolves.toEqual({ status: "no_answer" });
    expect(gateway.records()).toMatchObject([{ status: "expired" }]);
    clock.advance(15_000);
    expect(gateway.records()).toEqual([]);
  });

  it("ask rejects input the tool refuses, naming every problem", async () => {
    gateway = createLocalGateway();
    await expect(gateway.ask({ questions: [{ id: "Bad Id", header: "", question: "q", options: [] }] })).rejects.toThrow(
      /ask_user input is invalid: .*\/questions\/0/,
    );
    expect(gateway.records()).toEqual([]);
  });

  it("records() is a snapshot the caller cannot change", async () => {
    gateway = createLocalGateway();
    void gateway.ask(askInput);
    const [record] = gateway.records();
    record!.status = "answered";
    expect(gateway.records()[0]?.status).toBe("pending");
  });

  it("close() refuses later connections", async () => {
    gateway = createLocalGateway();
    gateway.close();
    const client = open(createInMemoryWebSocket(gateway));
    expect((await client.closed).code).toBe(1012);
  });
});
