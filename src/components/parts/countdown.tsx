"use client";
import { type ComponentPropsWithoutRef, useEffect, useReducer } from "react";
import { useSelection } from "../../react/index.js";
import { isOpenStatus } from "../../store/index.js";
import { entryOf, usePromptScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const COUNTDOWN_NAME = "AskUser.Countdown";

export interface AskUserCountdownProps extends ComponentPropsWithoutRef<"span"> {
  promptId?: string;
  /** Shown only in the last this-many seconds before the prompt expires. Default 60. */
  threshold?: number;
  /** Clock; default `Date.now`. */
  now?: () => number;
}

/**
 * Time left before the prompt expires, shown only near the end. It re-renders once a second only
 * while visible; before that a single timer waits for the threshold.
 */
export const AskUserCountdown = /* @__PURE__ */ namedForwardRef<HTMLSpanElement, AskUserCountdownProps>(
  COUNTDOWN_NAME,
  function AskUserCountdown({ promptId: promptIdProp, threshold = 60, now = Date.now, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(COUNTDOWN_NAME, promptIdProp);
    const expiresAtMs = useSelection(store, (state) => {
      const entry = entryOf(state, promptId);
      return entry && isOpenStatus(entry.status) ? entry.record.expiresAtMs : null;
    });
    const [tick, rerender] = useReducer((count: number) => count + 1, 0);
    const remainingMs = expiresAtMs === null ? null : expiresAtMs - now();
    const windowMs = Math.max(0, threshold) * 1000;

    useEffect(() => {
      if (remainingMs === null || remainingMs <= 0) return;
      // Before the window: one wake-up at its start. Inside: wake at each whole-second boundary.
      const delay = remainingMs > windowMs ? remainingMs - windowMs : remainingMs % 1000 || 1000;
      const timer = setTimeout(rerender, delay);
      return () => clearTimeout(timer);
      // `tick` re-arms the timer after every wake-up.
    }, [expiresAtMs, windowMs, tick]);

    if (remainingMs === null || remainingMs > windowMs) return null;
    const seconds = Math.max(0, Math.ceil(remainingMs / 1000));
    return (
      <span role="timer" data-slot="ask-user-countdown" data-seconds={seconds} {...props} ref={ref}>
        {messages.timeRemaining(seconds, messages.locale)}
      </span>
    );
  },
);
