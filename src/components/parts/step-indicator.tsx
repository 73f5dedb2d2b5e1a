"use client";
import type { ComponentPropsWithoutRef } from "react";
import { useSelection } from "../../react/index.js";
import { entryOf, usePromptScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const STEP_INDICATOR_NAME = "AskUser.StepIndicator";

export interface AskUserStepIndicatorProps extends ComponentPropsWithoutRef<"span"> {
  promptId?: string;
}

/**
 * One segment per question — done, current, to come — on screen; "Step i of N" to assistive
 * technology (the segments themselves are decorative). Each segment carries
 * `data-state="complete|current|upcoming"`.
 */
export const AskUserStepIndicator = /* @__PURE__ */ namedForwardRef<HTMLSpanElement, AskUserStepIndicatorProps>(
  STEP_INDICATOR_NAME,
  function AskUserStepIndicator({ promptId: promptIdProp, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(STEP_INDICATOR_NAME, promptIdProp);
    const step = useSelection(store, (state) => (entryOf(state, promptId)?.step ?? 0) + 1);
    const total = useSelection(store, (state) => entryOf(state, promptId)?.record.questions.length ?? 0);
    if (total === 0) return null;
    return (
      <span
        role="img"
        aria-label={messages.stepLabel(step, total)}
        data-slot="ask-user-step-indicator"
        data-step={step}
        data-total={total}
        {...props}
        ref={ref}
      >
        {Array.from({ length: total }, (_, index) => (
          <span
            key={index}
            data-slot="ask-user-step-segment"
            data-state={index + 1 < step ? "complete" : index + 1 === step ? "current" : "upcoming"}
          />
        ))}
      </span>
    );
  },
);
