/**
 * The gateway connection: handshake (challenge → `connect` → `hello-ok`), request/response with
 * timeouts, events with per-connection `seq` gap detection (see `seq-tracker.ts`), and reconnect
 * with backoff. Nothing here throws into the host: failures become `GatewayError` values on
 * promises, the status stream or `onError`.
 */
import { defaultTimers, type Timers } from "../contract/timers.js";
import { GATEWAY_EVENTS, GATEWAY_METHODS, OPERATOR_ROLE, PROTOCOL_VERSION, type ConnectionStatus } from "../contract/wire.js";
import { createBackoff, type BackoffOptions } from "./backoff.js";
import {
  DEFAULT_CLIENT,
  QUESTIONS_SCOPE,
  connectClientField,
  grantsQuestions,
  resolveScopes,
  validateClientInfo,
  type ClientInfo,
} from "./client-info.js";
import { buildDeviceAuthPayload, type DeviceIdentity } from "./device-identity.js";
import { ClientErrorCodes, GatewayError, gatewayErrorFromWire, toGatewayError } from "./errors.js";
import { frameText, parseFrame, type EventFrame, type ResponseFrame } from "./frames.js";
import { createSeqTracker, type GapInfo } from "./seq-tracker.js";

export type { ConnectionStatus, GapInfo };
export { PROTOCOL_VERSION };

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

/** The kit's one `Timers` interface, under the name this entry has always exported. */
export type TimerApi = Timers;

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

/** The `hello-ok` payload; only the fields the kit reads are typed. */
export interface HelloOk {
  type?: "hello-ok";
  protocol?: number;
  server?: { version?: string; connId?: string };
  features?: { methods?: string[]; events?: string[] };
  auth?: { role?: string; scopes?: string[] };
  policy?: { tickIntervalMs?: number };
  [key: string]: unknown;
}

export interface GatewayClient {
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
  /** Routes a problem found by a layer above (the question client) to the `onError` listeners. */
  reportError(error: GatewayError): void;
}

interface Pending {
  method: string;
  resolve(payload: unknown): void;
  reject(error: GatewayError): void;
  timer: unknown;
}

const OPEN = 1;
const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
const DEFAULT_CHALLENGE_TIMEOUT_MS = 750;

