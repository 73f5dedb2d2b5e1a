"use client";
import { createContext, useContext, useSyncExternalStore } from "react";
import type { AskUserStoreApi } from "../../react/index.js";
import { isOpenStatus, type PromptEntry, selectPrompt } from "../../store/index.js";

/**
 * The settled entry `AskUserTranscript` hands one chip from its own subscription. `undefined`
 * means no transcript placed the chip: it subscribes to the store itself.
 */
export const TranscriptEntryContext = createContext<PromptEntry | undefined>(undefined);
TranscriptEntryContext.displayName = "AskUserTranscriptEntry";

const NO_SUBSCRIPTION = () => () => {};

const settledOnly = (entry: PromptEntry | undefined): PromptEntry | null => (entry && !isOpenStatus(entry.status) ? entry : null);

/**
 * The chip's settled entry, or null while it is open or unknown. Inside a transcript the chip
 * holds no store subscription of its own: the transcript's one subscription feeds every chip, so a
 * keystroke in an open prompt runs no chip's selector.
 */
export function useSettledEntry(store: AskUserStoreApi, promptId: string): PromptEntry | null {
  const placed = useContext(TranscriptEntryContext);
  const standalone = placed === undefined;
  const snapshot = () => settledOnly(standalone ? selectPrompt(store.getState(), promptId) : placed);
  return useSyncExternalStore(standalone ? store.subscribe : NO_SUBSCRIPTION, snapshot, snapshot);
}
