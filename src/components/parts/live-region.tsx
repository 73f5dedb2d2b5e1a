"use client";
import { type ComponentPropsWithoutRef, useEffect, useRef, useState } from "react";
import type { AskUserMessages } from "../../messages/types.js";
import { useAskUserContext } from "../../react/index.js";
import { type AskUserState, selectPrompt, summaryOutcome } from "../../store/index.js";
import { outcomeText } from "./outcome-text.js";
import { namedForwardRef } from "./named.js";

const LIVE_REGION_NAME = "AskUser.LiveRegion";

export interface AskUserLiveRegionProps extends ComponentPropsWithoutRef<"div"> {}

/**
 * A polite live region: announces a question's arrival, each step ("Step 2 of 3") and how the
 * prompt on screen ended ("Deploy to: Expired") as its panel closes. Visually hide it with `[data-slot="ask-user-live-region"]` (the theme does).
 */
export const AskUserLiveRegion = /* @__PURE__ */ namedForwardRef<HTMLDivElement, AskUserLiveRegionProps>(
  LIVE_REGION_NAME,
  function AskUserLiveRegion(props, ref) {
    const { store, messages } = useAskUserContext(LIVE_REGION_NAME);
    const [text, setText] = useState("");
    const catalogue = useRef(messages);
    useEffect(() => {
      catalogue.current = messages;
    }, [messages]);
    useEffect(
      () =>
        store.subscribe((state, previous) => {
          const next = announcement(state, previous, catalogue.current);
          if (next !== null) setText(next);
        }),
      [store],
    );
    return (
      <div role="status" aria-live="polite" aria-atomic="true" data-slot="ask-user-live-region" {...props} ref={ref}>
        {text}
      </div>
    );
  },
);

function announcement(state: AskUserState, previous: AskUserState, messages: AskUserMessages): string | null {
  const id = state.activeId;
  if (id !== null && id !== previous.activeId && !Object.hasOwn(previous.prompts, id)) {
    const entry = selectPrompt(state, id);
    const header = entry?.record.questions[entry.step]?.header;
    return header === undefined ? null : messages.arrived(header);
  }
  if (previous.activeId !== null && previous.activeId !== id) {
    const ended = selectPrompt(state, previous.activeId);
    const outcome = ended && summaryOutcome(ended);
    const header = ended?.record.questions[0]?.header;
    if (outcome && header !== undefined) return messages.ended(header, outcomeText(outcome, messages));
  }
  if (id !== null && id === previous.activeId) {
    const entry = selectPrompt(state, id);
    const before = selectPrompt(previous, id);
    const total = entry?.record.questions.length ?? 0;
    if (entry && before && entry.step !== before.step && total > 1) return messages.stepLabel(entry.step + 1, total);
  }
  return null;
}
