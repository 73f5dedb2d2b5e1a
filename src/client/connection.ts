/**
 * The gateway connection: one socket at a time through the handshake (challenge → `connect` →
 * `hello-ok`), its requests and events, and reconnect with backoff. What the handshake says is in
 * `handshake.ts`, the request table in `request-table.ts`, gap detection in `seq-tracker.ts`.
 * Nothing here throws into the host: failures become `GatewayError` values on promises, the status
 * stream or `onError`.
 */
import { defaultTimers } from "../contract/timers.js";
import { GATEWAY_EVENTS, GATEWAY_METHODS, PROTOCOL_VERSION, type ConnectionStatus } from "../contract/wire.js";
import { createBackoff } from "./backoff.js";
import { DEFAULT_CLIENT, resolveScopes, validateClientInfo } from "./client-info.js";
import { createEmitter, type Emitter } from "./emitter.js";
import { ClientErrorCodes, GatewayError, toGatewayError } from "./errors.js";
import { frameText, parseFrame, type EventFrame } from "./frames.js";
import {
  connectFailure,
  connectParams,
  helloProblem,
  readChallenge,
  readHello,
  signChallenge,
  type Challenge,
  type Credentials,
  type HelloOk,
} from "./handshake.js";
import { createRequestTable } from "./request-table.js";
import { createSeqTracker, type GapInfo } from "./seq-tracker.js";
import type { GatewayClient, GatewayClientOptions, RequestOptions, WebSocketConstructor, WebSocketLike } from "./types.js";

export type { ConnectionStatus, GapInfo, HelloOk };
export type { GatewayClient, GatewayClientOptions, RequestOptions, WebSocketConstructor, WebSocketLike } from "./types.js";
export { PROTOCOL_VERSION };

