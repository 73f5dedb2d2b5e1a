import type { ReactNode } from "react";
import { AskUserSummary } from "../components/summary/ask-user-summary.js";
import type { AskUserLocale } from "../messages/types.js";
import type { AskUserStoreApi } from "../react/host-types.js";
import { AskUserProvider } from "../react/index.js";
import { ReactHostElement, describe } from "./react-host-element.js";

const PROPERTIES = ["store", "promptId", "locale", "messages"] as const;

/**
 * `<ask-user-summary>`: the transcript chip of one finished prompt (`AskUserSummary`). Give it the
 * panel's store and a `promptId`; it renders nothing without both, or while the prompt is open.
 */
export class AskUserSummaryElement extends ReactHostElement {
  static readonly observedAttributes = ["locale", "prompt-id"];

  #store: AskUserStoreApi | null = null;
  #promptId: string | null = null;

  constructor() {
    super();
    this.upgradeProperties(PROPERTIES);
  }

  /** The store holding the prompt (usually the `<ask-user-panel>`'s `store`). */
  get store(): AskUserStoreApi | null {
    return this.#store;
  }
  set store(value: AskUserStoreApi | null | undefined) {
    if (!this.acceptsStore(value)) return;
    this.#store = value ?? null;
    this.update();
  }

  /** The prompt whose outcome the chip shows; also the `prompt-id` attribute. */
  get promptId(): string | null {
    return this.#promptId;
  }
  set promptId(value: string | null | undefined) {
    if (value != null && typeof value !== "string") {
      this.report(`promptId must be a prompt id string (e.g. "ask_…"), not ${describe(value)}; the value was ignored.`);
      return;
    }
    this.#promptId = value ?? null;
    this.update();
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    if (name === "locale") this.locale = (value ?? undefined) as AskUserLocale | undefined;
    else if (name === "prompt-id") this.promptId = value;
  }

  /** @internal React's view of the element: kept out of the declarations (see ReactHostElement.view). */
  protected view(): ReactNode {
    if (!this.#store || this.#promptId === null) return null;
    return (
      <AskUserProvider store={this.#store} locale={this.catalogue} messages={this.messages}>
        <AskUserSummary promptId={this.#promptId} />
      </AskUserProvider>
    );
  }
}
