import type { AskUserMessages } from "../../messages/types.js";
import type { PromptError, SummaryOutcome } from "../../store/index.js";

/** The catalogue's word for a terminal outcome (summary chip, cards, the panel's ended state). */
export function outcomeText(outcome: SummaryOutcome, messages: AskUserMessages): string {
  switch (outcome) {
    case "answered":
      return messages.answered;
    case "answered-elsewhere":
      return messages.answeredElsewhere;
    case "skipped":
      return messages.skipped;
    case "skipped-elsewhere":
      return messages.skippedElsewhere;
    case "no-answer":
      return messages.noAnswer;
    case "expired":
      return messages.expired;
    case "unavailable":
      return messages.unavailable;
    case "run-ended":
      return messages.runEnded;
  }
}

/**
 * The catalogue's text for a failed submit: known reasons get their own sentence (the store's
 * English `message` is only a fallback for hosts without the kit's UI); anything else is wrapped
 * in "Could not submit: …".
 */
export function errorText(error: PromptError, messages: AskUserMessages): string {
  const reason = error.reason ?? error.code;
  switch (reason) {
    case "NOT_CONNECTED":
    case "DISCONNECTED":
    case "CLOSED":
      return messages.notConnected;
    case "TIMEOUT":
      return messages.submitFailed(messages.requestTimedOut);
    case "QUESTION_NOT_FOUND":
      return messages.questionGone;
    case "INVALID_DRAFT":
      return messages.answerRequired;
    default:
      return messages.submitFailed(error.message);
  }
}
