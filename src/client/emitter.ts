/**
 * Listener sets shared by the connection and the question client. A listener that throws must not
 * stop the others or reach the socket callback that emitted, so each call is isolated and what it
 * threw is handed to `report`.
 */
import { ClientErrorCodes, toGatewayError, type GatewayError } from "./errors.js";

export interface Emitter<A extends unknown[]> {
  /** Adds a listener (once, however often it is added); returns its removal. */
  on(listener: (...args: A) => void): () => void;
  /** Calls every listener, in the order they were added, with a snapshot taken before the first. */
  emit(...args: A): void;
  /** The listener when there is exactly one (an `emit` now would call only it), else undefined. */
  only(): ((...args: A) => void) | undefined;
}

/** `context` names the listener kind in the `LISTENER_FAILED` report, e.g. "onStatus listener threw". */
export function createEmitter<A extends unknown[]>(context: string, report: (error: GatewayError) => void): Emitter<A> {
  const listeners = new Set<(...args: A) => void>();
  // The snapshot is kept until the listeners change, not copied on every emit: every frame emits.
  let snapshot: readonly ((...args: A) => void)[] | null = null;
  return {
    on(listener) {
      listeners.add(listener);
      snapshot = null;
      return () => {
        if (listeners.delete(listener)) snapshot = null;
      };
    },
    emit(...args) {
      for (const listener of (snapshot ??= [...listeners])) {
        try {
          listener(...args);
        } catch (error) {
          report(toGatewayError(error, ClientErrorCodes.LISTENER_FAILED, context));
        }
      }
    },
    only() {
      if (listeners.size === 1) for (const listener of listeners) return listener;
      return undefined;
    },
  };
}
