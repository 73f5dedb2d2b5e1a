import type { ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { en } from "../messages/en.js";
import type { AskUserLocale, AskUserMessages } from "../messages/types.js";
import { vi } from "../messages/vi.js";
import type { AskUserStoreApi, AskUserTransport } from "../react/host-types.js";

/**
 * On a server there is no `HTMLElement`: the module must still load (a framework may evaluate it
 * while rendering), so the classes extend an empty stand-in that is never constructed there.
 */
const ElementBase = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;

/**
 * A custom element whose children React renders, in the light DOM: the host page's
 * `ask-user-kit/styles.css` and its own `[data-slot]` rules reach the parts, focus stays in the
 * document's focus order, and the panel's `document.activeElement` checks see the real element.
 */
export abstract class ReactHostElement extends ElementBase {
  #root: Root | null = null;
  #locale: AskUserLocale | AskUserMessages | undefined = undefined;
  #messages: Partial<AskUserMessages> | undefined = undefined;

  /** `"en"`, `"vi"` or a whole catalogue; also the `locale` attribute. Unknown tags fall back to English. */
  get locale(): AskUserLocale | AskUserMessages | undefined {
    return this.#locale;
  }
  set locale(value: AskUserLocale | AskUserMessages | null | undefined) {
    this.#locale = value ?? undefined;
    this.update();
  }

  /** The catalogue for the provider: the element takes tags (an attribute is a string), so it ships both. */
  protected get catalogue(): AskUserMessages {
    const locale = this.#locale;
    if (typeof locale === "object") return locale;
    // Unknown tags fall back to English, as the attribute's docs say.
    return locale === "vi" ? vi : en;
  }

  /** Strings to replace in the chosen locale. */
  get messages(): Partial<AskUserMessages> | undefined {
    return this.#messages;
  }
  set messages(value: Partial<AskUserMessages> | null | undefined) {
    if (value != null && typeof value !== "object") {
      this.report(`messages must be an object of strings to replace, not ${describe(value)}; the value was ignored.`);
      return;
    }
    this.#messages = value ?? undefined;
    this.update();
  }

  /** Properties set on the element before its class was defined: they sit on the instance and would hide the accessors. */
  protected upgradeProperties(names: readonly string[]): void {
    for (const name of names) {
      if (!Object.hasOwn(this, name)) continue;
      const value = (this as unknown as Record<string, unknown>)[name];
      delete (this as unknown as Record<string, unknown>)[name];
      (this as unknown as Record<string, unknown>)[name] = value;
    }
  }

  connectedCallback(): void {
    if (!this.#root) {
      this.#root = createRoot(this);
      this.attach();
    }
    this.update();
  }

  /**
   * A move in the document disconnects and reconnects in the same task: wait a microtask before
   * tearing down, so a move keeps the React tree (drafts, focus, step) as it was.
   */
  disconnectedCallback(): void {
    queueMicrotask(() => {
      if (this.isConnected || !this.#root) return;
      this.#root.unmount();
      this.#root = null;
      this.detach();
    });
  }

  /** Re-renders with the current properties (React batches several calls into one render). */
  protected update(): void {
    this.#root?.render(this.view());
  }

  /**
   * @internal What React renders into the element. Internal (tsconfig.build.json strips it): the
   * declarations of `ask-user-kit/element/standalone` are read by hosts without React's types.
   */
  protected abstract view(): ReactNode;
  /** Called once the element is live (has a React root). */
  protected attach(): void {}
  /** Called once the element has left the document for good. */
  protected detach(): void {}

  protected get live(): boolean {
    return this.#root !== null;
  }

  /** Whether `value` can be the element's `store` (a kit store, or none); if not, says why. */
  protected acceptsStore(value: unknown): value is AskUserStoreApi | null | undefined {
    if (value == null || isStore(value)) return true;
    this.report(`store must be a store from createAskUserStore() (ask-user-kit/store), not ${describe(value)}; the value was ignored.`);
    return false;
  }

  /** Whether `value` can be the element's `client` (a transport, or none); if not, says why. */
  protected acceptsClient(value: unknown): value is AskUserTransport | null | undefined {
    if (value == null || isTransport(value)) return true;
    this.report(
      `client must be a gateway connection: createGatewayClient() (ask-user-kit/client) or an object with request, onEvent, getStatus and onStatus, not ${describe(value)}; the value was ignored.`,
    );
    return false;
  }

  /** Bad host input is reported and ignored, never thrown into the host's render or event handler. */
  protected report(message: string): void {
    console.error(`<${this.localName}>: ${message}`);
  }
}

function isStore(value: unknown): value is AskUserStoreApi {
  const candidate = value as Partial<AskUserStoreApi> | null;
  return typeof candidate === "object" && candidate !== null && typeof candidate.getState === "function" && typeof candidate.subscribe === "function";
}

function isTransport(value: unknown): value is AskUserTransport {
  const candidate = value as Record<string, unknown> | null;
  if (typeof candidate !== "object" || candidate === null) return false;
  return (["request", "onEvent", "getStatus", "onStatus"] as const).every((name) => typeof candidate[name] === "function");
}

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : typeof value === "function" ? "a function" : `a ${typeof value}`;
}
