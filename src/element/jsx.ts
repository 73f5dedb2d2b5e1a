/**
 * JSX types for `<ask-user-panel>`, `<ask-user-summary>` and `<ask-user-inbox>`, so a React app (or a React host of a
 * Lit page) writes them with checked props. Types only: importing anything from
 * `ask-user-kit/element` brings these in. (`document.createElement("ask-user-panel")` is typed by
 * the `HTMLElementTagNameMap` entries in define-elements.ts.)
 *
 * React 19 sets a prop as a property when the element has it (`store`, `client`, `locale`,
 * `messages`, `viewSessionKey`, `promptId`, `toolCall` — objects too) and listens for `on<event-name>`
 * props (`onask-user-submit`). React 18 passes every prop to custom elements as a string
 * attribute: there, use the string attributes (`locale`, `view-session-key`, `prompt-id`) and
 * set objects and listeners through a ref.
 */
import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type { AskUserToolCall } from "../components/summary/tool-call.js";
import type { AskUserLocale, AskUserMessages } from "../messages/types.js";
import type { AskUserStoreApi, AskUserTransport } from "../react/host-types.js";
import type { AskUserInboxElement } from "./ask-user-inbox-element.js";
import type { AskUserPanelElement } from "./ask-user-panel-element.js";
import type { AskUserSummaryElement } from "./ask-user-summary-element.js";
import type { AskUserOpenSessionDetail, AskUserPanelEventMap } from "./events.js";

/** What both elements take. */
interface AskUserElementProps {
  /** `"en"`, `"vi"` (also as the attribute) or a whole catalogue. */
  locale?: AskUserLocale | AskUserMessages;
  /** Single strings over the locale's catalogue. */
  messages?: Partial<AskUserMessages>;
}

/** `<ask-user-panel>`'s props: its properties, its attributes and its events (React 19 `on<event>`). */
export type AskUserPanelElementProps = DetailedHTMLProps<HTMLAttributes<AskUserPanelElement>, AskUserPanelElement> &
  AskUserElementProps & {
    store?: AskUserStoreApi;
    client?: AskUserTransport;
    /** The session on screen; `null` docks every session's prompts. */
    viewSessionKey?: string | null;
    /** The attribute form of `viewSessionKey`. */
    "view-session-key"?: string;
  } & { [K in keyof AskUserPanelEventMap as `on${K}`]?: (event: AskUserPanelEventMap[K]) => void };

/** `<ask-user-summary>`'s props: the chip of one prompt of `store`, or of one `ask_user` call's row. */
export type AskUserSummaryElementProps = DetailedHTMLProps<HTMLAttributes<AskUserSummaryElement>, AskUserSummaryElement> &
  AskUserElementProps & {
    store?: AskUserStoreApi;
    promptId?: string | null;
    toolCall?: AskUserToolCall | null;
    /** The attribute form of `promptId`. */
    "prompt-id"?: string;
  };

/** `<ask-user-inbox>`'s props: every waiting question of `store` (or of `client`'s gateway). */
export type AskUserInboxElementProps = DetailedHTMLProps<HTMLAttributes<AskUserInboxElement>, AskUserInboxElement> &
  AskUserElementProps & {
    store?: AskUserStoreApi;
    client?: AskUserTransport;
    sessionLabel?: (sessionKey: string) => string | undefined;
    sessionHref?: (sessionKey: string) => string | undefined;
    "onask-user-open-session"?: (event: CustomEvent<AskUserOpenSessionDetail>) => void;
  };

declare module "react" {
  namespace JSX {
    interface IntrinsicElements {
      "ask-user-panel": AskUserPanelElementProps;
      "ask-user-summary": AskUserSummaryElementProps;
      "ask-user-inbox": AskUserInboxElementProps;
    }
  }
}
