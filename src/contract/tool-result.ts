import { TOOL_RESULT_TEXT } from "./gateway-text.js";
import { setEntry } from "./safe-read.js";
import type { AskUserToolResult, Question, QuestionAnswers, QuestionStatus } from "./types.js";

/** How a question ended for the waiting tool (`question.waitAnswer`'s result, or a record). */
export interface QuestionOutcome {
  status: QuestionStatus;
  answers?: QuestionAnswers;
}

/**
 * What `ask_user` returns to the model: the answers when answered, otherwise `no_answer` —
 * expiry, Skip, cancellation and a wait that ran out all look the same to the agent.
 */
export function toToolResult(outcome: QuestionOutcome): AskUserToolResult {
  if (outcome.status !== "answered") return { status: "no_answer" };
  const answers: QuestionAnswers["answers"] = {};
  for (const [id, values] of Object.entries(outcome.answers?.answers ?? {})) setEntry(answers, id, [...values]);
  return { status: "answered", answers: { answers } };
}

export interface ToolResultTextOptions {
  /** Why there is no answer; `cancelled` (Skip, run abort) gets its own sentence. */
  noAnswerStatus?: Exclude<QuestionStatus, "answered">;
  /** Append the pretty-printed result as the real tool does. Default true. */
  includeJson?: boolean;
}

/**
 * The tool's text content, as OpenClaw writes it: one `<header>: <values joined by ", ">` line per
 * question (`(no answer)` for a question without values), or the proceed-with-best-judgment note,
 * then a blank line and the result as JSON.
 */
export function formatToolResultText(questions: readonly Question[], result: AskUserToolResult, options: ToolResultTextOptions = {}): string {
  let text: string;
  if (result.status === "answered") {
    text = questions
      .map((question) => {
        const values = Object.hasOwn(result.answers.answers, question.questionId) ? (result.answers.answers[question.questionId] ?? []) : [];
        return `${question.header}: ${values.length > 0 ? values.join(", ") : TOOL_RESULT_TEXT.missingAnswer}`;
      })
      .join("\n");
  } else {
    text = options.noAnswerStatus === "cancelled" ? TOOL_RESULT_TEXT.cancelled : TOOL_RESULT_TEXT.noAnswer;
  }
  return options.includeJson === false ? text : `${text}\n\n${JSON.stringify(result, null, 2)}`;
}
