/**
 * The kit's transport (`AskUserTransport`) over the Control UI's own gateway connection: requests go
 * through the app's signed-in client, events come from the app's event stream, and the status is
 * the app's. The page keeps one socket and one login; the kit reads no token and no device key, and
 * parses no frame (the app has parsed each one already).
 */
import type { AskUserTransport, ConnectionStatus } from "ask-user-kit/contract";
import type { AppEventFrame, AppGateway } from "./app-context.js";

export interface AppTransport extends AskUserTransport {
  /** Hands `frames` (received before the kit started) to the event listeners, in order. */
  replay(frames: readonly AppEventFrame[]): void;
  /** Stops listening to the app. */
  close(): void;
}

const statusOf = (gateway: AppGateway): ConnectionStatus => {
  const { phase, client } = gateway.snapshot;
  if (phase === "connected" && client) return "connected";
  return phase === "stopped" || phase === "idle" ? "disconnected" : "connecting";
};

export function createAppTransport(gateway: AppGateway): AppTransport {
  const eventListeners = new Map<string, Set<(payload: unknown) => void>>();
  const statusListeners = new Set<(status: ConnectionStatus) => void>();
  let status = statusOf(gateway);
  /** The gateway connection the status last said "connected" for: a new one is a reconnect. */
  let connectionId = status === "connected" ? gateway.snapshot.hello?.server?.connId : undefined;

  const emit = (next: ConnectionStatus) => {
    status = next;
    for (const listener of [...statusListeners]) listener(next);
  };

  const deliver = (frame: AppEventFrame) => {
    const listeners = eventListeners.get(frame.event);
    if (listeners) for (const listener of [...listeners]) listener(frame.payload);
  };

  const unsubscribers = [
    gateway.subscribeEvents(deliver),
    gateway.subscribe(() => {
      const next = statusOf(gateway);
      const id = next === "connected" ? gateway.snapshot.hello?.server?.connId : undefined;
      // The app can come back on a new connection (a gateway restart) without a phase the kit
      // saw change: that is a reconnect too, so the kit lists what is pending again.
      if (next === "connected" && status === "connected" && id !== connectionId) emit("connecting");
      connectionId = id;
      if (next !== status) emit(next);
    }),
  ];

  return {
    request(method, params, options) {
      const client = gateway.snapshot.client;
      if (!client || statusOf(gateway) !== "connected") {
        // The kit's code for "not sent, no connection": the store offers Retry once connected.
        return Promise.reject(Object.assign(new Error(`${method}: the Control UI is not connected to the gateway`), { code: "NOT_CONNECTED" }));
      }
      return client.request(method, params, options?.timeoutMs === undefined ? undefined : { timeoutMs: options.timeoutMs });
    },
    onEvent(event, listener) {
      let listeners = eventListeners.get(event);
      if (!listeners) eventListeners.set(event, (listeners = new Set()));
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getStatus: () => status,
    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    replay(frames) {
      for (const frame of frames) deliver(frame);
    },
    close() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      eventListeners.clear();
      statusListeners.clear();
    },
  };
}
