"use client";
import type { ComponentPropsWithoutRef } from "react";
import { useSelection } from "../../react/index.js";
import { selectSummaryLines } from "../../store/index.js";
import { outcomeText } from "./outcome-text.js";
import { entryOf, usePromptScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const OUTCOME_NAME = "AskUser.Outcome";

export interface AskUserOutcomeProps extends ComponentPropsWithoutRef<"p"> {
  promptId?: string;
}

/** Names how a prompt ended ("Answered elsewhere", "Expired", "Run ended"…); nothing while it is open. */
export const AskUserOutcome = /* @__PURE__ */ namedForwardRef<HTMLParagraphElement, AskUserOutcomeProps>(
  OUTCOME_NAME,
  function AskUserOutcome({ promptId: promptIdProp, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(OUTCOME_NAME, promptIdProp);
    const outcome = useSelection(store, (state) => {
      const entry = entryOf(state, promptId);
      return entry ? selectSummaryLines(entry)[0]?.outcome : undefined;
    });
    if (!outcome) return null;
    return (
      <p data-slot="ask-user-outcome" data-status={outcome} {...props} ref={ref}>
        {children ?? outcomeText(outcome, messages)}
      </p>
    );
  },
);
