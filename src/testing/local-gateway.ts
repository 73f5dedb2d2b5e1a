/**
 * An in-memory stand-in for the question subset of a real OpenClaw gateway: the handshake, the
 * five `question.*` methods with their events, and a tiny "agent" (`chat.send` / `chat.abort`) so
 * one scenario suite can run against it and against the real thing. It knows nothing of sockets:
 * a transport adapter hands it text frames (`accept`), so it runs in Node, in a browser tab and in
 * Storybook alike. Replies — payload shapes, error codes, `details` and message texts — are the
 * real gateway's (see `gateway-replies.ts`, `gateway-schemas.ts`).
 *
 * This file holds the connections (frames in and out, per-connection `seq`, ticks) and routes
 * requests; the handshake, the question methods and the agent each have their own file.
 */
import { defaultTimers, type Timers } from "../contract/timers.js";
import type { AskUserToolResult, QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";
import { GATEWAY_EVENTS as EVENT, GATEWAY_METHODS as METHOD, OPERATOR_ROLE, OPERATOR_SCOPES } from "../contract/wire.js";
import { HANDSHAKE_TEXT, invalidRequest, missingScope, truncateCloseReason } from "./gateway-replies.js";
import { REQUEST_FRAME_SCHEMA } from "./gateway-schemas.js";
import { type AskOptions, createEmbeddedAgent } from "./local-gateway-agent.js";
import { type AuthPolicy, type Client, type TransportInfo, helloOkPayload, readHandshake } from "./local-gateway-handshake.js";
import { createQuestionMethods } from "./local-gateway-questions.js";
import { type MethodHandler, type Respond, fail, refusalError } from "./local-gateway-reply.js";
import { checkSchema } from "./param-schema.js";
import { type Clock, QuestionRefusal, createQuestionBook } from "./question-book.js";
import { randomUuid } from "./random-ids.js";
import { isAdmin, missingScopeFor, scopeSatisfied } from "./scopes.js";

export type { AskOptions, TransportInfo };

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

export interface GatewayConnection {
  /** Feed one text frame from the client. Never throws. */
  receive(text: string): void;
  /** Tell the gateway the socket is gone. */
  closed(): void;
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
const METHODS = [
  METHOD.questionRequest,
  METHOD.questionWaitAnswer,
  METHOD.questionResolve,
  METHOD.questionGet,
  METHOD.questionList,
  METHOD.chatAbort,
  METHOD.chatSend,
];
const EVENTS = [EVENT.challenge, EVENT.tick, EVENT.questionRequested, EVENT.questionResolved, EVENT.chat];
const TICK_INTERVAL_MS = 30_000;

interface Connection {
  connId: string;
  transport: GatewayTransport;
  info: TransportInfo;
  client?: Client;
  /** A `connect` was refused: the socket is closing and later frames are ignored. */
  refused: boolean;
  isClosed: boolean;
  /** The last event number sent; OpenClaw numbers each connection's events from 1. */
  seq: number;
}

export function createLocalGateway(options: LocalGatewayOptions = {}): LocalGateway {
  const timers = options.timers ?? defaultTimers;
  const clock: Clock = {
    now: options.now ?? (() => Date.now()),
    setTimeout: (run, ms) => timers.setTimeout(run, ms),
    clearTimeout: (handle) => timers.clearTimeout(handle),
  };
  const tickIntervalMs = options.tickIntervalMs ?? TICK_INTERVAL_MS;
  const serverVersion = options.serverVersion ?? "2026.9.6";
  const policy: AuthPolicy = {
    token: options.token,
    allowedOrigins: new Set((options.allowedOrigins ?? []).map((origin) => origin.trim().toLowerCase())),
  };

  const connections = new Set<Connection>();
  let tickTimer: unknown;
  let shutDown = false;
  const bootId = randomUuid();
  const startedAt = clock.now();

  const book = createQuestionBook({
    clock,
    graceMs: options.graceMs ?? 15_000,
    onResolved(event) {
      agent.settled(event);
      // The gateway publishes resolutions after the resolving call has answered.
      queueMicrotask(() => broadcastQuestionEvent(EVENT.questionResolved, event));
    },
  });
  const publishRequested = (record: QuestionRecord) => broadcastQuestionEvent(EVENT.questionRequested, record);
  const agent = createEmbeddedAgent({
    book,
    now: clock.now,
    publishRequested,
    publishChat(payload) {
      for (const connection of connections) {
        const client = connection.client;
        if (client?.role === OPERATOR_ROLE && scopeSatisfied(OPERATOR_SCOPES.read, client.scopes)) sendEvent(connection, EVENT.chat, payload);
      }
    },
  });
  const methods: Record<string, MethodHandler> = {
    [METHOD.connect]: (_params, _caller, respond) => respond(fail(invalidRequest(HANDSHAKE_TEXT.connectAgain))),
    ...createQuestionMethods({ book, defaultTimeoutMs: options.defaultTimeoutMs ?? 900_000, publishRequested }),
    ...agent.methods,
  };

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

  function broadcastQuestionEvent(
    event: typeof EVENT.questionRequested | typeof EVENT.questionResolved,
    payload: QuestionRecord | QuestionResolvedEvent,
  ) {
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

  // ---- handshake and requests -----------------------------------------------------------------

  const handshake = (connection: Connection, text: string) => {
    const outcome = readHandshake(text, connection.info, policy);
    switch (outcome.kind) {
      case "close":
        if (outcome.refused) connection.refused = true;
        closeConnection(connection, outcome.code, outcome.reason);
        return;
      case "refuse":
        connection.refused = true;
        sendFrame(connection, { type: "res", id: outcome.id, ok: false, error: outcome.error });
        // The gateway closes a microtask after the refusal so the reply goes out first.
        queueMicrotask(() => closeConnection(connection, outcome.closeCode, truncateCloseReason(outcome.closeReason)));
        return;
      case "admit":
        connection.client = outcome.client;
        sendFrame(connection, {
          type: "res",
          id: outcome.id,
          ok: true,
          payload: helloOkPayload(outcome.client, {
            serverVersion,
            bootId,
            connId: connection.connId,
            uptimeMs: clock.now() - startedAt,
            tickIntervalMs,
            methods: METHODS,
            events: EVENTS,
            tokenAuth: options.token !== undefined,
          }),
        });
        startTick();
    }
  };

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
      sendFrame(connection, {
        type: "res",
        id: id ?? "invalid",
        ok: false,
        error: invalidRequest(`invalid request frame: ${frameProblems}`),
      });
      return;
    }
    const request = frame as { id: string; method: string; params?: unknown };
    const respond: Respond = (reply) =>
      sendFrame(connection, { type: "res", id: request.id, ok: reply.ok, payload: reply.payload, error: reply.error });
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
    const method = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
    if (!method) {
      respond(fail(invalidRequest(`unknown method: ${request.method}`)));
      return;
    }
    try {
      method(request.params ?? {}, { client, connId: connection.connId }, respond);
    } catch (error) {
      respond(fail(error instanceof QuestionRefusal ? refusalError(error) : { code: "UNAVAILABLE", message: String(error) }));
    }
  };

  // ---- public surface -------------------------------------------------------------------------

  const dropEverything = () => {
    for (const connection of [...connections]) closeConnection(connection, 1012, HANDSHAKE_TEXT.serviceRestart);
    book.clear();
    agent.clear();
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
    ask: (input, askOptions = {}) => agent.ask(input, askOptions),
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
