"use client";
import * as RadioGroup from "@radix-ui/react-radio-group";
import { type ComponentPropsWithoutRef, type FocusEvent, type KeyboardEvent, type MouseEvent, useRef, useState } from "react";
import { useIsomorphicLayoutEffect, useSelection } from "../../react/index.js";
import { AskUserOption } from "./option.js";
import { activateOption } from "./prompt-actions.js";
import { ArrowKeyScope, composeHandlers, entryOf, flag, QuestionScope, useMergedRefs, useQuestionScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const OPTIONS_NAME = "AskUser.Options";

const ARROW_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);

export interface AskUserOptionsProps extends Omit<ComponentPropsWithoutRef<"div">, "dir" | "defaultValue"> {
  promptId?: string;
  questionId?: string;
  /** Reading direction for arrow keys and layout; default: the direction the options sit in. */
  dir?: "ltr" | "rtl";
}

/**
 * Radix writes `dir="ltr"` on its radio group unless told otherwise, which would turn a
 * right-to-left page's options back to left-to-right; so the group takes the direction of the
 * nearest `dir` attribute (pass `dir` to override).
 */
function useInheritedDirection(dirProp: "ltr" | "rtl" | undefined) {
  const elementRef = useRef<HTMLDivElement | null>(null);
  const [inherited, setInherited] = useState<"ltr" | "rtl">("ltr");
  useIsomorphicLayoutEffect(() => {
    const container = elementRef.current?.parentElement;
    if (dirProp || !container) return;
    // The nearest `dir` attribute, not the computed `direction`: reading computed style here forced
    // a style recalc on every step change (the profile's largest avoidable cost after focus).
    setInherited(container.closest("[dir]")?.getAttribute("dir")?.toLowerCase() === "rtl" ? "rtl" : "ltr");
  });
  return { elementRef, dir: dirProp ?? inherited };
}

/**
 * Keys of the default options: by position, so the next step's options update the items on screen
 * in place. Keyed by label, every step change unmounted the old items and mounted new ones, and
 * each Radix radio mounts a hidden form input that its first commit's ref then removes again (a
 * second render of every item, inputs added to and taken out of the page) on the way to the
 * step's first frame (playground traces, `npm run bench:control-ui`: ~2 ms of each real click).
 *
 * Radix's roving focus remembers the last option focused or pressed by that item's id; a reused
 * item would take the memory into the next question (Tab would land on the option at the same
 * position). So once an option had focus or an unprevented press, the next question's options
 * are mounted afresh, as they always were: the memory then names an item that is gone.
 */
function useOptionKeys(questionId: string | undefined) {
  // The question during which an option had focus or a press; set from events, read in render.
  const touchedIn = useRef<string | undefined>(undefined);
  const [keys, setKeys] = useState({ questionId, generation: 0 });
  let { generation } = keys;
  if (keys.questionId !== questionId) {
    // Adjusted during render (React's pattern for state derived from a changed prop): no commit in between.
    if (touchedIn.current !== undefined && touchedIn.current === keys.questionId) generation += 1;
    setKeys({ questionId, generation });
  }
  const touched = () => {
    touchedIn.current = questionId;
  };
  return { generation, touched };
}

/**
 * The options of one question: a Radix radio group (single-select) or a `role="group"` of Radix
 * checkboxes (multi-select), named by the question. Without children it renders every option.
 */
export const AskUserOptions = /* @__PURE__ */ namedForwardRef<HTMLDivElement, AskUserOptionsProps>(
  OPTIONS_NAME,
  function AskUserOptions(
    { promptId: promptIdProp, questionId, dir: dirProp, children, onKeyDownCapture, onKeyUpCapture, onFocus, onMouseDown, ...props },
    ref,
  ) {
    const { store, promptId, question } = useQuestionScope(OPTIONS_NAME, promptIdProp, questionId);
    const { elementRef, dir } = useInheritedDirection(dirProp);
    const mergedRef = useMergedRefs(ref, elementRef);
    const arrowHeld = useRef(false);
    const qid = question?.questionId;
    const picked = useSelection(store, (state) => (qid === undefined ? "" : (entryOf(state, promptId)?.drafts[qid]?.selected[0] ?? "")));
    const disabled = useSelection(store, (state) => entryOf(state, promptId)?.status !== "pending");
    const { generation, touched } = useOptionKeys(qid);
    if (!question || promptId === null || question.options.length === 0) return null;

    const content =
      children ?? question.options.map((option, index) => <AskUserOption key={`${generation}:${index}`} value={option.label} index={index} />);
    const shared = {
      "data-slot": "ask-user-options",
      "data-multiple": flag(question.multiSelect === true),
      "data-disabled": flag(disabled),
      "aria-label": question.question,
    };

    const body = question.multiSelect ? (
      <div
        role="group"
        dir={dirProp}
        {...shared}
        {...props}
        onFocus={onFocus}
        onMouseDown={onMouseDown}
        onKeyDownCapture={onKeyDownCapture}
        onKeyUpCapture={onKeyUpCapture}
        ref={mergedRef}
      >
        {content}
      </div>
    ) : (
      <RadioGroup.Root
        value={picked}
        disabled={disabled}
        orientation="vertical"
        loop
        dir={dir}
        {...shared}
        {...props}
        ref={mergedRef}
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
        onFocus={(event: FocusEvent<HTMLDivElement>) => {
          onFocus?.(event);
          touched();
        }}
        onMouseDown={(event: MouseEvent<HTMLDivElement>) => {
          // Read before the host's handler: an option that prevented its press (one that moves on)
          // kept Radix from remembering it; a host preventing it here comes too late to stop Radix.
          const remembered = !event.defaultPrevented;
          onMouseDown?.(event);
          if (remembered) touched();
        }}
      >
        {content}
      </RadioGroup.Root>
    );
    return (
      <QuestionScope.Provider value={question.questionId}>
        <ArrowKeyScope.Provider value={arrowHeld}>{body}</ArrowKeyScope.Provider>
      </QuestionScope.Provider>
    );
  },
);
