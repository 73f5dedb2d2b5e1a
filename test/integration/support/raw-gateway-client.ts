// A bare protocol client over `ws` for integration tests: it sends exactly the frames a test asks
// for and keeps every frame it receives, so tests can look at the gateway's raw replies.
import { randomUUID } from "node:crypto";
import WebSocket from "ws";

export interface GatewayErrorShape {
  code: string;
  message: string;
  details?: unknown;
  retryable?: boolean;
  retryAfterMs?: number;
}

export interface ResponseFrame {
  type: "res";
  id: string;
  ok: boolean;
  payload?: unknown;
  error?: GatewayErrorShape;
}

export interface EventFrame {
  type: "event";
  event: string;
  payload?: unknown;
  seq?: number;
}

export interface CloseInfo {
  code: number;
  reason: string;
}

export interface ConnectOptions {
  token: string;
  clientId?: string;
  mode?: string;
  scopes?: string[];
}

export interface RawGatewayClient {
  /** Every event received so far, in order. */
  readonly events: EventFrame[];
  /** The `connect.challenge` event (resolves once the server spoke first). */
  readonly challenge: Promise<EventFrame>;
  /** Resolves when the socket closes, with the close code the server sent. */
  readonly closed: Promise<CloseInfo>;
  request(method: string, params?: unknown, timeoutMs?: number): Promise<ResponseFrame>;
  /** Calls `listener` with every event from now on; returns the unsubscribe. */
  onEvent(listener: (frame: EventFrame) => void): () => void;
  /** The first event (already received or future) named `name` that matches `where`. */
  waitForEvent(name: string, where?: (payload: unknown) => boolean, timeoutMs?: number): Promise<EventFrame>;
  close(): Promise<void>;
}

export const PROTOCOL_VERSION = 4;
/** Both gateways speak first; a silent server is a failure to report, not to wait out. */
const CHALLENGE_TIMEOUT_MS = 10_000;

export function connectParams({ token, clientId = "cli", mode = "cli", scopes = ["operator.questions"] }: ConnectOptions) {
  return {
    minProtocol: PROTOCOL_VERSION,
    maxProtocol: PROTOCOL_VERSION,
    client: { id: clientId, version: "0.1.0", platform: process.platform, mode },
    role: "operator",
    scopes,
    caps: [],
    auth: { token },
  };
}

/** Opens a socket to `url` and resolves once it is open (it does not send `connect`). */
export function openRawGatewayClient(url: string): Promise<RawGatewayClient> {
  const ws = new WebSocket(url);
  const events: EventFrame[] = [];
  const pending = new Map<string, (frame: ResponseFrame) => void>();
  const eventWaiters = new Set<(frame: EventFrame) => void>();
  let resolveChallenge!: (frame: EventFrame) => void;
  const challenge = new Promise<EventFrame>((resolve) => (resolveChallenge = resolve));
  const closed = new Promise<CloseInfo>((resolve) => {
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString("utf8") }));
  });

  ws.on("message", (data) => {
    let frame: { type?: unknown; id?: unknown; event?: unknown };
    try {
      frame = JSON.parse(String(data)) as typeof frame;
    } catch {
      return;
    }
    if (frame.type === "res" && typeof frame.id === "string") {
      pending.get(frame.id)?.(frame as ResponseFrame);
      pending.delete(frame.id);
    } else if (frame.type === "event") {
      const event = frame as EventFrame;
      events.push(event);
      if (event.event === "connect.challenge") resolveChallenge(event);
      for (const waiter of [...eventWaiters]) waiter(event);
    }
  });

  const client: RawGatewayClient = {
    events,
    challenge,
    closed,
    request(method, params, timeoutMs = 15_000) {
      const id = randomUUID();
      return new Promise<ResponseFrame>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error(`no reply to ${method} within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, (frame) => {
          clearTimeout(timer);
          resolve(frame);
        });
        closed.then(({ code }) => {
          if (!pending.has(id)) return;
          pending.delete(id);
          clearTimeout(timer);
          reject(new Error(`socket closed (${code}) before the reply to ${method}`));
        });
        ws.send(JSON.stringify({ type: "req", id, method, ...(params === undefined ? {} : { params }) }));
      });
    },
    onEvent(listener) {
      eventWaiters.add(listener);
      return () => eventWaiters.delete(listener);
    },
    waitForEvent(name, where = () => true, timeoutMs = 15_000) {
      const seen = events.find((event) => event.event === name && where(event.payload));
      if (seen) return Promise.resolve(seen);
      return new Promise<EventFrame>((resolve, reject) => {
        const waiter = (event: EventFrame) => {
          if (event.event !== name || !where(event.payload)) return;
          eventWaiters.delete(waiter);
          clearTimeout(timer);
          resolve(event);
        };
        const timer = setTimeout(() => {
          eventWaiters.delete(waiter);
          reject(new Error(`no ${name} event within ${timeoutMs} ms`));
        }, timeoutMs);
        eventWaiters.add(waiter);
      });
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close(1000);
      await closed;
    },
  };

  return new Promise((resolve, reject) => {
    ws.once("open", () => resolve(client));
    ws.once("error", reject);
  });
}

/** Opens a socket, waits for the challenge, sends `connect` and returns the reply with the client. */
export async function connectRawGatewayClient(url: string, options: ConnectOptions) {
  const client = await openRawGatewayClient(url);
  const challenge = await Promise.race([
    client.challenge,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${url} sent no connect.challenge within ${CHALLENGE_TIMEOUT_MS} ms`)), CHALLENGE_TIMEOUT_MS).unref(),
    ),
  ]).catch(async (error: unknown) => {
    await client.close();
    throw error;
  });
  const hello = await client.request("connect", connectParams(options));
  return { client, challenge, hello };
}
