/**
 * A fake gateway on a real loopback WebSocket (`ws`, 127.0.0.1, a free port): it completes the
 * handshake and answers `question.*` from its own small book of records as OpenClaw does, and
 * otherwise sends whatever frames a test hands it. It counts every request, so a test can bound the
 * work a barrage caused.
 */
import { WebSocketServer, type WebSocket } from "ws";
import type { QuestionRecord } from "../../../src/contract/types.js";
import type { HostileFrame } from "./hostile-frames.js";

interface Request {
  type?: unknown;
  id?: unknown;
  method?: unknown;
  params?: { id?: unknown; answers?: unknown; cancel?: unknown };
}

const HELLO = {
  type: "hello-ok",
  protocol: 4,
  server: { version: "hostile", connId: "hostile-1" },
  features: { methods: ["question.list", "question.get", "question.resolve"], events: ["question.requested", "question.resolved"] },
  auth: { role: "operator", scopes: ["operator.questions"] },
  policy: { tickIntervalMs: 30_000 },
};

/** Frames sent per turn of the event loop: the gateway keeps answering requests mid-barrage. */
const CHUNK = 100;

export async function startHostileGateway() {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const records = new Map<string, QuestionRecord>();
  const requests: { method: string; params: Request["params"] }[] = [];
  let socket: WebSocket | null = null;

  const reply = (id: unknown, body: { payload: unknown } | { error: unknown }) =>
    socket?.send(JSON.stringify({ type: "res", id, ok: "payload" in body, ...body }));

  server.on("connection", (ws) => {
    socket = ws;
    ws.send(JSON.stringify({ type: "event", event: "connect.challenge", payload: { nonce: "hostile-nonce", ts: Date.now() } }));
    ws.on("message", (data) => {
      const frame = JSON.parse(String(data)) as Request;
      if (frame.type !== "req" || typeof frame.method !== "string") return;
      requests.push({ method: frame.method, params: frame.params });
      const id = String(frame.params?.id);
      const record = records.get(id);
      if (frame.method === "connect") reply(frame.id, { payload: HELLO });
      else if (frame.method === "question.list")
        reply(frame.id, { payload: { questions: [...records.values()].filter((entry) => entry.status === "pending") } });
      else if (frame.method === "question.get") reply(frame.id, record ? { payload: { question: record } } : notFound(id));
      else if (frame.method === "question.resolve") {
        if (!record || record.status !== "pending") return void reply(frame.id, notFound(id));
        const answers = frame.params?.answers as QuestionRecord["answers"];
        records.set(id, { ...record, status: "answered", ...(answers ? { answers } : {}) });
        reply(frame.id, { payload: { status: "answered", answers: answers?.answers } });
      } else reply(frame.id, { error: { code: "INVALID_REQUEST", message: `unknown method: ${frame.method}` } });
    });
  });

  const { port } = server.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}`,
    records,
    requests,
    count: (method: string) => requests.filter((request) => request.method === method).length,
    /** Sends `total` frames from `next`, a chunk per event-loop turn; resolves with the number of chunks once all are written. */
    async barrage(total: number, next: () => HostileFrame): Promise<number> {
      let chunks = 0;
      for (let sent = 0; sent < total; sent += CHUNK, chunks++) {
        for (let i = sent; i < Math.min(total, sent + CHUNK); i++) socket?.send(next());
        await new Promise((resolve) => setImmediate(resolve));
      }
      return chunks;
    },
    /** Adds a pending record and announces it as the gateway would. */
    request(record: QuestionRecord, seq: number): void {
      records.set(record.id, record);
      socket?.send(JSON.stringify({ type: "event", event: "question.requested", payload: record, seq }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate();
        server.close(() => resolve());
      }),
  };
}

function notFound(id: string) {
  return { error: { code: "INVALID_REQUEST", message: `question '${id}' was not found`, details: { reason: "QUESTION_NOT_FOUND" } } };
}
