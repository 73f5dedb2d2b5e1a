/**
 * The Control UI's own application context, asked for the way any element inside the app asks
 * (by the startup file only: a module the kit's lazy code imported too would be split into a
 * second file on the page's startup path):
 * the Lit context protocol's `context-request` event with the key `"openclaw.application"` (the
 * app's `applicationContext`; OpenClaw's own end-to-end helpers reach it the same way). The kit
 * uses one part of it: the app's gateway (its signed-in client, its event stream, its status).
 * Only what the kit reads is typed here; an answer without it (another OpenClaw) is refused, so the
 * kit stays off.
 */

/** A gateway event frame as the app's client hands it on (already parsed by the app). */
export interface AppEventFrame {
  event: string;
  payload?: unknown;
  seq?: number;
}

interface AppGatewayClient {
  /** Resolves with the response payload; rejects with the gateway's error (`code`, `message`, `details.reason`). */
  request(method: string, params?: unknown, options?: { timeoutMs?: number }): Promise<unknown>;
}

interface AppGatewaySnapshot {
  /** The app's signed-in client, null while it has none. */
  readonly client: AppGatewayClient | null;
  /** `"connected"` once signed in; other words while connecting, reconnecting or stopped. */
  readonly phase: string;
  readonly hello: { server?: { connId?: string } } | null;
}

export interface AppGateway {
  readonly snapshot: AppGatewaySnapshot;
  /** Called after every change of the snapshot. */
  subscribe(listener: () => void): () => void;
  /** Called with every event frame the app's connection receives. */
  subscribeEvents(listener: (frame: AppEventFrame) => void): () => void;
}

export interface AppContext {
  readonly gateway: AppGateway;
}

/** What the startup file hands the kit's lazily loaded code. */
export interface KitPage {
  app: AppContext;
  /** The question events the page received while the kit's code loaded, in order. */
  early: readonly AppEventFrame[];
}

const CONTEXT_KEY = "openclaw.application";

/** The app's context as seen from `from` (an element inside the app), or undefined when none answers. */
export function requestAppContext(from: Element): AppContext | undefined {
  let value: unknown;
  // The app renders into its elements' light DOM, so bubbling is enough (no `composed`).
  const request = Object.assign(new Event("context-request", { bubbles: true }), {
    context: CONTEXT_KEY,
    callback: (provided: unknown) => {
      value = provided;
    },
  });
  from.dispatchEvent(request);
  return (value as AppContext | undefined)?.gateway ? (value as AppContext) : undefined;
}
