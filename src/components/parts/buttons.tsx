"use client";
import type { ComponentPropsWithoutRef, MouseEvent } from "react";
import { useSelection } from "../../react/index.js";
import { selectCanAdvance, selectCanSend, selectCanSubmit } from "../../store/index.js";
import { advancePrompt } from "./prompt-actions.js";
import { composeHandlers, entryOf, flag, usePromptScope } from "./scope.js";
import { elementOrSlot } from "./slot.js";
import { namedForwardRef } from "./named.js";

const BACK_NAME = "AskUser.Back";
const NEXT_NAME = "AskUser.Next";
const SUBMIT_NAME = "AskUser.Submit";
const SKIP_NAME = "AskUser.Skip";

export interface AskUserButtonProps extends Omit<ComponentPropsWithoutRef<"button">, "type"> {
  promptId?: string;
  /** Render the one element given as children (your own button) with this part's props and behaviour. */
  asChild?: boolean;
}

const backElement = elementOrSlot(BACK_NAME, "button");
const nextElement = elementOrSlot(NEXT_NAME, "button");
const submitElement = elementOrSlot(SUBMIT_NAME, "button");
const skipElement = elementOrSlot(SKIP_NAME, "button");

/** Previous step; rendered from step 2 on. */
export const AskUserBack = /* @__PURE__ */ namedForwardRef<HTMLButtonElement, AskUserButtonProps>(
  BACK_NAME,
  function AskUserBack({ promptId: promptIdProp, asChild, onClick, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(BACK_NAME, promptIdProp);
    const step = useSelection(store, (state) => entryOf(state, promptId)?.step ?? 0);
    const disabled = useSelection(store, (state) => entryOf(state, promptId)?.status !== "pending");
    if (promptId === null || step === 0) return null;
    const Button = backElement(asChild);
    return (
      <Button
        type="button"
        data-slot="ask-user-back"
        data-disabled={flag(disabled)}
        disabled={disabled}
        {...props}
        ref={ref}
        onClick={composeHandlers(onClick, (_: MouseEvent<HTMLButtonElement>) => store.getState().previousStep(promptId))}
      >
        {children ?? messages.back}
      </Button>
    );
  },
);

/** Next step; rendered before the last step, enabled once the step on screen has a value. */
export const AskUserNext = /* @__PURE__ */ namedForwardRef<HTMLButtonElement, AskUserButtonProps>(
  NEXT_NAME,
  function AskUserNext({ promptId: promptIdProp, asChild, onClick, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(NEXT_NAME, promptIdProp);
    const isLast = useSelection(store, (state) => {
      const entry = entryOf(state, promptId);
      return !entry || entry.step >= entry.record.questions.length - 1;
    });
    const enabled = useSelection(store, (state) => {
      const entry = entryOf(state, promptId);
      return entry !== undefined && selectCanAdvance(entry);
    });
    if (promptId === null || isLast) return null;
    const Button = nextElement(asChild);
    return (
      <Button
        type="button"
        data-slot="ask-user-next"
        data-disabled={flag(!enabled)}
        disabled={!enabled}
        {...props}
        ref={ref}
        onClick={composeHandlers(onClick, (_: MouseEvent<HTMLButtonElement>) => advancePrompt(store, promptId))}
      >
        {children ?? messages.next}
      </Button>
    );
  },
);

export interface AskUserSubmitProps extends AskUserButtonProps {
  /** Render on every step, not only the last: for layouts that show all questions at once (`AskUserCards`). */
  everyStep?: boolean;
}

/**
 * Sends every answer at once; rendered on the last step, enabled when every question has a valid
 * answer. The store may still hold the send back (a credential-looking answer; see
 * `AskUserCredentialWarning`).
 */
export const AskUserSubmit = /* @__PURE__ */ namedForwardRef<HTMLButtonElement, AskUserSubmitProps>(
  SUBMIT_NAME,
  function AskUserSubmit({ promptId: promptIdProp, everyStep = false, asChild, onClick, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(SUBMIT_NAME, promptIdProp);
    const isLast = useSelection(store, (state) => {
      const entry = entryOf(state, promptId);
      return entry !== undefined && entry.step >= entry.record.questions.length - 1;
    });
    const enabled = useSelection(store, (state) => {
      const entry = entryOf(state, promptId);
      return entry !== undefined && selectCanSubmit(entry);
    });
    const sending = useSelection(store, (state) => entryOf(state, promptId)?.intent === "answer");
    if (promptId === null || (!isLast && !everyStep)) return null;
    const Button = submitElement(asChild);
    return (
      <Button
        type="button"
        data-slot="ask-user-submit"
        data-status={sending ? "submitting" : "idle"}
        data-disabled={flag(!enabled)}
        disabled={!enabled}
        {...props}
        ref={ref}
        onClick={composeHandlers(onClick, (_: MouseEvent<HTMLButtonElement>) => store.getState().submit(promptId))}
      >
        {children ?? (sending ? messages.submitting : messages.submit)}
      </Button>
    );
  },
);

/**
 * Declines the whole prompt (the agent gets `no_answer`). With a typed answer on any step the
 * store asks first (`AskUser.SkipConfirm`); with nothing typed it skips at once.
 */
export const AskUserSkip = /* @__PURE__ */ namedForwardRef<HTMLButtonElement, AskUserButtonProps>(
  SKIP_NAME,
  function AskUserSkip({ promptId: promptIdProp, asChild, onClick, children, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(SKIP_NAME, promptIdProp);
    const status = useSelection(store, (state) => entryOf(state, promptId)?.status);
    const canSend = useSelection(store, (state) => {
      const entry = entryOf(state, promptId);
      return entry !== undefined && selectCanSend(entry);
    });
    const skipping = useSelection(store, (state) => entryOf(state, promptId)?.intent === "skip");
    const asking = useSelection(store, (state) => entryOf(state, promptId)?.confirmingSkip === true);
    if (promptId === null || status === undefined) return null;
    const disabled = !canSend;
    const Button = skipElement(asChild);
    return (
      <Button
        type="button"
        data-slot="ask-user-skip"
        data-status={skipping ? "submitting" : asking ? "confirming" : "idle"}
        data-disabled={flag(disabled)}
        disabled={disabled}
        {...props}
        ref={ref}
        onClick={composeHandlers(onClick, (_: MouseEvent<HTMLButtonElement>) => store.getState().skip(promptId))}
      >
        {children ?? (skipping ? messages.skipping : messages.skip)}
      </Button>
    );
  },
);
