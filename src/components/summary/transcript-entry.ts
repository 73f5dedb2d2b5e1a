"use client";
import { createContext, useContext, useSyncExternalStore } from "react";
import type { AskUserStoreApi } from "../../react/ask-user-context.js";
import { isOpenStatus } from "../../store/docking.js";
import { selectPrompt } from "../../store/selectors.js";
import type { PromptEntry } from "../../store/types.js";

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
 * holds no store subscription: with thousands of chips, one subscription per chip would make every
 * store change run thousands of selectors.
 */
export function useSettledEntry(store: AskUserStoreApi, promptId: string): PromptEntry | null {
  const placed = useContext(TranscriptEntryContext);
  const standalone = placed === undefined;
  const snapshot = () => settledOnly(standalone ? selectPrompt(store.getState(), promptId) : placed);
  return useSyncExternalStore(standalone ? store.subscribe : NO_SUBSCRIPTION, snapshot, snapshot);
}
