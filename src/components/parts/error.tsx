"use client";
import { type ComponentPropsWithoutRef, forwardRef } from "react";
import { useSelection } from "../../react/ask-user-hooks.js";
import { selectCanSubmit } from "../../store/selectors.js";
import { errorText } from "./outcome-text.js";
import { lastIntent, skipPrompt, submitPrompt } from "./prompt-actions.js";
import { entryOf, usePromptScope } from "./scope.js";

export const ERROR_NAME = "AskUser.Error";

export interface AskUserErrorProps extends ComponentPropsWithoutRef<"div"> {
  promptId?: string;
  /**
   * Runs a retried answer instead of submitting it directly — pass a credential guard's
   * `guardSubmit` so Retry cannot send a secret the guard is holding back. A retried Skip is not
   * routed through it.
   */
  guardSubmit?: (submit: () => void) => unknown;
}

/**
 * Why the last submit or Skip failed, with Retry (repeats what failed) and Dismiss. The drafts are
 * untouched: the prompt is pending again.
 */
export const AskUserError = forwardRef<HTMLDivElement, AskUserErrorProps>(function AskUserError(
  { promptId: promptIdProp, guardSubmit, children, ...props },
  ref,
) {
  const { store, messages, promptId } = usePromptScope(ERROR_NAME, promptIdProp);
  const error = useSelection(store, (state) => entryOf(state, promptId)?.error);
  const canSubmit = useSelection(store, (state) => {
    const entry = entryOf(state, promptId);
    return entry !== undefined && selectCanSubmit(entry);
  });
  if (!error || promptId === null) return null;
  const intent = lastIntent(store, promptId) ?? "answer";
  const canRetry = error.reason !== "INVALID_DRAFT" && (intent === "skip" || canSubmit);
  const submit = () => submitPrompt(store, promptId);
  const retry = () => (intent === "skip" ? skipPrompt(store, promptId) : guardSubmit ? guardSubmit(submit) : submit());
  return (
    <div data-slot="ask-user-error" data-reason={error.reason ?? error.code} {...props} ref={ref}>
      <span role="alert" data-slot="ask-user-error-text">
        {children ?? errorText(error, messages)}
      </span>
      {canRetry ? (
        <button type="button" data-slot="ask-user-error-retry" onClick={retry}>
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
