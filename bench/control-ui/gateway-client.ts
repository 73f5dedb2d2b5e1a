/**
 * The bench's own operator connection to the real gateway: a bare WebSocket speaking the protocol
 * (no kit code, so the kit's client never times itself). It creates and deletes the Control UI's
 * chat session, sends `question.request`, cancels leftovers, and records when each request frame
 * left (`sentAt`, epoch ms with sub-ms precision: performance.timeOrigin + performance.now()).
 */
import { randomUUID } from "node:crypto";
import WebSocket from "ws";

export const epochNow = () => performance.timeOrigin + performance.now();

export interface GatewayError extends Error {
  code?: string;
}

interface Pending {
  resolve(payload: unknown): void;
  reject(error: Error): void;
}

export interface BenchGatewayClient {
  /** Resolves with the response payload; `sent` gets the epoch time the frame was handed to the socket. */
  request<T = unknown>(method: string, params: unknown, sent?: (at: number) => void): Promise<T>;
  close(): void;
}

/**
 * Connects as `cli` (a token without a device identity keeps its scopes on loopback). `onFrame`
 * runs as each frame arrives, before it is parsed.
 */
export function connectBenchClient(url: string, token: string, onFrame?: () => void): Promise<BenchGatewayClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const pending = new Map<string, Pending>();
    const connectId = randomUUID();
    const send = (method: string, params: unknown, id = randomUUID()) => {
      ws.send(JSON.stringify({ type: "req", id, method, params }));
      return id;
    };
    const client: BenchGatewayClient = {
      request<T>(method: string, params: unknown, sent?: (at: number) => void) {
        return new Promise<T>((done, fail) => {
          const id = randomUUID();
          pending.set(id, { resolve: (payload) => done(payload as T), reject: fail });
          const frame = JSON.stringify({ type: "req", id, method, params });
          const at = epochNow();
          ws.send(frame);
          sent?.(at);
        });
      },
      close: () => ws.close(),
    };
    ws.on("error", (error) => reject(error));
    ws.on("close", () => {
      for (const entry of pending.values()) entry.reject(new Error("gateway connection closed"));
      pending.clear();
    });
    ws.on("message", (data) => {
      onFrame?.();
      const frame = JSON.parse(String(data)) as {
        type: string;
        event?: string;
        id?: string;
        ok?: boolean;
        payload?: unknown;
        error?: { code?: string; message?: string };
      };
      if (frame.type === "event" && frame.event === "connect.challenge") {
        send(
          "connect",
          {
            minProtocol: 4,
            maxProtocol: 4,
            client: { id: "cli", version: "0.0.0", platform: process.platform, mode: "cli" },
            role: "operator",
            scopes: ["operator.admin", "operator.read", "operator.write", "operator.questions"],
            caps: [],
            auth: { token },
          },
          connectId,
        );
        return;
      }
      if (frame.type !== "res" || frame.id === undefined) return;
      if (frame.id === connectId) {
        if (frame.ok) resolve(client);
        else reject(new Error(`bench client connect failed: ${frame.error?.code} ${frame.error?.message}`));
        return;
      }
      const entry = pending.get(frame.id);
      if (!entry) return;
      pending.delete(frame.id);
      if (frame.ok) entry.resolve(frame.payload);
      else entry.reject(Object.assign(new Error(`${frame.error?.code}: ${frame.error?.message}`), { code: frame.error?.code }));
    });
  });
}
