"use client";
import { useMemo, useRef, useSyncExternalStore } from "react";
import type { AskUserMessages } from "../messages/types.js";
import type { AskUserActions, AskUserStoreState } from "../store/index.js";
import { type AskUserStoreApi, useAskUserContext } from "./ask-user-context.js";

/**
 * Subscribes to a slice of the provider's store. The component re-renders only when the slice
 * changes: by `Object.is`, or by `equality` (e.g. zustand's `shallow`) for derived arrays/objects,
 * which must be given whenever the selector builds a new value on each call.
 */
export function useAskUser<T>(selector: (state: AskUserStoreState) => T, equality?: (a: T, b: T) => boolean): T {
  const { store } = useAskUserContext("useAskUser");
  return useSelection(store, selector, equality);
}

/**
 * Shared by parts so their errors name the part, not `useAskUser`. React's own
 * `useSyncExternalStore`, not zustand's `useStore` (which adds two `useCallback` cells to each
 * selection): a panel holds dozens of selections, all mounted when a question arrives.
 */
export function useSelection<T>(store: AskUserStoreApi, selector: (state: AskUserStoreState) => T, equality?: (a: T, b: T) => boolean): T {
  const last = useRef<{ value: T } | null>(null);
  const select = (state: AskUserStoreState): T => {
    const next = selector(state);
    if (equality && last.current && equality(last.current.value, next)) return last.current.value;
    last.current = { value: next };
    return next;
  };
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.getState()),
    () => select(store.getInitialState()),
  );
}

/** The store's actions; the object is stable for the provider's lifetime (safe in effect deps). */
export function useAskUserActions(): AskUserActions {
  const { store } = useAskUserContext("useAskUserActions");
  return useMemo(() => pickActions(store), [store]);
}

function pickActions(store: AskUserStoreApi): AskUserActions {
  const state = store.getState() as unknown as Record<string, unknown>;
  const actions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) if (typeof value === "function") actions[key] = value;
  return actions as unknown as AskUserActions;
}

/** The vanilla store itself, for reads in event handlers and for subscriptions outside render. */
export function useAskUserStore(): AskUserStoreApi {
  return useAskUserContext("useAskUserStore").store;
}

/** The resolved catalogue (locale plus overrides). */
export function useAskUserMessages(): AskUserMessages {
  return useAskUserContext("useAskUserMessages").messages;
}
