/** The gateway client's public shapes: its options, its socket needs and what it offers. */
import type { Timers } from "../contract/timers.js";
import type { AskUserTransport } from "../contract/transport.js";
import type { ConnectionStatus } from "../contract/wire.js";
import type { BackoffOptions } from "./backoff.js";
import type { ClientInfo } from "./client-info.js";
import type { DeviceIdentity } from "./device-identity.js";
import type { GatewayError } from "./errors.js";
import type { EventFrame } from "./frames.js";
import type { HelloOk } from "./handshake.js";
import type { GapInfo } from "./seq-tracker.js";

type Handler<E> = { bivarianceHack(event: E): void }["bivarianceHack"] | null;

/** The part of the WebSocket API the client uses; browsers' `WebSocket` and `ws` both fit. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown>;
  onmessage: Handler<{ data: unknown }>;
  onclose: Handler<{ code: number; reason: string }>;
  onerror: Handler<unknown>;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface GatewayClientOptions {
  /** `ws://` or `wss://` address of the gateway. */
  url: string;
  /** Shared gateway token (`gateway.auth.token`). */
  token?: string;
  /** Default `{id: "gateway-client", mode: "backend"}`. */
  client?: ClientInfo;
  /** Requested operator scopes; `operator.questions` is always added. */
  scopes?: readonly string[];
  /** WebSocket constructor; default `globalThis.WebSocket`. In Node 20 pass `ws`'s default export. */
  WebSocket?: WebSocketConstructor;
  /** Optional Ed25519 identity (see `createDeviceIdentity`); signs the challenge nonce. */
  deviceIdentity?: DeviceIdentity | Promise<DeviceIdentity>;
  /** Default request timeout. Default 15 000 ms. */
  requestTimeoutMs?: number;
  /** How long to wait for `connect.challenge` before sending `connect` anyway. Default 750 ms. */
  challengeTimeoutMs?: number;
  backoff?: BackoffOptions;
  /** Connect as soon as the client is created. Default true. */
  autoConnect?: boolean;
  onError?: (error: GatewayError) => void;
  /** Injectable scheduling, randomness and ids (tests, benchmarks). */
  timers?: Timers;
  random?: () => number;
  createRequestId?: () => string;
}

export interface RequestOptions {
  /** Overrides `requestTimeoutMs` for this call. */
  timeoutMs?: number;
}

/** One connection to the gateway; it is the `AskUserTransport` the bridge runs over, as it is. */
export interface GatewayClient extends AskUserTransport {
  readonly url: string;
  /** The default request timeout (layers above cap it further, e.g. by a prompt's expiry). */
  readonly requestTimeoutMs: number;
  getStatus(): ConnectionStatus;
  /** Why the client is disconnected (a terminal error stops reconnecting until `connect()`). */
  getLastError(): GatewayError | null;
  getHello(): HelloOk | null;
  /** Start, or retry now after a terminal error. No-op while connecting or connected. */
  connect(): void;
  /** Ends for good: no reconnect, pending requests rejected with `CLOSED`, timers cleared. */
  close(): void;
  /** Resolves with the response payload or rejects with a `GatewayError`. */
  request<T = unknown>(method: string, params?: unknown, options?: RequestOptions): Promise<T>;
  onEvent(event: string, listener: (payload: unknown, frame: EventFrame) => void): () => void;
  onStatus(listener: (status: ConnectionStatus, error: GatewayError | null) => void): () => void;
  onGap(listener: (gap: GapInfo) => void): () => void;
  onError(listener: (error: GatewayError) => void): () => void;
}
