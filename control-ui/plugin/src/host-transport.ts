/**
 * The kit's minimal transport (`AskUserTransport`) over the Control UI host's one signed-in
 * connection: `host.request` and `host.onEvent`, with the status read from `host.connection`.
 * No socket of the kit's own, no token read, no `WebSocket` wrap. The host does not report `seq`
 * gaps, so there is no `onGap`: after a reconnect (status back to connected) the kit lists the
 * pending questions again anyway.
 */
import type { AskUserTransport } from "ask-user-kit/contract";
import type { PluginHost } from "./host.js";

type Status = ReturnType<AskUserTransport["getStatus"]>;

export function hostTransport(host: PluginHost): AskUserTransport {
  const status = (): Status => (host.connection.connected ? "connected" : "disconnected");
  return {
    request(method, params, options) {
      const sent = host.request(method, (params ?? {}) as Record<string, unknown>);
      const timeoutMs = options?.timeoutMs;
      if (timeoutMs === undefined || !Number.isFinite(timeoutMs)) return sent;
      // The host's client has no per-request deadline; the kit bounds a resolve by the prompt's expiry.
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject({ code: "TIMEOUT", message: `${method} got no answer within ${Math.round(timeoutMs)} ms`, details: { reason: "TIMEOUT" } }),
          Math.max(0, timeoutMs),
        );
        sent.then(
          (value) => (clearTimeout(timer), resolve(value)),
          (error: unknown) => (clearTimeout(timer), reject(error)),
        );
      });
    },
    onEvent: (event, listener) => host.onEvent(event, listener),
    getStatus: status,
    onStatus(listener) {
      let last = status();
      return host.subscribe(() => {
        const next = status();
        if (next === last) return;
        last = next;
        listener(next);
      });
    },
  };
}
