"use client";
import type { ChangeEvent, ComponentPropsWithoutRef } from "react";
import { useSelection } from "../../react/index.js";
import { composeHandlers, entryOf, flag, offersOther, useQuestionScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const OTHER_INPUT_NAME = "AskUser.OtherInput";
/** The text area grows with its lines up to this many rows, then scrolls. */
const MAX_ROWS = 8;

export interface AskUserOtherInputProps extends Omit<ComponentPropsWithoutRef<"textarea">, "value" | "defaultValue"> {
  promptId?: string;
  questionId?: string;
}

/**
 * The free-text answer. It grows by `rows` (and CSS `field-sizing: content` where supported) so
 * no inline style is needed under a strict CSP. After the prompt ends it turns read-only, never
 * disabled, so the typed text can still be selected and copied.
 */
export const AskUserOtherInput = /* @__PURE__ */ namedForwardRef<HTMLTextAreaElement, AskUserOtherInputProps>(
  OTHER_INPUT_NAME,
  function AskUserOtherInput({ promptId: promptIdProp, questionId, onChange, rows, ...props }, ref) {
    const { store, messages, promptId, question } = useQuestionScope(OTHER_INPUT_NAME, promptIdProp, questionId);
    const qid = question?.questionId;
    const text = useSelection(store, (state) => (qid === undefined ? "" : (entryOf(state, promptId)?.drafts[qid]?.otherText ?? "")));
    const locked = useSelection(store, (state) => entryOf(state, promptId)?.status !== "pending");
    if (!question || promptId === null || !offersOther(question)) return null;

    const hasOptions = question.options.length > 0;
    const lines = text.split("\n").length;
    return (
      <textarea
        data-slot="ask-user-other-input"
        data-filled={flag(text.trim() !== "")}
        data-disabled={flag(locked)}
        aria-label={hasOptions ? messages.ownAnswerFor(question.header) : question.header || messages.answer}
        title={messages.otherHint("Ctrl/⌘+Enter")}
        placeholder={messages.otherPlaceholder}
        rows={rows ?? Math.min(Math.max(lines, 1), MAX_ROWS)}
        readOnly={locked}
        value={text}
        {...props}
        ref={ref}
        onChange={composeHandlers(onChange, (event: ChangeEvent<HTMLTextAreaElement>) => {
          store.getState().setOtherText(promptId, question.questionId, event.target.value);
        })}
      />
    );
  },
);
