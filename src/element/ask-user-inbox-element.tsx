import type { MouseEvent, ReactNode } from "react";
import { AskUserInbox } from "../components/inbox/ask-user-inbox.js";
import type { AskUserLocale } from "../messages/types.js";
import type { AskUserStoreApi, AskUserTransport } from "../react/host-types.js";
import { AskUserProvider } from "../react/index.js";
import { type AskUserStore, createAskUserStore } from "../store/index.js";
import type { AskUserOpenSessionDetail } from "./events.js";
import { ReactHostElement, describe } from "./react-host-element.js";

const PROPERTIES = ["store", "client", "locale", "messages", "sessionLabel", "sessionHref"] as const;
const OPEN_SESSION_EVENT = "ask-user-open-session";

/**
 * `<ask-user-inbox>`: `AskUserInbox` for hosts without React — every waiting question across
 * sessions, answered in place. Properties in (`store`, `client`, `locale`, `messages`,
 * `sessionLabel`, `sessionHref`); a click on a question's session link dispatches the cancelable
 * `ask-user-open-session` event (`detail.sessionKey`): cancel it to open the session your own way,
 * else the browser follows `sessionHref`'s link.
 */
export class AskUserInboxElement extends ReactHostElement {
  static readonly observedAttributes = ["locale"];

  #store: AskUserStoreApi | null = null;
  #ownStore: AskUserStore | null = null;
  #client: AskUserTransport | null = null;
  #sessionLabel: ((sessionKey: string) => string | undefined) | null = null;
  #sessionHref: ((sessionKey: string) => string | undefined) | null = null;

  constructor() {
    super();
    this.upgradeProperties(PROPERTIES);
  }

  /** The store the inbox lists: the one you set, else the element's own (created on first use). */
  get store(): AskUserStoreApi {
    return this.#store ?? (this.#ownStore ??= createAskUserStore({ viewSessionKey: null }));
  }
  set store(value: AskUserStoreApi | null | undefined) {
    if (!this.acceptsStore(value)) return;
    this.#store = value ?? null;
    if (this.#store) this.#dropOwnStore();
    this.update();
  }

  /** The gateway connection (`createGatewayClient()`, or any `AskUserTransport`); connected to the store while the element is in the document. */
  get client(): AskUserTransport | null {
    return this.#client;
  }
  set client(value: AskUserTransport | null | undefined) {
    if (!this.acceptsClient(value)) return;
    this.#client = value ?? null;
    this.update();
  }

  /** A session's name as your app shows it (`(sessionKey) => string | undefined`). */
  get sessionLabel(): ((sessionKey: string) => string | undefined) | null {
    return this.#sessionLabel;
  }
  set sessionLabel(value: ((sessionKey: string) => string | undefined) | null | undefined) {
    if (value != null && typeof value !== "function") {
      this.report(`sessionLabel must be a function (sessionKey) => string, not ${describe(value)}; the value was ignored.`);
      return;
    }
    this.#sessionLabel = value ?? null;
    this.update();
  }

  /** Where each question's session link goes (`(sessionKey) => string | undefined`); without it, no link. */
  get sessionHref(): ((sessionKey: string) => string | undefined) | null {
    return this.#sessionHref;
  }
  set sessionHref(value: ((sessionKey: string) => string | undefined) | null | undefined) {
    if (value != null && typeof value !== "function") {
      this.report(`sessionHref must be a function (sessionKey) => string, not ${describe(value)}; the value was ignored.`);
      return;
    }
    this.#sessionHref = value ?? null;
    this.update();
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    if (name === "locale") this.locale = (value ?? undefined) as AskUserLocale | undefined;
  }

  protected override detach(): void {
    this.#dropOwnStore();
  }

  /** @internal React's view of the element: kept out of the declarations (see ReactHostElement.view). */
  protected view(): ReactNode {
    const label = this.#sessionLabel;
    const href = this.#sessionHref;
    return (
      <AskUserProvider store={this.store} client={this.#client ?? undefined} locale={this.catalogue} messages={this.messages}>
        <AskUserInbox
          {...(label ? { sessionLabel: (key: string) => label(key) } : {})}
          {...(href ? { sessionHref: (key: string) => href(key), onOpenSession: this.#openSession } : {})}
        />
      </AskUserProvider>
    );
  }

  #openSession = (sessionKey: string, event: MouseEvent<HTMLAnchorElement>) => {
    const detail: AskUserOpenSessionDetail = { sessionKey };
    const handled = !this.dispatchEvent(new CustomEvent(OPEN_SESSION_EVENT, { detail, bubbles: true, composed: true, cancelable: true }));
    if (handled) event.preventDefault();
  };

  #dropOwnStore(): void {
    this.#ownStore?.destroy();
    this.#ownStore = null;
  }
}
