import type { QuestionRecord } from "../../../src/contract/types.js";
import { createFakeSocketClass, flush, HELLO_OK, type FakeSocket, type FakeSocketClass, type SentFrame } from "./fake-socket.js";

export type Reply = { payload: unknown } | { error: Record<string, unknown> } | "hold";
export type Handler = (params: Record<string, unknown>, request: SentFrame) => Reply;

export interface HeldRequest {
  socket: FakeSocket;
  request: SentFrame;
}

/**
 * The gateway side of the fake socket: answers the handshake and `question.*` from an in-memory
 * book of records, the way OpenClaw does (first writer wins, reasons in `details.reason`). Replies
 * arrive on a microtask, like a real socket's. Tests override any method with `handle`.
 */
export interface ScriptedGateway {
  readonly Socket: FakeSocketClass;
  readonly records: Map<string, QuestionRecord>;
  readonly held: HeldRequest[];
  /** Opens the newest socket and completes the handshake. */
  connect(): Promise<void>;
  /** Closes the newest socket from the gateway side. */
  drop(code?: number): void;
  handle(method: string, handler: Handler | undefined): void;
  /** Broadcasts an event with the next seq (or skips `gap` numbers first). */
  emit(event: string, payload: unknown, gap?: number): void;
  /** Adds a pending record and broadcasts `question.requested`. */
  request(record: QuestionRecord): void;
  /** Every request of `method` sent on any socket, in order. */
  requests(method: string): SentFrame[];
}

export function notFound(id: string): Reply {
  return { error: { code: "INVALID_REQUEST", message: `question '${id}' was not found`, details: { reason: "QUESTION_NOT_FOUND" } } };
}

export function createScriptedGateway(): ScriptedGateway {
  const records = new Map<string, QuestionRecord>();
  const overrides = new Map<string, Handler>();
  const held: HeldRequest[] = [];
  const sent: SentFrame[] = [];
  let seq = 0;

  const defaults: Record<string, Handler> = {
    "question.list": () => ({ payload: { questions: [...records.values()].filter((record) => record.status === "pending") } }),
    "question.get": (params) => {
      const record = records.get(String(params.id));
      return record ? { payload: { question: record } } : notFound(String(params.id));
    },
    "question.resolve": (params) => {
      const id = String(params.id);
      const record = records.get(id);
      if (!record) return notFound(id);
      if (record.status !== "pending") {
        return {
          error: {
            code: "INVALID_REQUEST",
            message: `question '${id}' is already ${record.status}`,
            details: { reason: "QUESTION_ALREADY_TERMINAL" },
          },
        };
      }
      if (params.cancel === true) {
        records.set(id, { ...record, status: "cancelled" });
        return { payload: { status: "cancelled" } };
      }
      const answers = params.answers as QuestionRecord["answers"];
      records.set(id, { ...record, status: "answered", ...(answers ? { answers } : {}) });
      return { payload: { status: "answered", answers } };
    },
  };

  function answer(socket: FakeSocket, frame: SentFrame): void {
    if (frame.type !== "req") return;
    sent.push(frame);
    if (frame.method === "connect") {
      queueMicrotask(() => socket.reply(frame, HELLO_OK));
      return;
    }
    const handler = overrides.get(frame.method ?? "") ?? defaults[frame.method ?? ""];
    const reply = handler
      ? handler((frame.params ?? {}) as Record<string, unknown>, frame)
      : { error: { code: "INVALID_REQUEST", message: `unknown method ${frame.method}` } };
    if (reply === "hold") {
      held.push({ socket, request: frame });
      return;
    }
    queueMicrotask(() => {
      if (socket.readyState !== 1) return;
      if ("payload" in reply) socket.reply(frame, reply.payload);
      else socket.replyError(frame, reply.error);
    });
  }

  const Socket = createFakeSocketClass((socket) => {
    socket.onSend = (frame) => answer(socket, frame);
  });

  return {
    Socket,
    records,
    held,
    async connect() {
      const socket = Socket.latest();
      seq = 0;
      socket.open();
      socket.challenge();
      await flush();
    },
    drop(code = 1006) {
      Socket.latest().serverClose(code);
    },
    handle(method, handler) {
      if (handler) overrides.set(method, handler);
      else overrides.delete(method);
    },
    emit(event, payload, gap = 0) {
      seq += 1 + gap;
      Socket.latest().event(event, payload, seq);
    },
    request(record) {
      records.set(record.id, record);
      this.emit("question.requested", record);
    },
    requests: (method) => sent.filter((frame) => frame.method === method),
  };
}
