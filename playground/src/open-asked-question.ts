/**
 * A demo command (`/three`, or its button) is the person asking for a question, so that question
 * opens when it docks. The dock folds a question that arrives while the composer has focus and
 * was typed in — and sending `/three` is typing in it, with focus staying there — so without this
 * the question the person just asked for docks as the slim "Question · …" bar, which reads as
 * "nothing came". It stays folded if the person has started a new message meanwhile.
 */
import type { AskUserStoreApi } from "../../src/index.js";

/** Watches the store until the prompt is on screen (then opens it if `composerIdle()`) or has ended; returns the stop. */
export function openWhenDocked(store: AskUserStoreApi, promptId: string, composerIdle: () => boolean): () => void {
  // Read the store, not the listener's argument: the dock folds the prompt inside the same
  // notification, so the state a later listener is handed may already be stale.
  const settle = (): boolean => {
    const state = store.getState();
    if (Object.hasOwn(state.settled, promptId)) return true;
    if (state.activeId !== promptId) return false;
    if (state.collapsed && composerIdle()) state.setCollapsed(false);
    return true;
  };
  if (settle()) return () => {};
  const stop = store.subscribe(() => {
    if (settle()) stop();
  });
  return stop;
}
