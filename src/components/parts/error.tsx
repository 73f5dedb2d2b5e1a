"use client";
import { type ComponentPropsWithoutRef, createContext, type MouseEvent } from "react";
import type { AskUserMessages } from "../../messages/types.js";
import { type AskUserStoreApi, useRequiredContext, useSelection } from "../../react/index.js";
import { type PromptError, selectCanSubmit } from "../../store/index.js";
import { AlertIcon } from "./icons.js";
import { errorText } from "./outcome-text.js";
import { composeHandlers, entryOf, usePromptScope } from "./scope.js";
import { elementOrSlot } from "./slot.js";
import { namedForwardRef } from "./named.js";

const ERROR_NAME = "AskUser.Error";
const ERROR_TEXT_NAME = "AskUser.ErrorText";
const ERROR_RETRY_NAME = "AskUser.ErrorRetry";
const ERROR_DISMISS_NAME = "AskUser.ErrorDismiss";

interface ErrorContextValue {
  store: AskUserStoreApi;
  messages: AskUserMessages;
  promptId: string;
  error: PromptError;
  canRetry: boolean;
}

const ErrorContext = createContext<ErrorContextValue | null>(null);

function useError(part: string): ErrorContextValue {
  return useRequiredContext(ErrorContext, part, ERROR_NAME);
}

export interface AskUserErrorProps extends ComponentPropsWithoutRef<"div"> {
  promptId?: string;
}

/**
 * Why the last submit or Skip failed, with Retry (the store repeats what failed, through the same
 * checks) and Dismiss. The drafts are untouched: the prompt is pending again. Without children it
 * renders an icon and its sub-parts `ErrorText`, `ErrorRetry` and `ErrorDismiss`; children replace
 * them. Nothing is rendered while there is no error.
 */
export const AskUserError = /* @__PURE__ */ namedForwardRef<HTMLDivElement, AskUserErrorProps>(
  ERROR_NAME,
  function AskUserError({ promptId: promptIdProp, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(ERROR_NAME, promptIdProp);
    const error = useSelection(store, (state) => entryOf(state, promptId)?.error);
    const canRetry = useSelection(store, (state) => {
      const entry = entryOf(state, promptId);
      if (!entry?.error || entry.error.reason === "INVALID_DRAFT") return false;
      return entry.lastIntent === "skip" || selectCanSubmit(entry);
    });
    if (!error || promptId === null) return null;
    return (
      <ErrorContext.Provider value={{ store, messages, promptId, error, canRetry }}>
        <div data-slot="ask-user-error" data-reason={error.reason ?? error.code} {...props} ref={ref}>
          {children ?? (
            <>
              <AlertIcon />
              <AskUserErrorText />
              <AskUserErrorRetry />
              <AskUserErrorDismiss />
            </>
          )}
        </div>
      </ErrorContext.Provider>
    );
  },
);

export interface AskUserErrorTextProps extends ComponentPropsWithoutRef<"span"> {}

/** The message (an alert, so it is announced): what failed and why; children replace the words. */
export const AskUserErrorText = /* @__PURE__ */ namedForwardRef<HTMLSpanElement, AskUserErrorTextProps>(
  ERROR_TEXT_NAME,
  function AskUserErrorText({ children, ...props }, ref) {
    const { error, messages } = useError(ERROR_TEXT_NAME);
    return (
      <span role="alert" data-slot="ask-user-error-text" {...props} ref={ref}>
        {children ?? errorText(error, messages)}
      </span>
    );
  },
);

export interface AskUserErrorButtonProps extends ComponentPropsWithoutRef<"button"> {
  /** Render the one child element as the button (Radix's `asChild`). */
  asChild?: boolean;
}

const retryElement = elementOrSlot(ERROR_RETRY_NAME, "button");
const dismissElement = elementOrSlot(ERROR_DISMISS_NAME, "button");

/** Retry: repeats what failed (the answer, through the same checks, or the Skip). Absent when retrying cannot help (an invalid draft, nothing to send). */
export const AskUserErrorRetry = /* @__PURE__ */ namedForwardRef<HTMLButtonElement, AskUserErrorButtonProps>(
  ERROR_RETRY_NAME,
  function AskUserErrorRetry({ asChild, onClick, children, ...props }, ref) {
    const { store, messages, promptId, canRetry } = useError(ERROR_RETRY_NAME);
    const Button = retryElement(asChild);
    if (!canRetry) return null;
    return (
      <Button
        type="button"
        data-slot="ask-user-error-retry"
        {...props}
        ref={ref}
        onClick={composeHandlers(onClick, (_: MouseEvent<HTMLButtonElement>) => store.getState().retry(promptId))}
      >
        {children ?? messages.retry}
      </Button>
    );
  },
);

/** Dismiss: hides the error; the prompt stays pending with its drafts. */
export const AskUserErrorDismiss = /* @__PURE__ */ namedForwardRef<HTMLButtonElement, AskUserErrorButtonProps>(
  ERROR_DISMISS_NAME,
  function AskUserErrorDismiss({ asChild, onClick, children, ...props }, ref) {
    const { store, messages, promptId } = useError(ERROR_DISMISS_NAME);
    const Button = dismissElement(asChild);
    return (
      <Button
        type="button"
        data-slot="ask-user-error-dismiss"
        {...props}
        ref={ref}
        onClick={composeHandlers(onClick, (_: MouseEvent<HTMLButtonElement>) => store.getState().dismissError(promptId))}
      >
        {children ?? messages.dismiss}
      </Button>
    );
  },
);
