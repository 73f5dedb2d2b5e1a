import type { WebSocketLike } from "../../../src/client/index.js";

export interface SentFrame {
  type: string;
  id?: string;
  method?: string;
  params?: unknown;
}

/** A scriptable socket: the test plays the gateway by calling `open`, `receive` and `serverClose`. */
export interface FakeSocket extends WebSocketLike {
  readonly url: string;
  readyState: number;
  readonly sent: SentFrame[];
  closedWith: { code?: number; reason?: string } | null;
  open(): void;
  receive(frame: unknown): void;
  receiveRaw(data: unknown): void;
  serverClose(code?: number, reason?: string): void;
  challenge(nonce?: string, ts?: number): void;
  requests(method?: string): SentFrame[];
  lastRequest(method: string): SentFrame;
  reply(request: SentFrame, payload: unknown): void;
  replyError(request: SentFrame, error: Record<string, unknown>): void;
  event(event: string, payload: unknown, seq?: number): void;
  /** Called with every frame the client sends. */
  onSend: ((frame: SentFrame) => void) | null;
}

export interface FakeSocketClass {
  new (url: string): FakeSocket;
  readonly instances: FakeSocket[];
  latest(): FakeSocket;
}

/** A fresh WebSocket class per test, so instances never leak between tests. */
export function createFakeSocketClass(onCreate?: (socket: FakeSocket) => void): FakeSocketClass {
  const instances: FakeSocket[] = [];

  class Socket implements FakeSocket {
    readyState = 0;
    readonly sent: SentFrame[] = [];
    closedWith: { code?: number; reason?: string } | null = null;
    onopen: WebSocketLike["onopen"] = null;
    onmessage: WebSocketLike["onmessage"] = null;
    onclose: WebSocketLike["onclose"] = null;
    onerror: WebSocketLike["onerror"] = null;
    onSend: ((frame: SentFrame) => void) | null = null;

    constructor(readonly url: string) {
      instances.push(this);
      onCreate?.(this);
    }

    send(data: string): void {
      if (this.readyState !== 1) throw new Error("InvalidStateError: socket is not open");
      const frame = JSON.parse(data) as SentFrame;
      this.sent.push(frame);
      this.onSend?.(frame);
    }

    close(code?: number, reason?: string): void {
      this.closedWith = { ...(code !== undefined ? { code } : {}), ...(reason !== undefined ? { reason } : {}) };
      this.readyState = 3;
    }

    open(): void {
      this.readyState = 1;
      this.onopen?.({});
    }

    receive(frame: unknown): void {
      this.receiveRaw(JSON.stringify(frame));
    }

    receiveRaw(data: unknown): void {
      this.onmessage?.({ data });
    }

    serverClose(code = 1006, reason = ""): void {
      this.readyState = 3;
      this.onclose?.({ code, reason });
    }

    challenge(nonce = "nonce-1", ts = 1_700_000_000_000): void {
      this.receive({ type: "event", event: "connect.challenge", payload: { nonce, ts } });
    }

    requests(method?: string): SentFrame[] {
      return this.sent.filter((frame) => frame.type === "req" && (method === undefined || frame.method === method));
    }

    lastRequest(method: string): SentFrame {
      const found = this.requests(method).at(-1);
      if (!found) throw new Error(`no ${method} request was sent`);
      return found;
    }

    reply(request: SentFrame, payload: unknown): void {
      this.receive({ type: "res", id: request.id, ok: true, payload });
    }

    replyError(request: SentFrame, error: Record<string, unknown>): void {
      this.receive({ type: "res", id: request.id, ok: false, error });
    }

    event(event: string, payload: unknown, seq?: number): void {
      this.receive({ type: "event", event, payload, ...(seq !== undefined ? { seq } : {}) });
    }
  }

  return Object.assign(Socket, {
    instances,
    latest(): FakeSocket {
      const socket = instances.at(-1);
      if (!socket) throw new Error("no socket was created");
      return socket;
    },
  });
}

/** Lets promise callbacks (responses, rejections) run without moving fake time. */
export async function flush(rounds = 10): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await Promise.resolve();
}

export const HELLO_OK = {
  type: "hello-ok",
  protocol: 4,
  server: { version: "test", connId: "c1" },
  features: { methods: ["question.list", "question.get", "question.resolve"], events: ["question.requested", "question.resolved"] },
  auth: { role: "operator", scopes: ["operator.questions"] },
  policy: { tickIntervalMs: 30_000 },
};

/** Opens the socket, sends a challenge and answers `connect` with hello-ok. */
export async function handshake(socket: FakeSocket, hello: unknown = HELLO_OK): Promise<void> {
  socket.open();
  socket.challenge();
  socket.reply(socket.lastRequest("connect"), hello);
  await flush();
}
