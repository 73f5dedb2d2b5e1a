export type * from "./types.js";
export type { AskUserTransport } from "./transport.js";
export type { ConnectionStatus } from "./wire.js";

export {
  DEFAULT_TIMEOUT_SECONDS,
  MAX_HEADER_LENGTH,
  MAX_LABEL_LENGTH,
  MAX_RECORD_DESCRIPTION_LENGTH,
  MAX_RECORD_HEADER_LENGTH,
  MAX_RECORD_QUESTION_LENGTH,
  MAX_SHOWN_LABEL_LENGTH,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MAX_TIMEOUT_SECONDS,
  MIN_OPTIONS,
  MIN_QUESTIONS,
  MIN_TIMEOUT_SECONDS,
  QUESTION_ID_PATTERN,
  RECOMMENDED_SUFFIX,
  TERMINAL_GRACE_MS,
} from "./limits.js";
export {
  INVALID_ANSWER_REASONS,
  PLAIN_TEXT,
  QUESTION_ERROR_REASONS,
  TOOL_RESULT_TEXT,
  duplicateOptionLabelMessage,
  duplicateQuestionIdMessage,
  invalidAnswerMessage,
  questionAlreadyTerminalMessage,
  questionNotFoundMessage,
} from "./gateway-text.js";
export type { InvalidAnswerReason } from "./gateway-text.js";
export { jsonPointer } from "./errors.js";
export { normalizeAskUserInput } from "./normalize-input.js";
export type { NormalizeAskUserResult } from "./normalize-input.js";
export { splitRecommended } from "./recommended.js";
export type { RecommendedLabel } from "./recommended.js";
export { truncateUtf16 } from "./utf16.js";
export { parseAnswers, parseQuestionRecord, parseResolvedEvent } from "./parse-record.js";
export { canonicalizeAnswers, validateAnswers } from "./answers.js";
export { formatToolResultText, toToolResult } from "./tool-result.js";
export type { QuestionOutcome, ToolResultTextOptions } from "./tool-result.js";
export { formatPromptText, parseTextReply } from "./plain-text.js";
export type { PromptTextOptions } from "./plain-text.js";
export { detectCredential } from "./credential-guard.js";
export type { CredentialFinding, CredentialKind, CredentialRule } from "./credential-guard.js";
export type { PromptSummary, SummaryOutcome } from "./summary.js";
export { summaryFromToolCall } from "./summary-from-tool-call.js";
export type { SummaryFromToolCallOptions } from "./summary-from-tool-call.js";
export { canonicalSessionKey, sameSessionKey } from "./session-key.js";
export type { SessionKeyOptions } from "./session-key.js";
