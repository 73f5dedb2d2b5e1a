/**
 * Every string this kit must reproduce byte-for-byte from OpenClaw 2026.9.6 (read from its
 * compiled `QuestionManager`, `questionShapeError`, `ask_user` tool and plain-text bridge).
 * Kept in one place so a test gateway and the real one reply with the same words.
 */

/** `details.reason` values of question RPC errors. */
export const QUESTION_ERROR_REASONS = {
  notFound: "QUESTION_NOT_FOUND",
  alreadyTerminal: "QUESTION_ALREADY_TERMINAL",
  idInUse: "QUESTION_ID_IN_USE",
  invalidAnswer: "QUESTION_INVALID_ANSWER",
  requesterInactive: "QUESTION_REQUESTER_INACTIVE",
} as const;

/**
 * Why `question.resolve` rejected answers, in the order `QuestionManager.validateAnswers` checks
 * them: unknown keys first, then per question (record order) missing, blank, multiple, unknown option.
 */
export const INVALID_ANSWER_REASONS = {
  unknownQuestion: "is not part of this request",
  unanswered: "requires an answer",
  blankAnswer: "contains an empty answer",
  multipleNotAllowed: "does not allow multiple answers",
  unknownOption: "contains an unknown option",
} as const;

export type InvalidAnswerReason = (typeof INVALID_ANSWER_REASONS)[keyof typeof INVALID_ANSWER_REASONS];

/** The gateway's `QUESTION_INVALID_ANSWER` message. */
export function invalidAnswerMessage(questionId: string, reason: InvalidAnswerReason): string {
  return `question '${questionId}' ${reason}`;
}

/** The gateway's `QUESTION_NOT_FOUND` message. */
export function questionNotFoundMessage(id: string): string {
  return `question '${id}' was not found`;
}

/** The gateway's `QUESTION_ALREADY_TERMINAL` message. */
export function questionAlreadyTerminalMessage(id: string, status: "answered" | "cancelled" | "expired"): string {
  return `question '${id}' is already ${status}`;
}

/** `questionShapeError` texts (shared by the tool and the gateway). */
export function duplicateQuestionIdMessage(id: string): string {
  return `duplicate question id '${id}'`;
}

export function duplicateOptionLabelMessage(questionId: string, label: string): string {
  return `question '${questionId}' has duplicate option label '${label}'`;
}

/** The `ask_user` tool's text content. */
export const TOOL_RESULT_TEXT = {
  missingAnswer: "(no answer)",
  cancelled: "The question was cancelled; proceed with best judgment.",
  noAnswer: "No answer arrived; proceed with best judgment.",
} as const;

/** The plain-text fallback's fixed lines (`user-input-bridge`). */
export const PLAIN_TEXT = {
  intro: "Agent needs input:",
  otherLine: "Other: reply with your own answer.",
  hintSeveral: "Reply by number or question id. Use a declared option where choices are fixed.",
  hintFreeText: "Reply with your answer.",
  hintMultiSelect: "Reply with comma-separated option numbers or text, or your own answer.",
  hintWithOther: "Reply with the number, the option text, or your own answer.",
  hintOptionsOnly: "Reply with the number or option text.",
} as const;
