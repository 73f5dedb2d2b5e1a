"use client";
import * as Checkbox from "@radix-ui/react-checkbox";
import * as RadioGroup from "@radix-ui/react-radio-group";
import { type ComponentPropsWithoutRef, createContext, forwardRef, useContext, useId } from "react";
import { MAX_SHOWN_LABEL_LENGTH } from "../../contract/limits.js";
import { splitRecommended } from "../../contract/recommended.js";
import { clipUtf16 } from "../../contract/utf16.js";
import { useSelection } from "../../react/ask-user-hooks.js";
import { activateOption } from "./prompt-actions.js";
import { ArrowKeyScope, composeHandlers, entryOf, flag, useQuestionScope } from "./scope.js";

export const OPTION_NAME = "AskUser.Option";
export const OPTION_INDICATOR_NAME = "AskUser.OptionIndicator";

const OptionState = createContext<boolean | null>(null);

export interface AskUserOptionProps extends Omit<ComponentPropsWithoutRef<"button">, "value" | "type"> {
  /** The option's exact label: the answer value (a ` (Recommended)` suffix included). */
  value: string;
  /** Position among the question's options (number-key hint); default: looked up by `value`. */
  index?: number;
  promptId?: string;
  questionId?: string;
}

/**
 * One option: a Radix radio (single-select) or checkbox (multi-select). Shows the label without
 * the ` (Recommended)` suffix plus a badge; the value stays the exact label.
 */
export const AskUserOption = forwardRef<HTMLButtonElement, AskUserOptionProps>(function AskUserOption(
  { value, index: indexProp, promptId: promptIdProp, questionId, children, onClick, ...props },
  ref,
) {
  const { store, messages, promptId, question } = useQuestionScope(OPTION_NAME, promptIdProp, questionId);
  const arrowHeld = useContext(ArrowKeyScope);
  const qid = question?.questionId;
  const checked = useSelection(store, (state) => (qid === undefined ? false : (entryOf(state, promptId)?.drafts[qid]?.selected.includes(value) ?? false)));
  const disabled = useSelection(store, (state) => entryOf(state, promptId)?.status !== "pending");
  const baseId = useId();
  if (!question || promptId === null) return null;

  const index = indexProp ?? question.options.findIndex((option) => option.label === value);
  const description = question.options[index]?.description;
  const { text, recommended } = splitRecommended(value);
  const labelId = `${baseId}-label`;
  const badgeId = `${baseId}-badge`;
  const descriptionId = `${baseId}-description`;

  const content = children ?? (
    <>
      <AskUserOptionIndicator />
      <span data-slot="ask-user-option-label" id={labelId}>
        {clipUtf16(text, MAX_SHOWN_LABEL_LENGTH)}
      </span>
      {recommended ? (
        <span data-slot="ask-user-option-badge" id={badgeId}>
          {messages.recommended}
        </span>
      ) : null}
      {description ? (
        <span data-slot="ask-user-option-description" id={descriptionId}>
          {description}
        </span>
      ) : null}
      {index >= 0 && index < 9 ? (
        <kbd data-slot="ask-user-key" aria-hidden="true">
          {index + 1}
        </kbd>
      ) : null}
    </>
  );
  const naming =
    children === undefined
      ? { "aria-labelledby": recommended ? `${labelId} ${badgeId}` : labelId, "aria-describedby": description ? descriptionId : undefined }
      : {};
  const attributes = {
    "data-slot": "ask-user-option",
    "data-index": index,
    "data-selected": flag(checked),
    "data-recommended": flag(recommended),
    "data-disabled": flag(disabled),
    ...naming,
  };

  return (
    <OptionState.Provider value={checked}>
      {question.multiSelect ? (
        <Checkbox.Root
          checked={checked}
          disabled={disabled}
          onCheckedChange={() => activateOption(store, promptId, question, value, false)}
          {...attributes}
          {...props}
          onClick={onClick}
          ref={ref}
        >
          {content}
        </Checkbox.Root>
      ) : (
        <RadioGroup.Item
          value={value}
          disabled={disabled}
          {...attributes}
          {...props}
          ref={ref}
          onClick={composeHandlers(onClick, () => {
            // A click, Space or number key picks and moves on; an arrow key only moves the pick.
            activateOption(store, promptId, question, value, !arrowHeld?.current);
          })}
        >
          {content}
        </RadioGroup.Item>
      )}
    </OptionState.Provider>
  );
});
AskUserOption.displayName = OPTION_NAME;

export interface AskUserOptionIndicatorProps extends ComponentPropsWithoutRef<"span"> {}

/** The radio dot or check box mark; decorative (the option carries `aria-checked`). */
export const AskUserOptionIndicator = forwardRef<HTMLSpanElement, AskUserOptionIndicatorProps>(function AskUserOptionIndicator(
  props,
  ref,
) {
  const checked = useContext(OptionState);
  if (checked === null) throw new Error(`\`${OPTION_INDICATOR_NAME}\` must be used within \`${OPTION_NAME}\`.`);
  return <span aria-hidden="true" data-slot="ask-user-option-indicator" data-state={checked ? "checked" : "unchecked"} {...props} ref={ref} />;
});
AskUserOptionIndicator.displayName = OPTION_INDICATOR_NAME;
