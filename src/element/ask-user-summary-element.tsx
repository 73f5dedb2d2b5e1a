import type { ReactNode } from "react";
import { AskUserSummary } from "../components/summary/ask-user-summary.js";
import { AskUserToolCallSummary } from "../components/summary/ask-user-tool-call-summary.js";
import type { AskUserToolCall } from "../components/summary/tool-call.js";
import type { AskUserLocale } from "../messages/types.js";
import type { AskUserStoreApi } from "../react/host-types.js";
import { AskUserProvider } from "../react/index.js";
import { ReactHostElement, describe } from "./react-host-element.js";

const PROPERTIES = ["store", "promptId", "toolCall", "locale", "messages"] as const;

/**
 * `<ask-user-summary>`: the transcript chip of one finished prompt (`AskUserSummary`), or of one
 * `ask_user` call built from its row's own input and result (`toolCall`, `AskUserToolCallSummary`):
 * a row the kit cannot read says the outcome is unknown and shows the tool's own text. Give it the
 * panel's store and one of the two; it renders nothing without them, or while the prompt is open.
 */
export class AskUserSummaryElement extends ReactHostElement {
  static readonly observedAttributes = ["locale", "prompt-id"];

  #store: AskUserStoreApi | null = null;
  #promptId: string | null = null;
  #toolCall: AskUserToolCall | null = null;

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

  /** The `ask_user` call whose chip to build from its row; `promptId` wins when both are set. */
  get toolCall(): AskUserToolCall | null {
    return this.#toolCall;
  }
  set toolCall(value: AskUserToolCall | null | undefined) {
    if (value != null && (typeof value !== "object" || typeof value.toolCallId !== "string")) {
      this.report(`toolCall must be { toolCallId, input, result } of one ask_user call, not ${describe(value)}; the value was ignored.`);
      return;
    }
    this.#toolCall = value ?? null;
    this.update();
  }

  attributeChangedCallback(name: string, _old: string | null, value: string | null): void {
    if (name === "locale") this.locale = (value ?? undefined) as AskUserLocale | undefined;
    else if (name === "prompt-id") this.promptId = value;
  }

  /** @internal React's view of the element: kept out of the declarations (see ReactHostElement.view). */
  protected view(): ReactNode {
    const store = this.#store;
    if (!store) return null;
    const promptId = this.#promptId;
    const call = this.#toolCall;
    let chip: ReactNode;
    if (promptId !== null) chip = <AskUserSummary promptId={promptId} />;
    else if (call !== null) chip = <AskUserToolCallSummary {...call} />;
    else return null;
    return (
      <AskUserProvider store={store} locale={this.catalogue} messages={this.messages}>
        {chip}
      </AskUserProvider>
    );
  }
}
