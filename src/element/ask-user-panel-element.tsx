import type { ReactNode } from "react";
import { AskUserPanel } from "../components/ask-user-panel.js";
import type { AskUserLocale } from "../messages/types.js";
import type { AskUserStoreApi, AskUserTransport } from "../react/host-types.js";
import { AskUserProvider } from "../react/index.js";
import { type AskUserStore, createAskUserStore, subscribeStoreEvents } from "../store/index.js";
import { ASK_USER_EVENTS, type AskUserPanelEventMap } from "./events.js";
import { ReactHostElement, describe } from "./react-host-element.js";

const PROPERTIES = ["store", "client", "locale", "messages", "viewSessionKey"] as const;

/**
 * `<ask-user-panel>`: the ready-made `AskUserPanel` for hosts without React. Properties in
 * (`store`, `client`, `locale`, `messages`, `viewSessionKey`), DOM events out (`ask-user-submit`,
 * `ask-user-skip`, `ask-user-collapse`, `ask-user-resolved`; bubbling and composed).
 */
export class AskUserPanelElement extends ReactHostElement {
  static readonly observedAttributes = ["locale", "view-session-key"];

  #store: AskUserStoreApi | null = null;
  /** Made on demand when the host gives no store; dropped when the element leaves the document. */
  #ownStore: AskUserStore | null = null;
  #client: AskUserTransport | null = null;
  #viewSessionKey: string | null | undefined = undefined;
  #unsubscribe: (() => void) | null = null;

  constructor() {
    super();
    this.upgradeProperties(PROPERTIES);
  }

  /** The store the panel shows: the one you set, else the element's own (created on first use). */
  get store(): AskUserStoreApi {
    return this.#store ?? (this.#ownStore ??= createAskUserStore(this.#viewSessionKey === undefined ? {} : { viewSessionKey: this.#viewSessionKey }));
  }
  set store(value: AskUserStoreApi | null | undefined) {
    if (!this.acceptsStore(value)) return;
    const next = value ?? null;
    if (next === this.#store) return;
    this.#store = next;
    if (next) this.#dropOwnStore();
    this.#resubscribe();
    this.update();
  }

  /** The gateway connection (`createGatewayClient()`, or a host's own `AskUserTransport`); connected to the store while the element is in the document. */
  get client(): AskUserTransport | null {
    return this.#client;
  }
  set client(value: AskUserTransport | null | undefined) {
    if (!this.acceptsClient(value)) return;
    this.#client = value ?? null;
    this.update();
  }

  /**
   * The session on screen: its prompts (and sessionless ones) dock; `null` docks every session's.
   * Also the `view-session-key` attribute (removing it means `null`).
   */
  get viewSessionKey(): string | null | undefined {
    return this.#viewSessionKey;
  }
  set viewSessionKey(value: string | null | undefined) {
    if (value != null && typeof value !== "string") {
      this.report(`viewSessionKey must be a session key string or null, not ${describe(value)}; the value was ignored.`);
      return;
    }
    this.#viewSessionKey = value;
    this.update();
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    if (name === "locale") this.locale = (value ?? undefined) as AskUserLocale | undefined;
    else if (name === "view-session-key") this.viewSessionKey = value;
  }

  protected override attach(): void {
    this.#resubscribe();
  }

  protected override detach(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#dropOwnStore();
  }

  /** @internal React's view of the element: kept out of the declarations (see ReactHostElement.view). */
  protected view(): ReactNode {
    return (
      <AskUserProvider
        store={this.store}
        client={this.#client ?? undefined}
        locale={this.catalogue}
        messages={this.messages}
        viewSessionKey={this.#viewSessionKey}
      >
        <AskUserPanel />
      </AskUserProvider>
    );
  }

  #resubscribe(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    if (!this.live) return;
    this.#unsubscribe = subscribeStoreEvents(this.store, (event) => {
      this.dispatchEvent(new CustomEvent(ASK_USER_EVENTS[event.type], { detail: event.detail, bubbles: true, composed: true }));
    });
  }

  #dropOwnStore(): void {
    this.#ownStore?.destroy();
    this.#ownStore = null;
  }
}

/** Typed listeners for the panel's events (declaration merging with the class). */
export interface AskUserPanelElement {
  addEventListener<K extends keyof AskUserPanelEventMap>(
    type: K,
    listener: (this: AskUserPanelElement, event: AskUserPanelEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: AskUserPanelElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof AskUserPanelEventMap>(
    type: K,
    listener: (this: AskUserPanelElement, event: AskUserPanelEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener<K extends keyof HTMLElementEventMap>(
    type: K,
    listener: (this: AskUserPanelElement, event: HTMLElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}
