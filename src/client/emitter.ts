/**
 * Listener sets shared by the connection and the question client. A listener that throws must not
 * stop the others or reach the socket callback that emitted, so each call is isolated and what it
 * threw is handed to `report`.
 */
import { ClientErrorCodes, toGatewayError, type GatewayError } from "./errors.js";

/** At most two arguments: `emit` passes them by position (see below). */
type EmitArgs = [] | [unknown] | [unknown, unknown];

export interface Emitter<A extends EmitArgs> {
  /** Adds a listener (once, however often it is added); returns its removal. */
  on(listener: (...args: A) => void): () => void;
  /** Calls every listener, in the order they were added, with a snapshot taken before the first. */
  emit(...args: A): void;
  /** The listener when there is exactly one (an `emit` now would call only it), else undefined. */
  only(): ((...args: A) => void) | undefined;
}

/** `context` names the listener kind in the `LISTENER_FAILED` report, e.g. "onStatus listener threw". */
export function createEmitter<A extends EmitArgs>(context: string, report: (error: GatewayError) => void): Emitter<A> {
  type Listener = (first?: unknown, second?: unknown) => void;
  const listeners = new Set<Listener>();
  // The snapshot is kept until the listeners change, not copied on every emit: every frame emits.
  let snapshot: readonly Listener[] | null = null;
  const current = () => (snapshot ??= [...listeners]);
  return {
    on(listener) {
      listeners.add(listener as Listener);
      snapshot = null;
      return () => {
        if (listeners.delete(listener as Listener)) snapshot = null;
      };
    },
    // Two positional parameters and an indexed loop, not `...args` and `for…of`: every frame emits,
    // mostly in code the engine has not optimized, where a rest array, a spread call and an array
    // iterator each cost a call and an allocation per frame. A listener of fewer arguments ignores
    // the extra `undefined`.
    emit: ((first?: unknown, second?: unknown) => {
      const called = current();
      for (let index = 0; index < called.length; index += 1) {
        try {
          called[index]!(first, second);
        } catch (error) {
          report(toGatewayError(error, ClientErrorCodes.LISTENER_FAILED, context));
        }
      }
    }) as Emitter<A>["emit"],
    only() {
      const called = current();
      return called.length === 1 ? (called[0] as (...args: A) => void) : undefined;
    },
  };
}
