// A host's own gateway connection, not the kit's: it reconnects, and fails the way OpenClaw's browser
// client does (control-ui 2026.9.6) — a refusal rejects with an Error carrying the gateway's `code`
// (again as `gatewayCode`) and `details`, a timeout with code `CLIENT_TIMEOUT`, anything else with a
// plain Error ("gateway not connected", "gateway closed …"). `hostTransport` is what a host writes to
// hand it to the kit, in the shape of an OpenClaw feature plugin's `host` (request, onEvent,
// connection.connected, subscribe).
import type { AskUserTransport, ConnectionStatus } from "../../../src/contract/index.js";
import { connectRawGatewayClient, type RawGatewayClient, type ResponseFrame } from "./raw-gateway-client.js";

const RECONNECT_MS = 100;
const REQUEST_TIMEOUT_MS = 15_000;

/** The host client's refusal: OpenClaw's `GatewayRequestError` fields. */
class HostRequestError extends Error {
  readonly code: string;
  readonly gatewayCode: string;
  readonly details?: unknown;
  readonly retryable: boolean;

  constructor(error: NonNullable<ResponseFrame["error"]>) {
    super(error.message);
    this.name = "GatewayRequestError";
    this.code = error.code;
    this.gatewayCode = error.code;
    this.details = error.details;
    this.retryable = error.retryable === true;
  }
}

class HostTimeoutError extends Error {
  readonly code = "CLIENT_TIMEOUT";
}

export interface HostClient {
  readonly connection: { readonly connected: boolean };
  request(method: string, params?: Record<string, unknown>): Promise<unknown>;
  onEvent(event: string, listener: (payload: unknown) => void): () => void;
  /** Calls `listener` whenever the connection changes. */
  subscribe(listener: () => void): () => void;
  stop(): Promise<void>;
}

export function startHostClient(url: string, token: string): HostClient {
  let socket: RawGatewayClient | null = null;
  let stopped = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const listeners = new Set<{ event: string; listener: (payload: unknown) => void }>();
  const watchers = new Set<() => void>();
  const changed = () => {
    for (const watcher of [...watchers]) watcher();
  };

  function reconnectLater(): void {
    if (!stopped) retry = setTimeout(() => void connect(), RECONNECT_MS);
  }

  async function connect(): Promise<void> {
    let opened: RawGatewayClient;
    try {
      const { client, hello } = await connectRawGatewayClient(url, { token, scopes: ["operator.questions"] });
      opened = client;
      if (!hello.ok || stopped) {
        await client.close();
        reconnectLater();
        return;
      }
    } catch {
      reconnectLater();
      return;
    }
    socket = opened;
    opened.onEvent((frame) => {
      for (const entry of [...listeners]) if (entry.event === frame.event) entry.listener(frame.payload);
    });
    void opened.closed.then(() => {
      if (socket !== opened) return;
      socket = null;
      changed();
      reconnectLater();
    });
    changed();
  }

  void connect();

  return {
    connection: {
      get connected() {
        return socket !== null;
      },
    },
    async request(method, params = {}) {
      const current = socket;
      if (!current) throw new Error("gateway not connected");
      let frame: ResponseFrame;
      try {
        frame = await current.request(method, params, REQUEST_TIMEOUT_MS);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw message.startsWith("no reply")
          ? new HostTimeoutError(`gateway request timed out after ${REQUEST_TIMEOUT_MS}ms: ${method}`)
          : new Error(`gateway closed: ${message}`);
      }
      if (!frame.ok) throw new HostRequestError(frame.error ?? { code: "UNAVAILABLE", message: "request failed" });
      return frame.payload;
    },
    onEvent(event, listener) {
      const entry = { event, listener };
      listeners.add(entry);
      return () => listeners.delete(entry);
    },
    subscribe(listener) {
      watchers.add(listener);
      return () => watchers.delete(listener);
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = socket;
      socket = null;
      await current?.close();
    },
  };
}

/** What a host writes to run the kit over its own connection: a few lines, no kit client. */
export function hostTransport(host: HostClient): AskUserTransport {
  const status = (): ConnectionStatus => (host.connection.connected ? "connected" : "disconnected");
  return {
    request: (method, params) => host.request(method, params as Record<string, unknown>),
    onEvent: (event, listener) => host.onEvent(event, listener),
    getStatus: status,
    onStatus(listener) {
      let last = status();
      return host.subscribe(() => {
        if (status() === last) return;
        last = status();
        listener(last);
      });
    },
  };
}
