"use client";
import { useState } from "react";
import type { AskUserStoreApi } from "../react/ask-user-context.js";
import { useSelection } from "../react/ask-user-hooks.js";
import { isOpenStatus } from "../store/docking.js";
import { selectPrompt } from "../store/selectors.js";

export interface ShownPrompt {
  /** The prompt on screen, or null. */
  promptId: string | null;
  /** Set while the prompt on screen ended elsewhere: dismisses it. */
  close: (() => void) | null;
}

/**
 * The store's active prompt — except that a prompt which ended while open on screen by someone or
 * something else (answered elsewhere, expired, run ended, unavailable) stays, read-only with its
 * outcome named, until closed: it must not vanish under the person's cursor. A prompt this client
 * answered or skipped just closes.
 */
export function useShownPrompt(store: AskUserStoreApi): ShownPrompt {
  const activeId = useSelection(store, (state) => state.activeId);
  const [held, setHeld] = useState<string | null>(null);
  const [lastActive, setLastActive] = useState(activeId);
  if (activeId !== lastActive) {
    setLastActive(activeId);
    const state = store.getState();
    const left = lastActive === null ? undefined : selectPrompt(state, lastActive);
    if (held === null && left && !isOpenStatus(left.status) && left.outcomeSource !== "local" && !state.collapsed) setHeld(left.id);
  }
  if (held !== null) return { promptId: held, close: () => setHeld(null) };
  return { promptId: activeId, close: null };
}
