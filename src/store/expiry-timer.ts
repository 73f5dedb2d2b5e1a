import type { StoreApi } from "zustand/vanilla";
import type { Timers } from "../contract/timers.js";
import type { AskUserState, AskUserStoreState } from "./types.js";

/** setTimeout fires at once for delays past 2^31-1 ms; a later reschedule covers the rest. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** One timer for the soonest open prompt's `expiresAtMs`; returns the cleanup. */
export function scheduleExpiry(store: StoreApi<AskUserStoreState>, timers: Timers, now: () => number, unrefTimers: boolean): () => void {
  let timer: unknown;
  let timerAt: number | undefined;

  const reschedule = (prompts: AskUserState["prompts"]) => {
    const soonest = Object.values(prompts).reduce((min, entry) => Math.min(min, entry.record.expiresAtMs), Number.POSITIVE_INFINITY);
    if (soonest === timerAt) return;
    if (timerAt !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    timerAt = undefined;
    if (!Number.isFinite(soonest)) return;
    timerAt = soonest;
    timer = timers.setTimeout(
      () => {
        timer = undefined;
        timerAt = undefined;
        store.getState().expireDue(now());
        reschedule(store.getState().prompts);
      },
      Math.min(Math.max(soonest - now(), 0), MAX_TIMER_DELAY_MS),
    );
    // A pending expiry must not keep a Node host alive.
    if (unrefTimers) (timer as { unref?: () => void } | undefined)?.unref?.();
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (state.prompts !== previous.prompts) reschedule(state.prompts);
  });
  reschedule(store.getState().prompts);
  return () => {
    unsubscribe();
    if (timerAt !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    timerAt = undefined;
  };
}
