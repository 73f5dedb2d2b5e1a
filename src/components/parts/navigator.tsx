"use client";
import type { ComponentPropsWithoutRef } from "react";
import { useSelection } from "../../react/index.js";
import { type PromptPosition, selectPromptPosition } from "../../store/index.js";
import { ChevronIcon } from "./icons.js";
import { usePromptScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const NAVIGATOR_NAME = "AskUser.Navigator";

export interface AskUserNavigatorProps extends ComponentPropsWithoutRef<"div"> {
  promptId?: string;
}

/**
 * `current/total` with "Previous request" / "Next request" (wrapping) when several prompts are
 * docked — named for requests, so they never read like the step's Back/Next. Shown only on the
 * active prompt.
 */
export const AskUserNavigator = /* @__PURE__ */ namedForwardRef<HTMLDivElement, AskUserNavigatorProps>(
  NAVIGATOR_NAME,
  function AskUserNavigator({ promptId: promptIdProp, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(NAVIGATOR_NAME, promptIdProp);
    const position = useSelection(store, selectPromptPosition, samePosition);
    const isActive = useSelection(store, (state) => state.activeId === promptId);
    if (!position || position.total < 2 || !isActive) return null;
    const { current, total } = position;
    return (
      <div
        role="group"
        aria-label={messages.pendingQuestions}
        data-slot="ask-user-navigator"
        data-current={current}
        data-total={total}
        {...props}
        ref={ref}
      >
        <button
          type="button"
          aria-label={messages.previousPrompt}
          data-slot="ask-user-navigator-previous"
          onClick={() => store.getState().cycleActive(-1)}
        >
          <ChevronIcon direction="left" />
        </button>
        <span role="img" aria-label={messages.promptPositionLabel(current, total)} data-slot="ask-user-navigator-position">
          {messages.promptPosition(current, total)}
        </span>
        <button type="button" aria-label={messages.nextPrompt} data-slot="ask-user-navigator-next" onClick={() => store.getState().cycleActive(1)}>
          <ChevronIcon direction="right" />
        </button>
      </div>
    );
  },
);

function samePosition(a: PromptPosition | null, b: PromptPosition | null): boolean {
  return a === b || (a !== null && b !== null && a.current === b.current && a.total === b.total);
}
