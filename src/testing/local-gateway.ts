/**
 * An in-memory stand-in for the question subset of a real OpenClaw gateway: the handshake, the
 * five `question.*` methods with their events, and a tiny "agent" (`chat.send` / `chat.abort`) so
 * one scenario suite can run against it and against the real thing. It knows nothing of sockets:
 * a transport adapter hands it text frames (`accept`), so it runs in Node, in a browser tab and in
 * Storybook alike. Replies — payload shapes, error codes, `details` and message texts — are the
 * real gateway's (see `gateway-replies.ts`, `gateway-schemas.ts`).
 */
import { normalizeAskUserInput } from "../contract/normalize-input.js";
import { toToolResult } from "../contract/tool-result.js";
import { QUESTION_ERROR_REASONS, duplicateOptionLabelMessage, duplicateQuestionIdMessage, questionNotFoundMessage } from "../contract/gateway-text.js";
import { defaultTimers, type Timers } from "../contract/timers.js";
import type { AnswerMap, AskUserToolResult, Question, QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";
import { GATEWAY_EVENTS as EVENT, GATEWAY_METHODS as METHOD, OPERATOR_ROLE, OPERATOR_SCOPES, PROTOCOL_VERSION } from "../contract/wire.js";
import {
  type ClientKind,
  type GatewayError,
  HANDSHAKE_TEXT,
  invalidParams,
  invalidRequest,
  isBrowserClient,
  isOperatorUiClient,
  missingScope,
  originNotAllowed,
  protocolMismatch,
  tokenRejected,
  truncateCloseReason,
} from "./gateway-replies.js";
import { CHAT_ABORT_SCHEMA, CHAT_SEND_SCHEMA, CONNECT_PARAMS_SCHEMA, QUESTION_PARAM_SCHEMAS, REQUEST_FRAME_SCHEMA } from "./gateway-schemas.js";
import { type Schema, checkSchema } from "./param-schema.js";
import { type Clock, type QuestionBook, QuestionRefusal, createQuestionBook } from "./question-book.js";
import { randomHex, randomUuid } from "./random-ids.js";
import { isAdmin, missingScopeFor, scopeSatisfied, usesOwnRunQuestionAccess } from "./scopes.js";

export interface LocalGatewayOptions {
  /** The shared token clients must present; without one every client is admitted (auth mode "none"). */
  token?: string;
  now?: () => number;
  /** Expiry, grace and tick timers; a manual clock in tests. Default `defaultTimers`. */
  timers?: Timers;
  /** How long terminal records stay readable (the gateway's 15 s). */
  graceMs?: number;
  /** Timeout of `question.request` without `timeoutMs` (the gateway's 15 min). */
  defaultTimeoutMs?: number;
  /** Interval of `tick` events (the gateway's 30 s). */
  tickIntervalMs?: number;
  /** `hello-ok.server.version`. */
  serverVersion?: string;
  /** Page origins admitted for browser clients besides loopback ones (`gateway.controlUi.allowedOrigins`). */
  allowedOrigins?: string[];
}

/** One socket as the gateway sees it; the adapter owns the real socket. */
export interface GatewayTransport {
  send(text: string): void;
  close(code: number, reason: string): void;
}

/** What the adapter knows about the opening request (the WebSocket upgrade). */
export interface TransportInfo {
  /** The page's `Origin` header; browser clients are refused without an acceptable one. */
  origin?: string;
  /** The `Host` header, for the same-origin rule. */
  host?: string;
}

export interface GatewayConnection {
  /** Feed one text frame from the client. Never throws. */
  receive(text: string): void;
  /** Tell the gateway the socket is gone. */
  closed(): void;
}

export interface AskOptions {
  sessionKey?: string;
  runId?: string;
}

export interface LocalGateway {
  accept(transport: GatewayTransport, info?: TransportInfo): GatewayConnection;
  /**
   * Asks `ask_user` input as the agent would, and resolves with the tool result once the question
   * is answered (`answered`) or skipped, expired or dropped (`no_answer`). Rejects only when the
   * input is not valid `ask_user` input, with every problem in the message.
   */
  ask(input: unknown, options?: AskOptions): Promise<AskUserToolResult>;
  /** Every record still held (pending, or terminal within the grace period), oldest first. */
  records(): QuestionRecord[];
  /** Forgets every record and drops every connection, as a real gateway restart does. */
  restart(): void;
  /** Drops everything and refuses new connections. */
  close(): void;
}

/** `hello-ok.features`, in the order OpenClaw lists them. */
const METHODS = [METHOD.questionRequest, METHOD.questionWaitAnswer, METHOD.questionResolve, METHOD.questionGet, METHOD.questionList, METHOD.chatAbort, METHOD.chatSend];
const EVENTS = [EVENT.challenge, EVENT.tick, EVENT.questionRequested, EVENT.questionResolved, EVENT.chat];
const MAX_PREAUTH_BYTES = 65_536;
/** Chat attachment limits and sharing policy of a default-configured gateway, as its hello-ok reports them. */
const POLICY = {
  maxPayload: 26_214_400,
  maxBufferedBytes: 52_428_800,
  attachments: { maxBytes: 19_464_192, maxImageBytes: 6_291_456 },
  allowedSessionVisibilities: ["shared", "read-only", "suggest", "draft"],
  hasMultipleSessionSharingIdentities: false,
};
/** What the embedded agent says once its question is settled (the recorded fake model's words). */
const AGENT_FINAL_TEXT = "Thanks, continuing with your answer.";
const TICK_INTERVAL_MS = 30_000;

interface Client {
  kind: ClientKind;
  role: typeof OPERATOR_ROLE | "node";
  scopes: string[];
}

interface Connection {
  connId: string;
  transport: GatewayTransport;
  info: TransportInfo;
  client?: Client;
  /** A `connect` was refused: the socket is closing and later frames are ignored. */
  refused: boolean;
  isClosed: boolean;
  seq: number;
}

interface Reply {
  ok: boolean;
  payload?: unknown;
  error?: GatewayError;
}

interface AgentRun {
  runId: string;
  sessionKey: string;
  agentId: string;
  questionId: string;
  /** The connection that sent `chat.send`: only it (or an operator.admin client) may abort the run. */
  ownerConnId: string;
}

type Respond = (reply: Reply) => void;

export function createLocalGateway(options: LocalGatewayOptions = {}): LocalGateway {
  const timers = options.timers ?? defaultTimers;
  const clock: Clock = {
    now: options.now ?? (() => Date.now()),
    setTimeout: (run, ms) => timers.setTimeout(run, ms),
    clearTimeout: (handle) => timers.clearTimeout(handle),
  };
  const graceMs = options.graceMs ?? 15_000;
  const defaultTimeoutMs = options.defaultTimeoutMs ?? 900_000;
  const tickIntervalMs = options.tickIntervalMs ?? TICK_INTERVAL_MS;
  const serverVersion = options.serverVersion ?? "2026.9.6";
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map((origin) => origin.trim().toLowerCase()));

  const connections = new Set<Connection>();
  /** Agent runs waiting on a question, by run id. */
  const runs = new Map<string, AgentRun>();
  /** Tool calls (`ask`) waiting on a question, by question id. */
  const askers = new Map<string, (result: AskUserToolResult) => void>();
  /** Questions the embedded agent asked (at most one pending per session, as with `ask_user`). */
  const agentQuestions = new Set<string>();
  /** Idempotency keys of finished agent runs. */
  const endedRuns = new Set<string>();
  let tickTimer: unknown;
  let shutDown = false;
  const bootId = randomUuid();
  const startedAt = clock.now();

  const book: QuestionBook = createQuestionBook({
    clock,
    graceMs,
    onResolved(event) {
      for (const [runId, run] of runs) {
        if (run.questionId !== event.id) continue;
        runs.delete(runId);
        endedRuns.add(runId);
        // The run goes on once its tool call returns; an aborted run ends without a reply.
        if (book.get(event.id)?.resolvedBy !== "requester-inactive") queueMicrotask(() => queueMicrotask(() => finishRun(run)));
      }
      agentQuestions.delete(event.id);
      askers.get(event.id)?.(toToolResult(event));
      askers.delete(event.id);
      // The gateway publishes resolutions after the resolving call has answered.
      queueMicrotask(() => broadcastQuestionEvent(EVENT.questionResolved, event));
    },
  });

  // ---- transport plumbing ---------------------------------------------------------------------

  const sendFrame = (connection: Connection, frame: unknown) => {
    if (connection.isClosed) return;
    try {
      connection.transport.send(JSON.stringify(frame));
    } catch {
      // A transport that cannot send is as good as closed; the adapter reports it via `closed()`.
    }
  };

  const closeConnection = (connection: Connection, code: number, reason: string) => {
    if (connection.isClosed) return;
    connection.isClosed = true;
    connections.delete(connection);
    stopTickWhenIdle();
    try {
      connection.transport.close(code, reason);
    } catch {
      // Already closed underneath us.
    }
  };

  const sendEvent = (connection: Connection, event: string, payload: unknown) => {
    connection.seq += 1;
    sendFrame(connection, { type: "event", event, payload, seq: connection.seq });
  };

  function broadcastQuestionEvent(event: typeof EVENT.questionRequested | typeof EVENT.questionResolved, payload: QuestionRecord | QuestionResolvedEvent) {
    for (const connection of connections) {
      const client = connection.client;
      if (!client || client.role !== OPERATOR_ROLE || !scopeSatisfied(OPERATOR_SCOPES.questions, client.scopes)) continue;
      sendEvent(connection, event, payload);
    }
  }

  const startTick = () => {
    if (tickTimer !== undefined || shutDown) return;
    const schedule = () => {
      tickTimer = clock.setTimeout(() => {
        for (const connection of connections) if (connection.client) sendEvent(connection, EVENT.tick, { ts: clock.now() });
        schedule();
      }, tickIntervalMs);
    };
    schedule();
  };

  function stopTickWhenIdle() {
    if (tickTimer === undefined || [...connections].some((connection) => connection.client)) return;
    clock.clearTimeout(tickTimer);
    tickTimer = undefined;
  }

  // ---- handshake ------------------------------------------------------------------------------

  const refuse = (connection: Connection, id: string, error: GatewayError, closeCode: number, closeReason: string) => {
    connection.refused = true;
    sendFrame(connection, { type: "res", id, ok: false, error });
    // The gateway closes a microtask after the refusal so the reply goes out first.
    queueMicrotask(() => closeConnection(connection, closeCode, truncateCloseReason(closeReason)));
  };

  const handshake = (connection: Connection, text: string) => {
    if (new TextEncoder().encode(text).length > MAX_PREAUTH_BYTES) {
      closeConnection(connection, 1009, HANDSHAKE_TEXT.preauthTooLarge);
      return;
    }
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      closeConnection(connection, 1000, "");
      return;
    }
    if (checkSchema(REQUEST_FRAME_SCHEMA, frame) !== null) {
      connection.refused = true;
      closeConnection(connection, 1008, HANDSHAKE_TEXT.invalidFrame);
      return;
    }
    const request = frame as { id: string; method: string; params?: unknown };
    if (request.method !== METHOD.connect) {
      refuse(connection, request.id, invalidRequest(HANDSHAKE_TEXT.notConnectFirst), 1008, HANDSHAKE_TEXT.notConnectFirst);
      return;
    }
    const problems = checkSchema(CONNECT_PARAMS_SCHEMA, request.params);
    if (problems !== null) {
      const message = `invalid connect params: ${problems}`;
      refuse(connection, request.id, invalidRequest(message), 1008, message);
      return;
    }
    admit(connection, request.id, request.params as ConnectParams);
  };

  interface ConnectParams {
    minProtocol: number;
    maxProtocol: number;
    client: ClientKind;
    role?: string;
    scopes?: string[];
    device?: unknown;
    auth?: { token?: string };
  }

  const admit = (connection: Connection, id: string, params: ConnectParams) => {
    const kind: ClientKind = { id: params.client.id, mode: params.client.mode };
    const probe = kind.mode === "probe" && params.maxProtocol >= 3 && params.minProtocol <= PROTOCOL_VERSION;
    if (!(params.maxProtocol >= PROTOCOL_VERSION && params.minProtocol <= PROTOCOL_VERSION) && !probe) {
      refuse(connection, id, protocolMismatch(params.minProtocol, params.maxProtocol), 1002, HANDSHAKE_TEXT.protocolMismatch);
      return;
    }
    const role = params.role ?? OPERATOR_ROLE;
    if (role !== OPERATOR_ROLE && role !== "node") {
      refuse(connection, id, invalidRequest(HANDSHAKE_TEXT.invalidRole), 1008, HANDSHAKE_TEXT.invalidRole);
      return;
    }
    if (isBrowserClient(kind)) {
      const originProblem = checkOrigin(connection.info);
      if (originProblem) {
        refuse(connection, id, originNotAllowed(originProblem), 1008, HANDSHAKE_TEXT.originNotAllowed);
        return;
      }
    }
    const hasDevice = params.device !== undefined;
    const presented = params.auth?.token ?? "";
    const tokenOk = options.token === undefined || presented === options.token;
    let scopes = [...(params.scopes ?? [])];
    if (!hasDevice) {
      // `evaluateMissingDeviceIdentity`: local backends and operators with the shared secret may
      // skip the device identity; the Control UI and nodes may not.
      const localBackend = kind.id === "gateway-client" && kind.mode === "backend" && tokenOk && connection.info.origin === undefined;
      if (!localBackend && isOperatorUiClient(kind)) {
        refuse(connection, id, invalidRequest(HANDSHAKE_TEXT.controlUiNeedsDevice, { code: "CONTROL_UI_DEVICE_IDENTITY_REQUIRED" }), 1008, HANDSHAKE_TEXT.controlUiNeedsDevice);
        return;
      }
      const sharedSecretOk = options.token !== undefined && presented !== "" && tokenOk;
      if (!localBackend && !(role === OPERATOR_ROLE && (sharedSecretOk || options.token === undefined))) {
        if (presented !== "" && !tokenOk) {
          const error = tokenRejected("token_mismatch", kind, false);
          refuse(connection, id, error, 1008, error.message);
        } else {
          refuse(
            connection,
            id,
            { code: "NOT_PAIRED", message: HANDSHAKE_TEXT.deviceRequired, details: { code: "DEVICE_IDENTITY_REQUIRED" } },
            1008,
            HANDSHAKE_TEXT.deviceRequired,
          );
        }
        return;
      }
      // A token without a device identity keeps its scopes only for the local CLI and backend
      // clients; every other client (the `test` id included) connects with none.
      const localCli = kind.id === "cli" && kind.mode === "cli" && connection.info.origin === undefined;
      if (options.token !== undefined && !localBackend && !localCli) scopes = [];
    } else if (!tokenOk || (options.token !== undefined && presented === "")) {
      const error = tokenRejected(presented === "" ? "token_missing" : "token_mismatch", kind, true);
      refuse(connection, id, error, 1008, error.message);
      return;
    }
    connection.client = { kind, role, scopes };
    sendFrame(connection, {
      type: "res",
      id,
      ok: true,
      payload: {
        type: "hello-ok",
        protocol: PROTOCOL_VERSION,
        server: { version: serverVersion, buildId: "embedded", bootId, controlUiBuildSource: "bundled", connId: connection.connId },
        features: { methods: [...METHODS], events: [...EVENTS] },
        // The real snapshot describes the whole gateway (presence, health, session defaults); only
        // its outline is kept so clients that look for the keys find them.
        snapshot: {
          suspension: { phase: "accepting" },
          presence: [],
          health: {},
          stateVersion: { presence: 0, health: 0 },
          uptimeMs: clock.now() - startedAt,
          appliedConfigHash: bootId,
          sessionDefaults: { mainKey: "main", defaultAgentId: "main" },
        },
        pluginSurfaceUrls: {},
        auth: { method: options.token === undefined ? "none" : "token", role, scopes, recoveryScope: randomHex(32) },
        policy: {
          maxPayload: POLICY.maxPayload,
          maxBufferedBytes: POLICY.maxBufferedBytes,
          tickIntervalMs,
          attachments: POLICY.attachments,
          allowedSessionVisibilities: POLICY.allowedSessionVisibilities,
          hasMultipleSessionSharingIdentities: POLICY.hasMultipleSessionSharingIdentities,
        },
      },
    });
    startTick();
  };

  /** `checkBrowserOrigin` for a client on the gateway's own host. */
  const checkOrigin = (info: TransportInfo): string | undefined => {
    let parsed: URL;
    try {
      parsed = new URL(info.origin ?? "");
    } catch {
      return "origin missing or invalid";
    }
    if (parsed.origin === "null") return "origin missing or invalid";
    if (allowedOrigins.has("*") || allowedOrigins.has(parsed.origin.toLowerCase())) return undefined;
    if (info.host && parsed.host.toLowerCase() === info.host.toLowerCase()) return undefined;
    const hostname = parsed.hostname.replace(/^\[|\]$/g, "");
    if (hostname === "localhost" || hostname === "::1" || /^127\./.test(hostname)) return undefined;
    return "origin not allowed";
  };

  // ---- requests -------------------------------------------------------------------------------

  const dispatch = (connection: Connection, client: Client, text: string) => {
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return; // The gateway logs and drops unparseable frames from connected clients.
    }
    const frameProblems = checkSchema(REQUEST_FRAME_SCHEMA, frame);
    if (frameProblems !== null) {
      const id = typeof frame === "object" && frame !== null && "id" in frame ? (frame as { id: unknown }).id : undefined;
      sendFrame(connection, { type: "res", id: id ?? "invalid", ok: false, error: invalidRequest(`invalid request frame: ${frameProblems}`) });
      return;
    }
    const request = frame as { id: string; method: string; params?: unknown };
    const respond: Respond = (reply) => sendFrame(connection, { type: "res", id: request.id, ok: reply.ok, payload: reply.payload, error: reply.error });
    if (client.role !== OPERATOR_ROLE) {
      respond(fail(invalidRequest(`unauthorized role: ${client.role}`)));
      return;
    }
    if (!isAdmin(client.scopes)) {
      const missing = missingScopeFor(request.method, client.scopes);
      if (missing) {
        respond(fail(missingScope(missing)));
        return;
      }
    }
    const params = request.params ?? {};
    try {
      handle(request.method, params, client, connection.connId, respond);
    } catch (error) {
      respond(fail(error instanceof QuestionRefusal ? refusalError(error) : { code: "UNAVAILABLE", message: String(error) }));
    }
  };

  const handle = (method: string, params: unknown, client: Client, connId: string, respond: Respond) => {
    const narrow = usesOwnRunQuestionAccess(client.scopes);
    const checked = (schema: Schema, name: string): boolean => {
      const problems = checkSchema(schema, params);
      if (problems === null) return true;
      respond(fail(invalidParams(name, problems)));
      return false;
    };
    switch (method) {
      case METHOD.connect:
        respond(fail(invalidRequest(HANDSHAKE_TEXT.connectAgain)));
        return;
      case METHOD.questionList:
        if (!checked(QUESTION_PARAM_SCHEMAS[method], method)) return;
        respond(succeed({ questions: narrow ? [] : book.pending() }));
        return;
      case METHOD.questionGet: {
        if (!checked(QUESTION_PARAM_SCHEMAS[method], method)) return;
        const { id } = params as { id: string };
        const record = narrow ? undefined : book.get(id);
        respond(record ? succeed({ question: record }) : fail(notFound(id)));
        return;
      }
      case METHOD.questionWaitAnswer: {
        if (!checked(QUESTION_PARAM_SCHEMAS[method], method)) return;
        const { id, timeoutMs, includeResolutionId } = params as { id: string; timeoutMs?: number; includeResolutionId?: boolean };
        if (narrow || !book.get(id)) {
          respond(fail(notFound(id)));
          return;
        }
        book.waitAnswer(id, timeoutMs, includeResolutionId === true).then((result) => respond(succeed(result)));
        return;
      }
      case METHOD.questionResolve: {
        if (!checked(QUESTION_PARAM_SCHEMAS[method], method)) return;
        const request = params as { id: string; cancel?: true; answers?: { answers: AnswerMap }; resolvedBy?: string; resolutionId?: string; secretStoreAllowedHosts?: unknown };
        if (narrow || !book.get(request.id)) {
          respond(fail(notFound(request.id)));
          return;
        }
        if ("cancel" in request) {
          respond(succeed(book.cancel(request.id, request.resolvedBy)));
          return;
        }
        if (request.secretStoreAllowedHosts !== undefined) {
          respond(fail(invalidRequest("Secret store allowed hosts require a store-bound question.")));
          return;
        }
        respond(succeed(book.resolve(request.id, request.answers?.answers ?? {}, request.resolvedBy, request.resolutionId)));
        return;
      }
      case METHOD.questionRequest:
        if (!checked(QUESTION_PARAM_SCHEMAS[method], method)) return;
        requestQuestion(params as QuestionRequest, client, narrow, respond);
        return;
      case METHOD.chatSend:
        if (!checked(CHAT_SEND_SCHEMA, method)) return;
        agentTurn(params as { sessionKey: string; message: string; idempotencyKey: string }, connId, respond);
        return;
      case METHOD.chatAbort:
        if (!checked(CHAT_ABORT_SCHEMA, method)) return;
        abortRuns(params as { sessionKey: string; runId?: string }, connId, isAdmin(client.scopes), respond);
        return;
      default:
        respond(fail(invalidRequest(`unknown method: ${method}`)));
    }
  };

  interface QuestionRequest {
    id?: string;
    questions: (Question & { isSecret?: boolean; url?: string; secretStore?: unknown })[];
    agentId?: string;
    sessionKey?: string;
    runId?: string;
    timeoutMs?: number;
  }

  const requestQuestion = (request: QuestionRequest, client: Client, narrow: boolean, respond: Respond) => {
    if (request.questions.some((question) => question.secretStore !== undefined)) {
      const admin = isAdmin(client.scopes);
      respond(fail(invalidRequest(admin ? "secret store questions require trusted agent runtime authority" : "secret store questions require an operator.admin client")));
      return;
    }
    if (narrow) {
      respond(fail(invalidRequest("question creation requires trusted agent runtime authority")));
      return;
    }
    const shapeError = questionShapeError(request.questions);
    if (shapeError) {
      respond(fail(invalidRequest(shapeError)));
      return;
    }
    const session = request.sessionKey ? canonicalSession(request.sessionKey) : undefined;
    const record = book.request({
      id: request.id ?? randomUuid(),
      questions: structuredClone(request.questions),
      ...(session ? { agentId: session.agentId, sessionKey: session.sessionKey } : request.agentId ? { agentId: request.agentId } : {}),
      ...(request.runId ? { runId: request.runId } : {}),
      timeoutMs: request.timeoutMs ?? defaultTimeoutMs,
    });
    broadcastQuestionEvent(EVENT.questionRequested, record);
    respond(succeed({ id: record.id, expiresAtMs: record.expiresAtMs }));
  };

  // ---- the embedded agent ---------------------------------------------------------------------

  /** The `chat` event a finished turn sends to clients that may read chats. */
  const finishRun = (run: AgentRun) => {
    const payload = {
      runId: run.runId,
      sessionKey: run.sessionKey,
      agentId: run.agentId,
      seq: 1,
      state: "final",
      stopReason: "stop",
      message: { role: "assistant", content: [{ type: "text", text: AGENT_FINAL_TEXT }], timestamp: clock.now() },
    };
    for (const connection of connections) {
      const client = connection.client;
      if (client?.role === OPERATOR_ROLE && scopeSatisfied(OPERATOR_SCOPES.read, client.scopes)) sendEvent(connection, EVENT.chat, payload);
    }
  };

  /**
   * Checks `ask_user` input as the tool does and returns the step that asks it, so a caller can
   * acknowledge first (a real `chat.send` answers before the model has even called the tool).
   * Throws a readable error for input the tool would refuse.
   */
  const prepareAsk = (input: unknown, sessionKey: string | undefined, runId: string | undefined, ownerConnId = ""): (() => QuestionRecord) => {
    const normalized = normalizeAskUserInput(input);
    if (!normalized.ok) throw new Error(`ask_user input is invalid: ${normalized.errors.map((error) => `${error.path || "/"}: ${error.message}`).join("; ")}`);
    const session = sessionKey ? canonicalSession(sessionKey) : undefined;
    const busy = session && book.pending().some((record) => agentQuestions.has(record.id) && record.sessionKey === session.sessionKey);
    if (busy) throw new Error("ask_user already has a pending question for this session; wait for it to resolve before asking another");
    return () => {
      const record = book.request({
        id: `ask_${randomHex(16)}`,
        questions: normalized.value.questions,
        ...(session ? { agentId: session.agentId, sessionKey: session.sessionKey } : {}),
        ...(runId ? { runId } : {}),
        timeoutMs: normalized.value.timeoutSeconds * 1000,
      });
      agentQuestions.add(record.id);
      if (runId && session) runs.set(runId, { runId, sessionKey: session.sessionKey, agentId: session.agentId, questionId: record.id, ownerConnId });
      broadcastQuestionEvent(EVENT.questionRequested, record);
      return record;
    };
  };

  const agentTurn = (params: { sessionKey: string; message: string; idempotencyKey: string }, ownerConnId: string, respond: Respond) => {
    // A repeated idempotency key starts nothing: the gateway reports the run it already has.
    const seen = runs.has(params.idempotencyKey) ? "in_flight" : endedRuns.has(params.idempotencyKey) ? "ok" : undefined;
    if (seen) {
      respond(succeed({ runId: params.idempotencyKey, status: seen }));
      return;
    }
    let ask: () => QuestionRecord;
    try {
      ask = prepareAsk(JSON.parse(params.message), params.sessionKey, params.idempotencyKey, ownerConnId);
    } catch (error) {
      const problem = error instanceof SyntaxError ? 'message must be ask_user tool input as JSON, like {"questions":[...]}' : (error as Error).message;
      respond(fail(invalidRequest(`embedded agent: ${problem}`)));
      return;
    }
    respond(succeed({ runId: params.idempotencyKey, status: "started" }));
    ask();
  };

  const abortRuns = (params: { sessionKey: string; runId?: string }, callerConnId: string, admin: boolean, respond: Respond) => {
    const { sessionKey } = canonicalSession(params.sessionKey);
    const mayAbort = (run: AgentRun) => admin || run.ownerConnId === callerConnId;
    if (params.runId !== undefined) {
      const run = runs.get(params.runId);
      if (run && run.sessionKey !== sessionKey) {
        respond(fail(invalidRequest("runId does not match sessionKey")));
        return;
      }
      if (run && !mayAbort(run)) {
        respond(fail(invalidRequest("unauthorized")));
        return;
      }
    }
    const aborted = [...runs.values()].filter((run) => run.sessionKey === sessionKey && (params.runId === undefined || run.runId === params.runId) && mayAbort(run));
    respond(succeed({ ok: true, aborted: aborted.length > 0, runIds: aborted.map((run) => run.runId) }));
    for (const run of aborted) {
      if (book.get(run.questionId)?.status === "pending") book.cancel(run.questionId, "requester-inactive");
      runs.delete(run.runId);
      endedRuns.add(run.runId);
    }
  };

  // ---- public surface -------------------------------------------------------------------------

  const dropEverything = () => {
    for (const connection of [...connections]) closeConnection(connection, 1012, HANDSHAKE_TEXT.serviceRestart);
    runs.clear();
    endedRuns.clear();
    agentQuestions.clear();
    const waiting = [...askers.values()];
    askers.clear();
    book.clear();
    for (const resolve of waiting) resolve({ status: "no_answer" });
  };

  return {
    accept(transport, info = {}) {
      const connection: Connection = { connId: randomUuid(), transport, info, refused: false, isClosed: false, seq: 0 };
      if (shutDown) {
        connection.isClosed = true;
        try {
          transport.close(1012, HANDSHAKE_TEXT.serviceRestart);
        } catch {
          // Nothing to tell a socket that is already gone.
        }
      } else {
        connections.add(connection);
        sendFrame(connection, {
          type: "event",
          event: EVENT.challenge,
          payload: { nonce: randomUuid(), ts: clock.now(), capabilities: ["model-catalog-snapshot"] },
        });
      }
      return {
        receive(text) {
          if (connection.isClosed || connection.refused) return;
          try {
            if (connection.client) dispatch(connection, connection.client, text);
            else handshake(connection, text);
          } catch {
            // Every reply path above is total; this only guards the adapter from surprises.
          }
        },
        closed() {
          connection.isClosed = true;
          connections.delete(connection);
          stopTickWhenIdle();
        },
      };
    },
    ask(input, askOptions = {}) {
      let record: QuestionRecord;
      try {
        record = prepareAsk(input, askOptions.sessionKey, askOptions.runId)();
      } catch (error) {
        return Promise.reject(error);
      }
      return new Promise((resolve) => askers.set(record.id, resolve));
    },
    records() {
      return structuredClone(book.all());
    },
    restart: dropEverything,
    close() {
      shutDown = true;
      dropEverything();
      if (tickTimer !== undefined) clock.clearTimeout(tickTimer);
      tickTimer = undefined;
    },
  };
}

