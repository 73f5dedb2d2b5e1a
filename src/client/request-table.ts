/**
 * Requests waiting for their response, by id. Each settles exactly once: with its response, with a
 * local timeout (after which a `cancel` frame tells the gateway to stop), or when the connection
 * that carried it goes away.
 */
import type { Timers } from "../contract/timers.js";
import { ClientErrorCodes, GatewayError, gatewayErrorFromWire, toGatewayError } from "./errors.js";
import type { ResponseFrame } from "./frames.js";

interface RequestTable {
  /** Sends `{type: "req"}` on `socket`; resolves with the payload or rejects with a `GatewayError`. */
  send(socket: FrameSink, method: string, params: unknown, timeoutMs: number): Promise<unknown>;
  /** Settles the request a response answers. */
  settle(frame: ResponseFrame): void;
  /** Rejects every waiting request with `error` (the socket is gone). */
  rejectAll(error: GatewayError): void;
}

interface FrameSink {
  send(data: string): void;
}

interface Waiting {
  method: string;
  resolve(payload: unknown): void;
  reject(error: GatewayError): void;
  timer: unknown;
}

export function createRequestTable(timers: Timers, createId: () => string): RequestTable {
  const waiting = new Map<string, Waiting>();
  return {
    send(socket, method, params, timeoutMs) {
      return new Promise((resolve, reject) => {
        const id = createId();
        const timer = timers.setTimeout(() => {
          if (!waiting.delete(id)) return;
          try {
            socket.send(JSON.stringify({ type: "cancel", id }));
          } catch {
            // The socket is going away; the request dies with it.
          }
          reject(new GatewayError({ code: ClientErrorCodes.TIMEOUT, message: `${method}: no response within ${timeoutMs} ms` }));
        }, timeoutMs);
        // Registered before sending, so even a reply delivered during send() finds its request.
        waiting.set(id, { method, resolve, reject, timer });
        try {
          socket.send(JSON.stringify({ type: "req", id, method, params }));
        } catch (error) {
          waiting.delete(id);
          timers.clearTimeout(timer);
          reject(toGatewayError(error, ClientErrorCodes.DISCONNECTED, `${method}: sending failed`));
        }
      });
    },
    settle(frame) {
      const entry = waiting.get(frame.id);
      // Late answers to timed-out (cancelled) requests are expected; nothing waits for them.
      if (!entry) return;
      waiting.delete(frame.id);
      timers.clearTimeout(entry.timer);
      if (frame.ok) entry.resolve(frame.payload);
      else entry.reject(gatewayErrorFromWire(frame.error, entry.method));
    },
    rejectAll(error) {
      const entries = [...waiting.values()];
      waiting.clear();
      for (const entry of entries) {
        timers.clearTimeout(entry.timer);
        entry.reject(error);
      }
    },
  };
}
