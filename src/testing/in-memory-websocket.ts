/**
 * A browser-`WebSocket` look-alike wired straight to an embedded gateway, so the real client can
 * run in Storybook, happy-dom tests or a plain page with no network. Frames travel asynchronously
 * (a microtask by default, never synchronously inside `send`), as they would over a socket.
 */
import type { GatewayConnection, LocalGateway } from "./local-gateway.js";

export interface InMemoryWebSocketOptions {
  /** Schedules one delivery; defaults to `queueMicrotask`, which fake timers leave alone. */
  deliver?: (run: () => void) => void;
  /** The page origin presented to the gateway; defaults to `location.origin` where there is one. */
  origin?: string;
}

/** The part of the browser `WebSocket` API the kit's client uses. */
export interface InMemoryWebSocket extends EventTarget {
  readonly url: string;
  readonly readyState: number;
  readonly protocol: string;
  readonly extensions: string;
  readonly bufferedAmount: number;
  binaryType: "blob" | "arraybuffer";
  readonly CONNECTING: 0;
  readonly OPEN: 1;
  readonly CLOSING: 2;
  readonly CLOSED: 3;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEventLike) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** What a close listener receives (an `Event` carrying `code`, `reason`, `wasClean`). */
export interface CloseEventLike extends Event {
  readonly code: number;
  readonly reason: string;
  readonly wasClean: boolean;
}

export interface InMemoryWebSocketClass {
  new (url: string | URL, protocols?: string | string[]): InMemoryWebSocket;
  readonly CONNECTING: 0;
  readonly OPEN: 1;
  readonly CLOSING: 2;
  readonly CLOSED: 3;
}

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

export function createInMemoryWebSocket(gateway: LocalGateway, options: InMemoryWebSocketOptions = {}): InMemoryWebSocketClass {
  const deliver = options.deliver ?? ((run: () => void) => queueMicrotask(run));
  const origin = options.origin ?? (globalThis as { location?: { origin?: string } }).location?.origin;

  class Socket extends EventTarget implements InMemoryWebSocket {
    static readonly CONNECTING = CONNECTING;
    static readonly OPEN = OPEN;
    static readonly CLOSING = CLOSING;
    static readonly CLOSED = CLOSED;
    readonly CONNECTING = CONNECTING;
    readonly OPEN = OPEN;
    readonly CLOSING = CLOSING;
    readonly CLOSED = CLOSED;
    readonly url: string;
    readonly protocol = "";
    readonly extensions = "";
    readonly bufferedAmount = 0;
    binaryType: "blob" | "arraybuffer" = "blob";
    onopen: ((event: Event) => void) | null = null;
    onmessage: ((event: MessageEvent) => void) | null = null;
    onclose: ((event: CloseEventLike) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    #state: number = CONNECTING;
    #connection: GatewayConnection | undefined;

    constructor(url: string | URL) {
      super();
      this.url = String(url);
      deliver(() => this.#open());
    }

    get readyState(): number {
      return this.#state;
    }

    send(data: string): void {
      if (this.#state === CONNECTING)
        throw new DOMException("WebSocket is still connecting; wait for its open event before sending.", "InvalidStateError");
      if (this.#state !== OPEN) return;
      const text = String(data);
      deliver(() => this.#connection?.receive(text));
    }

    close(code?: number, reason?: string): void {
      if (this.#state === CLOSING || this.#state === CLOSED) return;
      const wasConnecting = this.#state === CONNECTING;
      this.#state = CLOSING;
      deliver(() => {
        this.#connection?.closed();
        if (wasConnecting) this.#emit("error", new Event("error"));
        this.#finish(wasConnecting ? 1006 : (code ?? 1005), wasConnecting ? "" : (reason ?? ""), !wasConnecting);
      });
    }

    #open() {
      if (this.#state !== CONNECTING) return;
      this.#state = OPEN;
      this.#emit("open", new Event("open"));
      this.#connection = gateway.accept(
        {
          send: (text) => deliver(() => this.#state === OPEN && this.#emit("message", new MessageEvent("message", { data: text }))),
          close: (code, reason) => deliver(() => this.#finish(code, reason, true)),
        },
        origin === undefined ? {} : { origin },
      );
    }

    #finish(code: number, reason: string, wasClean: boolean) {
      if (this.#state === CLOSED) return;
      this.#state = CLOSED;
      this.#emit("close", Object.assign(new Event("close"), { code, reason, wasClean }) as CloseEventLike);
    }

    #emit(type: "open" | "message" | "close" | "error", event: Event) {
      const handler = { open: this.onopen, message: this.onmessage, close: this.onclose, error: this.onerror }[type] as
        | ((event: Event) => void)
        | null;
      try {
        handler?.call(this, event);
      } finally {
        this.dispatchEvent(event);
      }
    }
  }
  return Socket;
}
