"use client";
import type { ComponentPropsWithoutRef } from "react";
import { useSelection } from "../../react/index.js";
import { SyncIcon } from "./icons.js";
import { entryOf, usePromptScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const CHECKING_NAME = "AskUser.Checking";

export interface AskUserCheckingProps extends ComponentPropsWithoutRef<"p"> {
  promptId?: string;
}

/**
 * Says the prompt is being checked with the gateway (`PromptEntry.checking`): after a reconnect a
 * read of it failed, so another client may have ended it. Submit and Skip wait meanwhile; what is
 * typed stays. Nothing while the prompt is confirmed.
 */
export const AskUserChecking = /* @__PURE__ */ namedForwardRef<HTMLParagraphElement, AskUserCheckingProps>(
  CHECKING_NAME,
  function AskUserChecking({ promptId: promptIdProp, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(CHECKING_NAME, promptIdProp);
    const checking = useSelection(store, (state) => entryOf(state, promptId)?.checking === true);
    if (!checking) return null;
    return (
      <p role="status" data-slot="ask-user-checking" {...props} ref={ref}>
        <SyncIcon />
        <span data-slot="ask-user-checking-text">{children ?? messages.checking}</span>
      </p>
    );
  },
);
