"use client";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { useIsomorphicLayoutEffect } from "./use-isomorphic-layout-effect.js";
import { connectQuestions } from "../bridge/index.js";
import { resolveMessages } from "../messages/resolve-messages.js";
import type { AskUserMessages } from "../messages/types.js";
import { type AskUserStore, type AskUserStoreOptions, createAskUserStore } from "../store/index.js";
import { AskUserContext, type AskUserContextValue, type AskUserStoreApi } from "./ask-user-context.js";
import type { AskUserTransport } from "./host-types.js";
import { type AskUserEventHandlers, useStoreEvents } from "./use-ask-user-events.js";

/** `onSubmit`, `onSkip`, `onResolved`, `onCollapsedChange`: see `AskUserEventHandlers`. */
export interface AskUserProviderProps extends AskUserEventHandlers {
  /**
   * A store you own: shared with other trees, driven by your code, or connected already
   * (`connectQuestions(transport, store)` from `ask-user-kit/bridge`, so this tree needs no
   * `client`). Default: one made for this provider.
   */
  store?: AskUserStoreApi;
  /** Options for the store this provider makes; read once, ignored when `store` is given. */
  storeOptions?: AskUserStoreOptions;
  /**
   * The gateway connection: the kit's `createGatewayClient()`, or your own client filled into an
   * `AskUserTransport`. Connected to the store while mounted, disconnected on unmount or change.
   */
  client?: AskUserTransport;
  /** A whole catalogue (`vi`, shipped; or your own) or `"en"`, the default. Passed, not named: unused languages stay out of the bundle. */
  locale?: "en" | AskUserMessages;
  /** Strings to replace in the chosen locale. */
  messages?: Partial<AskUserMessages>;
  /** The session on screen: its prompts (and sessionless ones) dock; `null` docks every session's. */
  viewSessionKey?: string | null;
  children?: ReactNode;
}

/** Holds one store per provider — never a module-level global — plus the message catalogue. */
export function AskUserProvider({ store, storeOptions, client, locale, messages, viewSessionKey, children, ...handlers }: AskUserProviderProps) {
  const own = useRef<AskUserStore | null>(null);
  const active: AskUserStoreApi =
    store ?? (own.current ??= createAskUserStore(viewSessionKey === undefined ? { ...storeOptions } : { ...storeOptions, viewSessionKey }));

  // Only a store this provider made is this provider's to stop. The stop waits a tick so that
  // StrictMode's mount–unmount–mount check does not leave a live store without its expiry timer.
  const pendingDestroy = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(pendingDestroy.current);
    const made = own.current;
    if (!made || store) return;
    return () => {
      pendingDestroy.current = setTimeout(() => made.destroy(), 0);
    };
  }, [store]);

  // Layout effect: the dock must filter by the right session before the first paint.
  useIsomorphicLayoutEffect(() => {
    if (viewSessionKey !== undefined && active.getState().viewSessionKey !== viewSessionKey) {
      active.getState().setViewSessionKey(viewSessionKey);
    }
  }, [active, viewSessionKey]);

  useStoreEvents(active, handlers);

  useEffect(() => {
    if (!client) return;
    return connectQuestions(client, active);
  }, [client, active]);

  const overrides = useShallowStable(messages);
  const resolved = useMemo(() => resolveMessages(locale, overrides), [locale, overrides]);
  const value = useMemo<AskUserContextValue>(() => ({ store: active, messages: resolved }), [active, resolved]);
  return <AskUserContext.Provider value={value}>{children}</AskUserContext.Provider>;
}

/** Keeps an inline `messages={{…}}` literal from re-rendering every consumer on each host render. */
function useShallowStable<T extends object>(value: T | undefined): T | undefined {
  const last = useRef(value);
  if (value !== last.current && !shallowEqual(value, last.current)) last.current = value;
  return last.current;
}

function shallowEqual(a: object | undefined, b: object | undefined): boolean {
  if (!a || !b) return a === b;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
