"use client";
import * as Checkbox from "@radix-ui/react-checkbox";
import * as RadioGroup from "@radix-ui/react-radio-group";
import { type ComponentPropsWithoutRef, createContext, type MouseEvent, type Ref, useContext, useId } from "react";
import { MAX_SHOWN_LABEL_LENGTH } from "../../contract/limits.js";
import { splitRecommended } from "../../contract/recommended.js";
import { clipUtf16 } from "../../contract/utf16.js";
import { useRequiredContext, useSelection } from "../../react/index.js";
import { activateOption, pickAdvances } from "./prompt-actions.js";
import { ArrowKeyScope, composeHandlers, entryOf, flag, StepFocusScope, useQuestionScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const OPTION_NAME = "AskUser.Option";
const OPTION_INDICATOR_NAME = "AskUser.OptionIndicator";
const OPTION_LABEL_NAME = "AskUser.OptionLabel";
const OPTION_BADGE_NAME = "AskUser.OptionBadge";
const OPTION_DESCRIPTION_NAME = "AskUser.OptionDescription";
const OPTION_KEY_NAME = "AskUser.OptionKey";

/** What an option's sub-parts show: its state, texts and the ids the option is named by. */
interface OptionContextValue {
  checked: boolean;
  /** The label without the ` (Recommended)` suffix. */
  text: string;
  recommended: boolean;
  recommendedText: string;
  description: string | undefined;
  index: number;
  labelId: string;
  badgeId: string;
  descriptionId: string;
}

const OptionContext = createContext<OptionContextValue | null>(null);

function useOption(part: string): OptionContextValue {
  return useRequiredContext(OptionContext, part, OPTION_NAME);
}

const stateOf = (checked: boolean) => (checked ? "checked" : "unchecked");

export interface AskUserOptionProps extends Omit<ComponentPropsWithoutRef<"button">, "value" | "type"> {
  /** The option's exact label: the answer value (a ` (Recommended)` suffix included). */
  value: string;
  /** Position among the question's options (number-key hint); default: looked up by `value`. */
  index?: number;
  promptId?: string;
  questionId?: string;
  /**
   * Render the one child element as the option (Radix's `asChild`): it gets the role, state,
   * data attributes, keyboard and ref; its own children are the content (the sub-parts work
   * inside it).
   */
  asChild?: boolean;
}

/**
 * One option: a Radix radio (single-select) or checkbox (multi-select). Shows the label without
 * the ` (Recommended)` suffix plus a badge; the value stays the exact label. Without children it
 * renders its sub-parts: `OptionIndicator`, `OptionLabel`, `OptionBadge`, `OptionDescription`,
 * `OptionKey` (children replace them, and then name the option by their text).
 */
export const AskUserOption = /* @__PURE__ */ namedForwardRef<HTMLButtonElement, AskUserOptionProps>(
  OPTION_NAME,
  function AskUserOption({ value, index: indexProp, promptId: promptIdProp, questionId, asChild, children, onClick, onMouseDown, ...props }, ref) {
    const { store, messages, promptId, question } = useQuestionScope(OPTION_NAME, promptIdProp, questionId);
    const arrowHeld = useContext(ArrowKeyScope);
    const panelFocusesSteps = useContext(StepFocusScope);
    const qid = question?.questionId;
    const checked = useSelection(store, (state) =>
      qid === undefined ? false : (entryOf(state, promptId)?.drafts[qid]?.selected.includes(value) ?? false),
    );
    const disabled = useSelection(store, (state) => entryOf(state, promptId)?.status !== "pending");
    const baseId = useId();
    if (!question || promptId === null) return null;

    const index = indexProp ?? question.options.findIndex((option) => option.label === value);
    const description = question.options[index]?.description;
    const { text, recommended } = splitRecommended(value);
    const option: OptionContextValue = {
      checked,
      text,
      recommended,
      recommendedText: messages.recommended,
      description,
      index,
      labelId: `${baseId}-label`,
      badgeId: `${baseId}-badge`,
      descriptionId: `${baseId}-description`,
    };
    // The default content is the sub-parts' own elements, built here: as five components per
    // option they were 15 more components to mount for a question of three options.
    const content = children ?? (
      <>
        {indicatorElement(option, {})}
        {labelElement(option, {})}
        {badgeElement(option, {})}
        {descriptionElement(option, {})}
        {keyElement(option, {})}
      </>
    );
    const naming =
      children === undefined
        ? {
            "aria-labelledby": recommended ? `${option.labelId} ${option.badgeId}` : option.labelId,
            "aria-describedby": description ? option.descriptionId : undefined,
          }
        : {};
    const attributes = {
      "data-slot": "ask-user-option",
      "data-index": index,
      "data-selected": flag(checked),
      "data-recommended": flag(recommended),
      "data-disabled": flag(disabled),
      ...naming,
    };

    const element = question.multiSelect ? (
      <Checkbox.Root
        checked={checked}
        disabled={disabled}
        onCheckedChange={() => activateOption(store, promptId, question, value, false)}
        {...attributes}
        {...props}
        asChild={asChild}
        onClick={onClick}
        onMouseDown={onMouseDown}
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
        asChild={asChild}
        ref={ref}
        onMouseDown={composeHandlers(onMouseDown, (event: MouseEvent<HTMLButtonElement>) => {
          // A click that picks and moves on ends with the panel focused for the next step; the
          // option keeps the press from focusing it in between (as Safari never focuses a
          // clicked button). Focusing it, then the panel, cost two focus changes, each a
          // style pass and a roving-focus re-render, on the way to every step.
          if (panelFocusesSteps && event.button === 0 && pickAdvances(store, promptId, question)) event.preventDefault();
        })}
        onClick={composeHandlers(onClick, () => {
          // A click, Space or number key picks and moves on; an arrow key only moves the pick.
          activateOption(store, promptId, question, value, !arrowHeld?.current);
        })}
      >
        {content}
      </RadioGroup.Item>
    );
    // Only children of the host's read the option through context.
    return children === undefined ? element : <OptionContext.Provider value={option}>{element}</OptionContext.Provider>;
  },
);

export interface AskUserOptionIndicatorProps extends ComponentPropsWithoutRef<"span"> {}

function indicatorElement({ checked }: OptionContextValue, props: AskUserOptionIndicatorProps, ref?: Ref<HTMLSpanElement>) {
  return <span aria-hidden="true" data-slot="ask-user-option-indicator" data-state={stateOf(checked)} {...props} ref={ref} />;
}

/** The radio dot or check box mark; decorative (the option carries `aria-checked`). */
export const AskUserOptionIndicator = /* @__PURE__ */ namedForwardRef<HTMLSpanElement, AskUserOptionIndicatorProps>(
  OPTION_INDICATOR_NAME,
  function AskUserOptionIndicator(props, ref) {
    return indicatorElement(useOption(OPTION_INDICATOR_NAME), props, ref);
  },
);

export interface AskUserOptionLabelProps extends ComponentPropsWithoutRef<"span"> {}

/**
 * The label without the ` (Recommended)` suffix, clipped for display (the answer stays exact).
 * The option is named by it (and the badge) while the option renders its own sub-parts.
 */
export const AskUserOptionLabel = /* @__PURE__ */ namedForwardRef<HTMLSpanElement, AskUserOptionLabelProps>(
  OPTION_LABEL_NAME,
  function AskUserOptionLabel(props, ref) {
    return labelElement(useOption(OPTION_LABEL_NAME), props, ref);
  },
);

function labelElement({ checked, text, labelId }: OptionContextValue, { children, ...props }: AskUserOptionLabelProps, ref?: Ref<HTMLSpanElement>) {
  return (
    <span data-slot="ask-user-option-label" data-state={stateOf(checked)} id={labelId} {...props} ref={ref}>
      {children ?? clipUtf16(text, MAX_SHOWN_LABEL_LENGTH)}
    </span>
  );
}

export interface AskUserOptionBadgeProps extends ComponentPropsWithoutRef<"span"> {}

/** "Recommended", for an option whose label ends in ` (Recommended)`; nothing otherwise. */
export const AskUserOptionBadge = /* @__PURE__ */ namedForwardRef<HTMLSpanElement, AskUserOptionBadgeProps>(
  OPTION_BADGE_NAME,
  function AskUserOptionBadge(props, ref) {
    return badgeElement(useOption(OPTION_BADGE_NAME), props, ref);
  },
);

function badgeElement(
  { checked, recommended, recommendedText, badgeId }: OptionContextValue,
  { children, ...props }: AskUserOptionBadgeProps,
  ref?: Ref<HTMLSpanElement>,
) {
  if (!recommended) return null;
  return (
    <span data-slot="ask-user-option-badge" data-state={stateOf(checked)} id={badgeId} {...props} ref={ref}>
      {children ?? recommendedText}
    </span>
  );
}

export interface AskUserOptionDescriptionProps extends ComponentPropsWithoutRef<"span"> {}

/** The option's description from the record (it describes the option); nothing when it has none. */
export const AskUserOptionDescription = /* @__PURE__ */ namedForwardRef<HTMLSpanElement, AskUserOptionDescriptionProps>(
  OPTION_DESCRIPTION_NAME,
  function AskUserOptionDescription(props, ref) {
    return descriptionElement(useOption(OPTION_DESCRIPTION_NAME), props, ref);
  },
);

function descriptionElement(
  { checked, description, descriptionId }: OptionContextValue,
  { children, ...props }: AskUserOptionDescriptionProps,
  ref?: Ref<HTMLSpanElement>,
) {
  if (!description) return null;
  return (
    <span data-slot="ask-user-option-description" data-state={stateOf(checked)} id={descriptionId} {...props} ref={ref}>
      {children ?? description}
    </span>
  );
}

export interface AskUserOptionKeyProps extends ComponentPropsWithoutRef<"kbd"> {}

/** The number key that picks the option (1–9; decorative, the keyboard map does the work); nothing past 9. */
export const AskUserOptionKey = /* @__PURE__ */ namedForwardRef<HTMLElement, AskUserOptionKeyProps>(
  OPTION_KEY_NAME,
  function AskUserOptionKey(props, ref) {
    return keyElement(useOption(OPTION_KEY_NAME), props, ref);
  },
);

function keyElement({ checked, index }: OptionContextValue, { children, ...props }: AskUserOptionKeyProps, ref?: Ref<HTMLElement>) {
  if (index < 0 || index >= 9) return null;
  return (
    <kbd data-slot="ask-user-key" data-state={stateOf(checked)} aria-hidden="true" {...props} ref={ref}>
      {children ?? index + 1}
    </kbd>
  );
}
