"use client";
import { useContext, useEffect, useRef } from "react";
import {
  type AskUserCollapseDetail,
  type AskUserResolvedDetail,
  type AskUserSkipDetail,
  type AskUserSubmitDetail,
  subscribeStoreEvents,
} from "../store/index.js";
import { AskUserContext, type AskUserStoreApi } from "./ask-user-context.js";
import { useIsomorphicLayoutEffect } from "./use-isomorphic-layout-effect.js";

/**
 * React callbacks for what happens to the store's prompts: the same events, with the same details,
 * that `<ask-user-panel>` dispatches as `ask-user-submit`, `-skip`, `-resolved` and `-collapse`.
 */
export interface AskUserEventHandlers {
  /** Answers were submitted (by a click, a key or host code); the prompt is now `submitting`. */
  onSubmit?: (detail: AskUserSubmitDetail) => void;
  /** The prompt was skipped; its cancel is being sent. */
  onSkip?: (detail: AskUserSkipDetail) => void;
  /** A prompt ended (answered, skipped, expired, … here or elsewhere), or its outcome changed. */
  onResolved?: (detail: AskUserResolvedDetail) => void;
  /** The panel folded to its bar (`true`) or opened again. */
  onCollapsedChange?: (collapsed: boolean, detail: AskUserCollapseDetail) => void;
}

/**
 * Calls the handlers for every later change of the provider's store, or of `store` (which needs
 * no provider). The latest handlers are called, so inline functions neither resubscribe nor go
 * stale.
 */
export function useAskUserEvents(handlers: AskUserEventHandlers, store?: AskUserStoreApi): void {
  const context = useContext(AskUserContext);
  const source = store ?? context?.store;
  if (!source) throw new Error("`useAskUserEvents` must be used within `AskUserProvider` or be given a store.");
  useStoreEvents(source, handlers);
}

/** The subscription itself, for the provider (which has its store before its context exists). */
export function useStoreEvents(store: AskUserStoreApi, handlers: AskUserEventHandlers): void {
  const latest = useRef(handlers);
  useIsomorphicLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(
    () =>
      subscribeStoreEvents(store, (event) => {
        const current = latest.current;
        if (event.type === "submit") current.onSubmit?.(event.detail);
        else if (event.type === "skip") current.onSkip?.(event.detail);
        else if (event.type === "resolved") current.onResolved?.(event.detail);
        else current.onCollapsedChange?.(event.detail.collapsed, event.detail);
      }),
    [store],
  );
}
