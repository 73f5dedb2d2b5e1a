/**
 * The Control UI's own gateway socket, seen from the side. Installed before the app boots, it wraps
 * `window.WebSocket` so that, on every socket the app opens:
 *   - the `hello-ok` the app reads no longer lists the `question.*` methods — the Control UI turns
 *     its native question panel on only when `question.list` is offered, so it stays off;
 *   - `question.*` events reach the app renamed and empty (a second guard; their `seq` is kept,
 *     since the app reconnects when it sees a gap in the sequence), and a `question.*` request the
 *     app still makes is answered here (`question.list`: none), never sent;
 *   - the app's `connect` request is read (not changed): its URL, `auth` and device metadata are
 *     what the kit's own client connects with, so the page keeps one login and one paired device
 *     (the gateway pins a device's platform at pairing: a connect claiming another platform for the
 *     same device is held for re-approval as a "metadata-upgrade").
 * The kit's client takes the unwrapped constructor (`nativeWebSocket`), so its socket is untouched.
 */

export interface AppConnection {
  /** The gateway address the app connected to. */
  url: string;
  /** The shared token the app authenticated with, if it used one. */
  token: string | undefined;
  /** `client.platform` of the app's connect, pinned to the page's device when it was paired. */
  platform: string | undefined;
  /** `client.deviceFamily` of the app's connect, pinned likewise. */
  deviceFamily: string | undefined;
}

type Listener = (connection: AppConnection) => void;

const QUESTION_EVENT = /^question\./;
/** What a question event becomes for the app: a name it has no handler for. */
const HIDDEN_EVENT = "ask-user-kit.question-event-hidden";

/** The browser's constructor, before the wrap: the kit's client connects with it. */
export const nativeWebSocket: typeof WebSocket = window.WebSocket;

const listeners = new Set<Listener>();
let latest: AppConnection | null = null;

/** Calls `listener` on each `hello-ok` the app receives (now, if it already has one). */
export function onAppConnected(listener: Listener): () => void {
  listeners.add(listener);
  if (latest) listener(latest);
  return () => listeners.delete(listener);
}

/** A frame the app is about to send or has received, or undefined when it is not JSON. */
function parseFrame(data: unknown): Record<string, unknown> | undefined {
  if (typeof data !== "string") return undefined;
  try {
    const frame: unknown = JSON.parse(data);
    return typeof frame === "object" && frame !== null ? (frame as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const text = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

/** The `hello-ok` payload without the question methods and events, or undefined when unchanged. */
function withoutQuestions(payload: unknown): unknown {
  if (typeof payload !== "object" || payload === null) return undefined;
  const features = (payload as { features?: { methods?: unknown; events?: unknown } }).features;
  if (!features || !Array.isArray(features.methods)) return undefined;
  const keep = (name: unknown) => typeof name !== "string" || !QUESTION_EVENT.test(name);
  return {
    ...payload,
    features: {
      ...features,
      methods: features.methods.filter(keep),
      ...(Array.isArray(features.events) ? { events: features.events.filter(keep) } : {}),
    },
  };
}

class ControlUiSocket extends nativeWebSocket {
  #connectId: unknown;
  #token: string | undefined;
  #platform: string | undefined;
  #deviceFamily: string | undefined;
  /** Our own re-dispatched `hello-ok`, which the filter lets through. */
  #rewritten: MessageEvent | undefined;

  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    // Registered first, so stopImmediatePropagation keeps the frame from every listener the app adds.
    this.addEventListener("message", (event) => this.#filter(event));
  }

  override send(data: Parameters<WebSocket["send"]>[0]): void {
    const frame = parseFrame(data);
    if (frame?.type === "req" && typeof frame.method === "string" && QUESTION_EVENT.test(frame.method)) {
      // The app asks only when it believes the gateway offers questions (a hello this wrap did not
      // rewrite): it is told there are none, so its panel never holds a question the kit shows.
      const reply =
        frame.method === "question.list"
          ? { ok: true, payload: { questions: [] } }
          : { ok: false, error: { code: "UNAVAILABLE", message: `${frame.method} is handled by ask-user-kit on this page` } };
      queueMicrotask(() => this.#deliver({ type: "res", id: frame.id, ...reply }));
      return;
    }
    if (frame?.type === "req" && frame.method === "connect") {
      this.#connectId = frame.id;
      const params = frame.params as { auth?: { token?: unknown }; client?: { platform?: unknown; deviceFamily?: unknown } } | undefined;
      this.#token = text(params?.auth?.token);
      this.#platform = text(params?.client?.platform);
      this.#deviceFamily = text(params?.client?.deviceFamily);
    }
    super.send(data);
  }

  #filter(event: MessageEvent): void {
    if (event === this.#rewritten) return;
    const frame = parseFrame(event.data);
    if (!frame) return;
    if (frame.type === "event" && typeof frame.event === "string" && QUESTION_EVENT.test(frame.event)) {
      // Renamed, not dropped: the app counts event `seq`s and reconnects on a gap.
      this.#replace(event, { type: "event", event: HIDDEN_EVENT, ...(frame.seq === undefined ? {} : { seq: frame.seq }) });
      return;
    }
    if (frame.type !== "res" || frame.id !== this.#connectId || frame.ok !== true) return;
    const payload = withoutQuestions(frame.payload);
    if (payload !== undefined) this.#replace(event, { ...frame, payload });
    latest = { url: this.url, token: this.#token, platform: this.#platform, deviceFamily: this.#deviceFamily };
    for (const listener of listeners) listener(latest);
  }

  /** Stops `event` before any of the app's listeners and dispatches `frame` in its place. */
  #replace(event: MessageEvent, frame: Record<string, unknown>): void {
    event.stopImmediatePropagation();
    this.#deliver(frame, event.origin);
  }

  /** `frame` to the app's listeners as if the gateway had sent it. */
  #deliver(frame: Record<string, unknown>, origin?: string): void {
    this.#rewritten = new MessageEvent("message", { data: JSON.stringify(frame), ...(origin === undefined ? {} : { origin }) });
    this.dispatchEvent(this.#rewritten);
    this.#rewritten = undefined;
  }
}

/** Puts the wrap in place; call before the Control UI's own module runs. */
export function installAppSocketFilter(): void {
  window.WebSocket = ControlUiSocket;
}