export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  const timers = options.timers ?? defaultTimers;
  const requestTimeoutMs = positiveOr(options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS);
  const challengeTimeoutMs = positiveOr(options.challengeTimeoutMs, DEFAULT_CHALLENGE_TIMEOUT_MS);
  const backoff = createBackoff(options.backoff, options.random ?? Math.random);
  const clientInfo = options.client ?? DEFAULT_CLIENT;
  const scopes = resolveScopes(options.scopes);
  let requestCounter = 0;
  const createRequestId = options.createRequestId ?? (() => `ask-user-kit-${++requestCounter}`);

  const eventListeners = new Map<string, Set<(payload: unknown, frame: EventFrame) => void>>();
  const statusListeners = new Set<(status: ConnectionStatus, error: GatewayError | null) => void>();
  const gapListeners = new Set<(gap: GapInfo) => void>();
  const errorListeners = new Set<(error: GatewayError) => void>();
  if (options.onError) errorListeners.add(options.onError);

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
  let challenge: { nonce: string; ts: number | null } | null = null;
  const seqTracker = createSeqTracker();
  const pending = new Map<string, Pending>();

  function reportError(error: GatewayError): void {
    for (const listener of [...errorListeners]) {
      try {
        listener(error);
      } catch {
        // An error listener that throws has nowhere left to report to.
      }
    }
  }

  function safely(context: string, fn: () => void): void {
    try {
      fn();
    } catch (error) {
      reportError(toGatewayError(error, ClientErrorCodes.LISTENER_FAILED, context));
    }
  }

  function setStatus(next: ConnectionStatus): void {
    if (status === next) return;
    status = next;
    for (const listener of [...statusListeners]) safely("onStatus listener threw", () => listener(next, lastError));
  }

  function clearTimer(handle: unknown): null {
    if (handle !== null) timers.clearTimeout(handle);
    return null;
  }

  function rejectPending(error: GatewayError): void {
    const entries = [...pending.values()];
    pending.clear();
    for (const entry of entries) {
      timers.clearTimeout(entry.timer);
      entry.reject(error);
    }
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
    rejectPending(pendingError);
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
    const problem = validateClientInfo(clientInfo) ?? validateUrl(options.url);
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
            "No WebSocket constructor is available: pass options.WebSocket (in Node 20: `import WebSocket from \"ws\"` then createGatewayClient({ url, WebSocket }))",
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
    const params: Record<string, unknown> = {
      minProtocol: PROTOCOL_VERSION,
      maxProtocol: PROTOCOL_VERSION,
      client: connectClientField(clientInfo),
      role: OPERATOR_ROLE,
      scopes,
      caps: [],
      auth: options.token !== undefined ? { token: options.token } : {},
    };
    if (options.deviceIdentity && challenge) {
      try {
        params.device = await signDevice(await options.deviceIdentity, params, challenge);
      } catch (error) {
        // Loopback token auth still works without the device block, so connect and say why.
        reportError(toGatewayError(error, ClientErrorCodes.DEVICE_SIGNATURE_FAILED, "deviceIdentity could not sign the challenge; connecting without it"));
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

  async function signDevice(
    identity: DeviceIdentity,
    params: Record<string, unknown>,
    from: { nonce: string; ts: number | null },
  ): Promise<Record<string, unknown>> {
    const client = params.client as Record<string, string>;
    // The gateway accepts signatures within a skew window of its clock; the challenge ts is its clock.
    const signedAtMs = from.ts ?? Date.now();
    const payload = buildDeviceAuthPayload({
      deviceId: identity.deviceId,
      clientId: clientInfo.id,
      clientMode: clientInfo.mode,
      role: OPERATOR_ROLE,
      scopes,
      signedAtMs,
      token: options.token ?? null,
      nonce: from.nonce,
      ...(client.platform !== undefined ? { platform: client.platform } : {}),
      ...(client.deviceFamily !== undefined ? { deviceFamily: client.deviceFamily } : {}),
    });
    return {
      id: identity.deviceId,
      publicKey: identity.publicKey,
      signature: await identity.sign(payload),
      signedAt: signedAtMs,
      nonce: from.nonce,
    };
  }

  function handleHello(payload: unknown): void {
    hello = typeof payload === "object" && payload !== null ? (payload as HelloOk) : {};
    lastError = null;
    backoff.reset();
    setStatus("connected");
    const granted = hello.auth?.scopes;
    if (Array.isArray(granted) && !grantsQuestions(granted)) {
      reportError(
        new GatewayError({
          code: ClientErrorCodes.MISSING_SCOPE,
          message: `the gateway connected client id "${clientInfo.id}" without ${QUESTIONS_SCOPE}: no question events will arrive and question.* calls fail. Use client {id: "gateway-client", mode: "backend"} or {id: "cli", mode: "cli"} with the token, or a device identity.`,
        }),
      );
    }
  }

  function handleConnectFailure(error: GatewayError): void {
    const transport = error.code === ClientErrorCodes.DISCONNECTED || error.code === ClientErrorCodes.TIMEOUT;
    if (error.retryable === true || error.code === "UNAVAILABLE" || transport) {
      lastError = error;
      dropSocket(transport ? 4008 : 4013, transport ? "connect failed" : "gateway starting", disconnectedError("the connection is being retried"));
      scheduleReconnect(error.retryAfterMs);
      return;
    }
    if (error.details?.code === "CONTROL_UI_ORIGIN_NOT_ALLOWED") {
      stop(
        new GatewayError({
          ...error.toJSON(),
          message: `${error.message} (client id "${clientInfo.id}" is checked against the page's Origin; list the origin in gateway.controlUi.allowedOrigins or use "gateway-client")`,
        }),
      );
      return;
    }
    stop(error);
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
      reportError(malformed(parsed.message));
      return;
    }
    if (parsed.frame.type === "res") handleResponse(parsed.frame);
    else handleEvent(parsed.frame);
  }

  function handleResponse(frame: ResponseFrame): void {
    const entry = pending.get(frame.id);
    // Late answers to timed-out (cancelled) requests are expected; nothing waits for them.
    if (!entry) return;
    pending.delete(frame.id);
    timers.clearTimeout(entry.timer);
    if (frame.ok) entry.resolve(frame.payload);
    else entry.reject(gatewayErrorFromWire(frame.error, entry.method));
  }

  function handleEvent(frame: EventFrame): void {
    if (frame.event === GATEWAY_EVENTS.challenge) {
      const payload = (typeof frame.payload === "object" && frame.payload !== null ? frame.payload : {}) as Record<string, unknown>;
      const nonce = typeof payload.nonce === "string" ? payload.nonce.trim() : "";
      if (nonce === "") reportError(malformed("connect.challenge has no string \"nonce\"; connecting without a device signature"));
      else challenge = { nonce, ts: typeof payload.ts === "number" && Number.isSafeInteger(payload.ts) ? payload.ts : null };
      void sendConnect(generation);
      return;
    }
    const gap = seqTracker.observe(frame.seq);
    if (gap) for (const listener of [...gapListeners]) safely("onGap listener threw", () => listener(gap));
    const listeners = eventListeners.get(frame.event);
    if (!listeners) return;
    for (const listener of [...listeners]) safely(`"${frame.event}" listener threw`, () => listener(frame.payload, frame));
  }

  function sendRequest(method: string, params: unknown, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const ws = socket;
      if (!ws || ws.readyState !== OPEN) {
        reject(new GatewayError({ code: ClientErrorCodes.NOT_CONNECTED, message: `${method}: not connected to the gateway` }));
        return;
      }
      const id = createRequestId();
      const timer = timers.setTimeout(() => {
        if (!pending.delete(id)) return;
        try {
          ws.send(JSON.stringify({ type: "cancel", id }));
        } catch {
          // The socket is going away; the request dies with it.
        }
        reject(new GatewayError({ code: ClientErrorCodes.TIMEOUT, message: `${method}: no response within ${timeoutMs} ms` }));
      }, timeoutMs);
      // Registered before sending, so even a reply delivered during send() finds its request.
      pending.set(id, { method, resolve, reject, timer });
      try {
        ws.send(JSON.stringify({ type: "req", id, method, params }));
      } catch (error) {
        pending.delete(id);
        timers.clearTimeout(timer);
        reject(toGatewayError(error, ClientErrorCodes.DISCONNECTED, `${method}: sending failed`));
      }
    });
  }

  function subscribe<T>(set: Set<T>, listener: T): () => void {
    set.add(listener);
    return () => {
      set.delete(listener);
    };
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
      if (status !== "connected") {
        return Promise.reject(new GatewayError({ code: ClientErrorCodes.NOT_CONNECTED, message: `${method}: not connected to the gateway` }));
      }
      const timeoutMs = requestOptions.timeoutMs ?? requestTimeoutMs;
      if (!(timeoutMs > 0)) {
        return Promise.reject(new GatewayError({ code: ClientErrorCodes.TIMEOUT, message: `${method}: no time left to wait for a response` }));
      }
      return sendRequest(method, params, timeoutMs) as Promise<T>;
    },
    onEvent(event, listener) {
      let set = eventListeners.get(event);
      if (!set) {
        set = new Set();
        eventListeners.set(event, set);
      }
      return subscribe(set, listener);
    },
    onStatus: (listener) => subscribe(statusListeners, listener),
    onGap: (listener) => subscribe(gapListeners, listener),
    onError: (listener) => subscribe(errorListeners, listener),
    reportError,
  };

  if (options.autoConnect !== false) openSocket();
  return client;
}

function disconnectedError(message: string): GatewayError {
  return new GatewayError({ code: ClientErrorCodes.DISCONNECTED, message });
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