const succeed = (payload: unknown): Reply => ({ ok: true, payload });
const fail = (error: GatewayError): Reply => ({ ok: false, error });

function notFound(id: string): GatewayError {
  return refusalError(new QuestionRefusal(QUESTION_ERROR_REASONS.notFound, questionNotFoundMessage(id)));
}

function refusalError(refusal: QuestionRefusal): GatewayError {
  return invalidRequest(refusal.message, { reason: refusal.reason });
}

/** The gateway's `questionShapeError` for plain (non-secret-store) questions. */
function questionShapeError(questions: readonly (Question & { isSecret?: boolean; url?: string })[]): string | undefined {
  const ids = new Set<string>();
  for (const question of questions) {
    if (ids.has(question.questionId)) return duplicateQuestionIdMessage(question.questionId);
    ids.add(question.questionId);
    if (question.url !== undefined && !isPlainHttpUrl(question.url)) return `question '${question.questionId}' requires an absolute HTTP(S) URL without credentials`;
    if (question.options.length === 1) return `question '${question.questionId}' must have either no options or 2 to 4 options`;
    if (question.isSecret) return `question '${question.questionId}': secret questions are not supported yet`;
    const labels = new Set<string>();
    for (const option of question.options) {
      const label = option.label.trim().toLowerCase();
      if (labels.has(label)) return duplicateOptionLabelMessage(question.questionId, option.label);
      labels.add(label);
    }
  }
  return undefined;
}

function isPlainHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * The gateway stores session keys agent-scoped: `main` becomes `agent:main:main`. The embedded
 * gateway has one agent, `main`.
 */
function canonicalSession(key: string): { sessionKey: string; agentId: string } {
  const lowered = key.trim().toLowerCase();
  if (lowered === "global" || lowered === "unknown") return { sessionKey: lowered, agentId: "main" };
  const scoped = /^agent:([^:]+):/.exec(lowered);
  if (scoped?.[1]) return { sessionKey: lowered, agentId: scoped[1] };
  return { sessionKey: `agent:main:${lowered}`, agentId: "main" };
}
