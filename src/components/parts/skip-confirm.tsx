"use client";
import { type ComponentPropsWithoutRef, useEffect, useId, useRef } from "react";
import { useSelection } from "../../react/index.js";
import { entryOf, useMergedRefs, usePromptScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const SKIP_CONFIRM_NAME = "AskUser.SkipConfirm";

export interface AskUserSkipConfirmProps extends ComponentPropsWithoutRef<"div"> {
  promptId?: string;
}

/**
 * Asks before a Skip that would leave a typed answer unsent: "Skip anyway" or "Keep answering"
 * (also Esc). Rendered only while the store asks (`confirmingSkip`); it takes focus on the safe
 * choice, and the question is announced.
 */
export const AskUserSkipConfirm = /* @__PURE__ */ namedForwardRef<HTMLDivElement, AskUserSkipConfirmProps>(
  SKIP_CONFIRM_NAME,
  function AskUserSkipConfirm({ promptId: promptIdProp, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(SKIP_CONFIRM_NAME, promptIdProp);
    const asking = useSelection(store, (state) => entryOf(state, promptId)?.confirmingSkip === true);
    const textId = useId();
    const node = useRef<HTMLDivElement>(null);
    const keep = useRef<HTMLButtonElement>(null);
    const mergedRef = useMergedRefs(ref, node);

    useEffect(() => {
      if (asking) keep.current?.focus();
    }, [asking]);

    if (!asking || promptId === null) return null;
    const keepAnswering = () => {
      // Back to where the person pressed Skip, so the next Tab continues from there.
      const skip = node.current
        ?.closest('[data-slot="ask-user-root"], [data-slot="ask-user-cards"]')
        ?.querySelector<HTMLElement>('[data-slot="ask-user-skip"]');
      store.getState().cancelSkip(promptId);
      skip?.focus();
    };
    return (
      <div role="group" aria-labelledby={textId} data-slot="ask-user-skip-confirm" {...props} ref={mergedRef}>
        <p id={textId} role="alert" data-slot="ask-user-skip-confirm-text">
          {children ?? messages.skipConfirm}
        </p>
        <div data-slot="ask-user-skip-confirm-actions">
          <button type="button" ref={keep} data-slot="ask-user-skip-confirm-no" onClick={keepAnswering}>
            {messages.skipConfirmNo}
          </button>
          <button type="button" data-slot="ask-user-skip-confirm-yes" onClick={() => store.getState().confirmSkip(promptId)}>
            {messages.skipConfirmYes}
          </button>
        </div>
      </div>
    );
  },
);
