"use client";
import * as RadioGroup from "@radix-ui/react-radio-group";
import { type ComponentPropsWithoutRef, forwardRef, type KeyboardEvent, useRef } from "react";
import { useSelection } from "../../react/ask-user-hooks.js";
import { AskUserOption } from "./option.js";
import { activateOption } from "./prompt-actions.js";
import { ArrowKeyScope, composeHandlers, entryOf, flag, QuestionScope, useQuestionScope } from "./scope.js";

export const OPTIONS_NAME = "AskUser.Options";

const ARROW_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);

export interface AskUserOptionsProps extends Omit<ComponentPropsWithoutRef<"div">, "dir" | "defaultValue"> {
  promptId?: string;
  questionId?: string;
}

/**
 * The options of one question: a Radix radio group (single-select) or a `role="group"` of Radix
 * checkboxes (multi-select), named by the question. Without children it renders every option.
 */
export const AskUserOptions = forwardRef<HTMLDivElement, AskUserOptionsProps>(function AskUserOptions(
  { promptId: promptIdProp, questionId, children, onKeyDownCapture, onKeyUpCapture, ...props },
  ref,
) {
  const { store, promptId, question } = useQuestionScope(OPTIONS_NAME, promptIdProp, questionId);
  const arrowHeld = useRef(false);
  const qid = question?.questionId;
  const picked = useSelection(store, (state) => (qid === undefined ? "" : (entryOf(state, promptId)?.drafts[qid]?.selected[0] ?? "")));
  const disabled = useSelection(store, (state) => entryOf(state, promptId)?.status !== "pending");
  if (!question || promptId === null || question.options.length === 0) return null;

  const content =
    children ?? question.options.map((option, index) => <AskUserOption key={option.label} value={option.label} index={index} />);
  const shared = {
    "data-slot": "ask-user-options",
    "data-multiple": flag(question.multiSelect === true),
    "data-disabled": flag(disabled),
    "aria-label": question.question,
  };

  const body = question.multiSelect ? (
    <div role="group" {...shared} {...props} onKeyDownCapture={onKeyDownCapture} onKeyUpCapture={onKeyUpCapture} ref={ref}>
      {content}
    </div>
  ) : (
    <RadioGroup.Root
      value={picked}
      disabled={disabled}
      orientation="vertical"
      loop
      {...shared}
      {...props}
      ref={ref}
      // Capture phase: Radix's items cancel arrow, Home and End keys before they bubble up.
      onKeyDownCapture={composeHandlers(onKeyDownCapture, (event: KeyboardEvent<HTMLDivElement>) => {
        if (ARROW_KEYS.has(event.key)) arrowHeld.current = true;
        if ((event.key !== "Home" && event.key !== "End") || event.ctrlKey || event.altKey || event.metaKey) return;
        if (event.nativeEvent.isComposing || event.keyCode === 229) return;
        // Radix moves focus on Home/End but checks only on arrows; Home/End pick too, without advancing.
        const option = event.key === "Home" ? question.options[0] : question.options[question.options.length - 1];
        if (option) activateOption(store, promptId, question, option.label, false);
      })}
      onKeyUpCapture={composeHandlers(onKeyUpCapture, () => {
        arrowHeld.current = false;
      })}
    >
      {content}
    </RadioGroup.Root>
  );
  return (
    <QuestionScope.Provider value={question.questionId}>
      <ArrowKeyScope.Provider value={arrowHeld}>{body}</ArrowKeyScope.Provider>
    </QuestionScope.Provider>
  );
});
AskUserOptions.displayName = OPTIONS_NAME;
