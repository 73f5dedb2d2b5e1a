"use client";
import { type ComponentPropsWithoutRef, type KeyboardEvent, type MouseEvent, useId } from "react";
import type { Question } from "../../contract/types.js";
import { type AskUserStoreApi, useSelection } from "../../react/index.js";
import { selectCanSubmit } from "../../store/index.js";
import { AskUserCredentialWarning } from "../credential/ask-user-credential-warning.js";
import { AskUserSkip, AskUserSubmit } from "../parts/buttons.js";
import { AskUserChecking } from "../parts/checking.js";
import { AskUserConnection } from "../parts/connection.js";
import { AskUserError } from "../parts/error.js";
import { AskUserOption } from "../parts/option.js";
import { AskUserOptions } from "../parts/options.js";
import { AskUserOtherInput } from "../parts/other-input.js";
import { AskUserOutcome } from "../parts/outcome.js";
import { activateOption } from "../parts/prompt-actions.js";
import { AskUserDescription, AskUserQuestion, AskUserTitle } from "../parts/question.js";
import { composeHandlers, entryOf, flag, PromptScope, RootIdScope, usePromptScope } from "../parts/scope.js";
import { AskUserSkipConfirm } from "../parts/skip-confirm.js";
import { namedForwardRef } from "../parts/named.js";

const CARDS_NAME = "AskUserCards";

export interface AskUserCardsProps extends ComponentPropsWithoutRef<"section"> {
  /** The prompt to show. Default: the store's active prompt. */
  promptId?: string;
}

/**
 * The native apps' idiom for narrow and touch layouts: every question of the prompt at once, one
 * card each, with one Submit and one Skip for the whole prompt. Same parts and store as the panel;
 * picking never moves on (there is nothing to move to), and an Other answer that looks like a
 * credential needs "Send anyway" before it is sent.
 */
export const AskUserCards = /* @__PURE__ */ namedForwardRef<HTMLElement, AskUserCardsProps>(
  CARDS_NAME,
  function AskUserCards({ promptId: promptIdProp, id: idProp, onKeyDown, ...props }, ref) {
    const { store, messages, promptId } = usePromptScope(CARDS_NAME, promptIdProp);
    const status = useSelection(store, (state) => entryOf(state, promptId)?.status);
    // The record's question array: stable across draft edits, so typing re-renders no card frame.
    const questions = useSelection(store, (state) => entryOf(state, promptId)?.record.questions);
    const generatedId = useId();
    const id = idProp ?? generatedId;
    if (promptId === null || status === undefined || !questions) return null;

    const handleKeyDown = (event: KeyboardEvent<HTMLElement>) => {
      // Ctrl/⌘+Enter submits, as in the panel's Other field; never while an IME is composing.
      if (event.nativeEvent.isComposing || event.keyCode === 229) return;
      if (event.key !== "Enter" || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      const entry = entryOf(store.getState(), promptId);
      if (!entry || !selectCanSubmit(entry)) return;
      event.preventDefault();
      store.getState().submit(promptId);
    };

    return (
      <PromptScope.Provider value={promptId}>
        <RootIdScope.Provider value={id}>
          <section
            id={id}
            role="group"
            aria-label={messages.question}
            data-slot="ask-user-cards"
            data-status={status}
            data-total={questions.length}
            data-disabled={flag(status !== "pending")}
            {...props}
            ref={ref}
            onKeyDown={composeHandlers(onKeyDown, handleKeyDown)}
          >
            {questions.map((question, index) => (
              <Card key={question.questionId} store={store} promptId={promptId} question={question} index={index} total={questions.length} />
            ))}
            <AskUserOutcome />
            <AskUserConnection />
            <AskUserChecking />
            <AskUserError />
            <AskUserCredentialWarning />
            <AskUserSkipConfirm />
            <div data-slot="ask-user-cards-footer">
              <AskUserSkip />
              <AskUserSubmit everyStep />
            </div>
          </section>
        </RootIdScope.Provider>
      </PromptScope.Provider>
    );
  },
);

interface CardProps {
  store: AskUserStoreApi;
  promptId: string;
  question: Question;
  index: number;
  total: number;
}

function Card({ store, promptId, question, index, total }: CardProps) {
  const titleId = useId();
  // Single-select: pick without advancing — the panel's auto-advance would move a step nobody sees.
  const pick = (label: string) => (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    activateOption(store, promptId, question, label, false);
  };
  return (
    <AskUserQuestion questionId={question.questionId} role="group" aria-labelledby={titleId} data-card={index + 1} data-total={total}>
      <AskUserTitle id={titleId} />
      <AskUserDescription />
      <AskUserOptions>
        {question.options.map((option, optionIndex) => (
          <AskUserOption
            key={option.label}
            value={option.label}
            index={optionIndex}
            onClick={question.multiSelect ? undefined : pick(option.label)}
          />
        ))}
      </AskUserOptions>
      <div data-slot="ask-user-other">
        <AskUserOtherInput />
      </div>
    </AskUserQuestion>
  );
}