const OPEN = 1;
const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
const DEFAULT_CHALLENGE_TIMEOUT_MS = 750;

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const timers = options.timers ?? defaultTimers;
  const requestTimeoutMs = positiveOr(options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS);
  const challengeTimeoutMs = positiveOr(options.challengeTimeoutMs, DEFAULT_CHALLENGE_TIMEOUT_MS);
  const backoff = createBackoff(options.backoff, options.random ?? Math.random);
  const credentials: Credentials = {
    client: options.client ?? DEFAULT_CLIENT,
    scopes: resolveScopes(options.scopes),
    token: options.token,
  };
  let requestCounter = 0;
  const requests = createRequestTable(timers, options.createRequestId ?? (() => `ask-user-kit-${++requestCounter}`));

  // An error listener that throws has nowhere left to report to.
  const errors = createEmitter<[GatewayError]>("onError listener threw", () => {});
  const reportError = (error: GatewayError) => errors.emit(error);
  if (options.onError) errors.on(options.onError);
  const statuses = createEmitter<[ConnectionStatus, GatewayError | null]>("onStatus listener threw", reportError);
  const gaps = createEmitter<[GapInfo]>("onGap listener threw", reportError);
  const events = new Map<string, Emitter<[unknown, EventFrame]>>();

  let status: ConnectionStatus = "disconnected";
  let lastError: GatewayError | null = null;
  let hello: HelloOk | null = null;
  let socket: WebSocketLike | null = null;
  /** Bumped per socket so callbacks of a replaced socket are ignored. */
  let generation = 0;
  let closed = false;
  /** A terminal connect failure: no reconnect until `connect()`. */
  let stopped = false;
  let reconnectTimer: unknown = null;
  let challengeTimer: unknown = null;
  let connectSent = false;
  let challenge: Challenge | null = null;
  const seqTracker = createSeqTracker();

  function setStatus(next: ConnectionStatus): void {
    if (status === next) return;
    status = next;
    statuses.emit(next, lastError);
  }

  function clearTimer(handle: unknown): null {
    if (handle !== null) timers.clearTimeout(handle);
    return null;
  }

  /** Detaches and closes the current socket; its late callbacks are ignored from here on. */
  function dropSocket(code: number, reason: string, pendingError: GatewayError): void {
    challengeTimer = clearTimer(challengeTimer);
    generation += 1;
    const current = socket;
    socket = null;
    hello = null;
    if (current) {
      current.onopen = null;
      current.onmessage = null;
      current.onclose = null;
      current.onerror = null;
      try {
        current.close(code, reason);
      } catch {
        // Closing a socket that never opened can throw in some runtimes; it is gone either way.
      }
    }
    requests.rejectAll(pendingError);
  }

  function stop(error: GatewayError): void {
    stopped = true;
    lastError = error;
    reconnectTimer = clearTimer(reconnectTimer);
    dropSocket(1000, "connect failed", disconnectedError(`the connection stopped: ${error.message}`));
    setStatus("disconnected");
    reportError(error);
  }

  function scheduleReconnect(delayMs?: number): void {
    if (closed || stopped) return;
    setStatus("disconnected");
    reconnectTimer = clearTimer(reconnectTimer);
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      openSocket();
    }, delayMs ?? backoff.next());
  }

  function openSocket(): void {
    if (closed || stopped || socket) return;
    const problem = validateClientInfo(credentials.client) ?? validateUrl(options.url);
    if (problem) {
      stop(problem);
      return;
    }
    const Ctor = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
    if (typeof Ctor !== "function") {
      stop(
        new GatewayError({
          code: ClientErrorCodes.NO_WEBSOCKET,
          message:
            "No WebSocket constructor is available: pass options.WebSocket (in Node 20: the default export of the ws package, as createGatewayClient({ url, WebSocket }))",
        }),
      );
      return;
    }
    generation += 1;
    const gen = generation;
    connectSent = false;
    challenge = null;
    seqTracker.reset();
    setStatus("connecting");
    let ws: WebSocketLike;
    try {
      ws = new Ctor(options.url);
    } catch (error) {
      stop(toGatewayError(error, ClientErrorCodes.INVALID_OPTIONS, `new WebSocket(${JSON.stringify(options.url)}) failed`));
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (gen !== generation) return;
      challengeTimer = timers.setTimeout(() => {
        challengeTimer = null;
        void sendConnect(gen);
      }, challengeTimeoutMs);
    };
    ws.onmessage = (event) => {
      if (gen === generation) handleMessage(event.data);
    };
    ws.onclose = (event) => {
      if (gen === generation) handleClose(event?.code, event?.reason);
    };
    // Browsers give error events no detail and always follow them with `close`.
    ws.onerror = () => {};
  }

  async function sendConnect(gen: number): Promise<void> {
    if (gen !== generation || connectSent) return;
    connectSent = true;
    challengeTimer = clearTimer(challengeTimer);
    const params = connectParams(credentials);
    const signed = challenge;
    if (options.deviceIdentity && signed) {
      try {
        params.device = await signChallenge(await options.deviceIdentity, credentials, signed);
      } catch (error) {
        // Loopback token auth still works without the device block, so connect and say why.
        reportError(
          toGatewayError(error, ClientErrorCodes.DEVICE_SIGNATURE_FAILED, "deviceIdentity could not sign the challenge; connecting without it"),
        );
      }
      if (gen !== generation) return;
    }
    sendRequest(GATEWAY_METHODS.connect, params, requestTimeoutMs).then(
      (payload) => {
        if (gen === generation) handleHello(payload);
      },
      (error: GatewayError) => {
        if (gen === generation) handleConnectFailure(error);
      },
    );
  }

  function handleHello(payload: unknown): void {
    hello = readHello(payload);
    lastError = null;
    backoff.reset();
    setStatus("connected");
    const problem = helloProblem(hello, credentials.client);
    if (problem) reportError(problem);
  }

  function handleConnectFailure(error: GatewayError): void {
    const failure = connectFailure(error, credentials.client);
    if (!failure.retry) {
      stop(failure.error);
      return;
    }
    lastError = error;
    dropSocket(failure.closeCode, failure.closeReason, disconnectedError("the connection is being retried"));
    scheduleReconnect(failure.delayMs);
  }

  function handleClose(code: number | undefined, reason: string | undefined): void {
    const error = disconnectedError(`the connection closed (${code ?? "no code"}${reason ? `: ${reason}` : ""})`);
    lastError = error;
    dropSocket(1000, "", error);
    scheduleReconnect();
  }

  function handleMessage(data: unknown): void {
    const text = frameText(data);
    if (text === null) {
      reportError(malformed("a binary frame arrived; the gateway protocol uses JSON text frames only"));
      return;
    }
    const parsed = parseFrame(text);
    if (!parsed.ok) {
      reportError(malformed(parsed.problem));
      return;
    }
    if (parsed.frame.type === "res") requests.settle(parsed.frame);
    else handleEvent(parsed.frame);
  }

  function handleEvent(frame: EventFrame): void {
    if (frame.event === GATEWAY_EVENTS.challenge) {
      const read = readChallenge(frame.payload);
      if (read) challenge = read;
      else reportError(malformed(`${GATEWAY_EVENTS.challenge} has no string "nonce"; connecting without a device signature`));
      void sendConnect(generation);
      return;
    }
    const gap = seqTracker.observe(frame.seq);
    if (gap) gaps.emit(gap);
    const listeners = events.get(frame.event);
    listeners?.emit(frame.payload, frame);
  }

  function sendRequest(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    const ws = socket;
    if (!ws || ws.readyState !== OPEN) return Promise.reject(notConnected(method));
    return requests.send(ws, method, params, timeoutMs);
  }

  const client: GatewayClient = {
    url: options.url,
    requestTimeoutMs,
    getStatus: () => status,
    getLastError: () => lastError,
    getHello: () => hello,
    connect() {
      if (closed) {
        reportError(new GatewayError({ code: ClientErrorCodes.CLOSED, message: "connect(): this client was closed; create a new one" }));
        return;
      }
      if (socket) return;
      stopped = false;
      reconnectTimer = clearTimer(reconnectTimer);
      backoff.reset();
      openSocket();
    },
    close() {
      if (closed) return;
      closed = true;
      reconnectTimer = clearTimer(reconnectTimer);
      dropSocket(1000, "client closed", new GatewayError({ code: ClientErrorCodes.CLOSED, message: "the client was closed" }));
      setStatus("disconnected");
    },
    request<T>(method: string, params: unknown = {}, requestOptions: RequestOptions = {}): Promise<T> {
      if (closed) {
        return Promise.reject(new GatewayError({ code: ClientErrorCodes.CLOSED, message: `${method}: the client was closed` }));
      }
      if (status !== "connected") return Promise.reject(notConnected(method));
      const timeoutMs = requestOptions.timeoutMs ?? requestTimeoutMs;
      if (!(timeoutMs > 0)) {
        return Promise.reject(new GatewayError({ code: ClientErrorCodes.TIMEOUT, message: `${method}: no time left to wait for a response` }));
      }
      return sendRequest(method, params, timeoutMs) as Promise<T>;
    },
    onEvent(event, listener) {
      let emitter = events.get(event);
      if (!emitter) {
        emitter = createEmitter(`"${event}" listener threw`, reportError);
        events.set(event, emitter);
      }
      return emitter.on(listener);
    },
    onStatus: (listener) => statuses.on(listener),
    onGap: (listener) => gaps.on(listener),
    onError: (listener) => errors.on(listener),
  };

  if (options.autoConnect !== false) openSocket();
  return client;
}

function disconnectedError(message: string): GatewayError {
  return new GatewayError({ code: ClientErrorCodes.DISCONNECTED, message });
}

function notConnected(method: string): GatewayError {
  return new GatewayError({ code: ClientErrorCodes.NOT_CONNECTED, message: `${method}: not connected to the gateway` });
}

function malformed(message: string): GatewayError {
  return new GatewayError({ code: ClientErrorCodes.MALFORMED_FRAME, message: `dropped a frame: ${message}` });
}

function validateUrl(url: unknown): GatewayError | null {
  if (typeof url === "string" && /^wss?:\/\/./i.test(url)) return null;
  return new GatewayError({
    code: ClientErrorCodes.INVALID_OPTIONS,
    message: `url must be a ws:// or wss:// address of the gateway (got ${JSON.stringify(url)})`,
  });
}

function positiveOr(value: number | undefined, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : fallback;
}
