"use client";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { useSelection } from "../../react/ask-user-hooks.js";
import { selectCanSubmit } from "../../store/selectors.js";
import { AlertIcon } from "./icons.js";
import { errorText } from "./outcome-text.js";
import { entryOf, usePromptScope } from "./scope.js";

export const ERROR_NAME = "AskUser.Error";

export interface AskUserErrorProps extends ComponentPropsWithoutRef<"div"> {
  promptId?: string;
}

/**
 * Why the last submit or Skip failed, with Retry (the store repeats what failed, through the same
 * checks) and Dismiss. The drafts are untouched: the prompt is pending again.
 */
export const AskUserError = forwardRef<HTMLDivElement, AskUserErrorProps>(function AskUserError({ promptId: promptIdProp, children, ...props }, ref) {
  const { store, messages, promptId } = usePromptScope(ERROR_NAME, promptIdProp);
  const error = useSelection(store, (state) => entryOf(state, promptId)?.error);
  const canRetry = useSelection(store, (state) => {
    const entry = entryOf(state, promptId);
    if (!entry?.error || entry.error.reason === "INVALID_DRAFT") return false;
    return entry.lastIntent === "skip" || selectCanSubmit(entry);
  });
  if (!error || promptId === null) return null;
  return (
    <div data-slot="ask-user-error" data-reason={error.reason ?? error.code} {...props} ref={ref}>
      <AlertIcon />
      <span role="alert" data-slot="ask-user-error-text">
        {children ?? errorText(error, messages)}
      </span>
      {canRetry ? (
        <button type="button" data-slot="ask-user-error-retry" onClick={() => store.getState().retry(promptId)}>
          {messages.retry}
        </button>
      ) : null}
      <button type="button" data-slot="ask-user-error-dismiss" onClick={() => store.getState().dismissError(promptId)}>
        {messages.dismiss}
      </button>
    </div>
  );
});
AskUserError.displayName = ERROR_NAME;
