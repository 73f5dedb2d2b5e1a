/**
 * Listener sets of the connection. A listener that throws must not stop the others or reach the
 * socket callback that emitted, so each call is isolated and what it threw is handed to `report`.
 */
import { ClientErrorCodes, toGatewayError, type GatewayError } from "./errors.js";

export interface Emitter<A extends unknown[]> {
  /** Adds a listener (once, however often it is added); returns its removal. */
  on(listener: (...args: A) => void): () => void;
  /** Calls every listener, in the order they were added, with a snapshot taken before the first. */
  emit(...args: A): void;
}

/** `context` names the listener kind in the `LISTENER_FAILED` report, e.g. "onStatus listener threw". */
export function createEmitter<A extends unknown[]>(context: string, report: (error: GatewayError) => void): Emitter<A> {
  type Listener = (...args: A) => void;
  const listeners = new Set<Listener>();
  // Kept until the listeners change rather than copied on every emit: every frame emits.
  let snapshot: readonly Listener[] | null = null;
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
  };
}
