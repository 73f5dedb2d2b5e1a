"use client";
import { type ComponentPropsWithoutRef, memo, useId } from "react";
import { useSelection } from "../../react/index.js";
import { draftHasValue } from "../../store/index.js";
import { AskUserOptions } from "./options.js";
import { AskUserOtherInput } from "./other-input.js";
import { entryOf, flag, offersOther, QuestionScope, useQuestionScope } from "./scope.js";
import { namedForwardRef } from "./named.js";

const QUESTION_NAME = "AskUser.Question";
const TITLE_NAME = "AskUser.Title";
const DESCRIPTION_NAME = "AskUser.Description";

export interface AskUserQuestionProps extends ComponentPropsWithoutRef<"div"> {
  promptId?: string;
  /** Default: the question of the step on screen. */
  questionId?: string;
}

/**
 * One question. Parts inside it (`Title`, `Description`, `Options`, `OtherInput`) show this
 * question; without children it renders all of them.
 */
export const AskUserQuestion = /* @__PURE__ */ namedForwardRef<HTMLDivElement, AskUserQuestionProps>(
  QUESTION_NAME,
  function AskUserQuestion({ promptId: promptIdProp, questionId, children, ...props }, ref) {
    const { store, promptId, question } = useQuestionScope(QUESTION_NAME, promptIdProp, questionId);
    const answered = useSelection(store, (state) => (question ? draftHasValue(entryOf(state, promptId)?.drafts[question.questionId]) : false));
    const step = useSelection(store, (state) => {
      const entry = entryOf(state, promptId);
      return entry && question ? entry.record.questions.indexOf(question) + 1 : 0;
    });
    if (!question) return null;
    return (
      <QuestionScope.Provider value={question.questionId}>
        <div
          data-slot="ask-user-question"
          data-question-id={question.questionId}
          data-step={step}
          data-multiple={flag(question.multiSelect === true)}
          data-answered={flag(answered)}
          {...props}
          ref={ref}
        >
          {children ?? <QuestionBody />}
        </div>
      </QuestionScope.Provider>
    );
  },
);

/** Memoized and prop-less, so the question's own re-render (answered or not) leaves its content alone. */
const QuestionBody = memo(function QuestionBody() {
  return (
    <>
      <AskUserTitle />
      <AskUserDescription />
      <AskUserOptions />
      <OtherRow />
    </>
  );
});

/**
 * Other: a visible label (beside options; a question without options is labelled by its own
 * header), the text area, and its number-key hint.
 */
function OtherRow() {
  const { messages, question } = useQuestionScope(QUESTION_NAME, undefined, undefined);
  const inputId = useId();
  if (!question || !offersOther(question)) return null;
  const key = question.options.length + 1;
  return (
    <div data-slot="ask-user-other">
      {question.options.length > 0 ? (
        <label data-slot="ask-user-other-label" htmlFor={inputId}>
          {messages.otherLabel}
        </label>
      ) : null}
      <AskUserOtherInput id={inputId} />
      {question.options.length > 0 && key <= 9 ? (
        <kbd data-slot="ask-user-key" aria-hidden="true">
          {key}
        </kbd>
      ) : null}
    </div>
  );
}

export interface AskUserTitleProps extends ComponentPropsWithoutRef<"p"> {
  promptId?: string;
  questionId?: string;
}

/** The question's short header. */
export const AskUserTitle = /* @__PURE__ */ namedForwardRef<HTMLParagraphElement, AskUserTitleProps>(
  TITLE_NAME,
  function AskUserTitle({ promptId, questionId, children, ...props }, ref) {
    const { question } = useQuestionScope(TITLE_NAME, promptId, questionId);
    if (!question) return null;
    return (
      <p data-slot="ask-user-title" {...props} ref={ref}>
        {children ?? question.header}
      </p>
    );
  },
);

export interface AskUserDescriptionProps extends ComponentPropsWithoutRef<"p"> {
  promptId?: string;
  questionId?: string;
}

/** The question sentence (plus, for multi-select, the hint that several options may be chosen). */
export const AskUserDescription = /* @__PURE__ */ namedForwardRef<HTMLParagraphElement, AskUserDescriptionProps>(
  DESCRIPTION_NAME,
  function AskUserDescription({ promptId, questionId, children, ...props }, ref) {
    const { messages, question } = useQuestionScope(DESCRIPTION_NAME, promptId, questionId);
    if (!question) return null;
    return (
      <p data-slot="ask-user-description" data-multiple={flag(question.multiSelect === true)} {...props} ref={ref}>
        {children ?? (
          <>
            {question.question}
            {question.multiSelect ? (
              <>
                {" "}
                <span data-slot="ask-user-hint">{messages.chooseAny}</span>
              </>
            ) : null}
          </>
        )}
      </p>
    );
  },
);
