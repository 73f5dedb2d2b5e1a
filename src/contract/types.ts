/**
 * Wire and tool shapes of OpenClaw's `ask_user` (spec §2–§4). Everything here is plain data so
 * every layer — and a server — can share it.
 */

export interface QuestionOption {
  label: string;
  description?: string;
}

/** A question as the gateway carries it in records and events. */
export interface Question {
  questionId: string;
  header: string;
  question: string;
  options: QuestionOption[];
  /** Present only when true (the tool drops `false`). */
  multiSelect?: boolean;
  /** `ask_user` always sets it: the UI offers free text. */
  isOther?: boolean;
}

export type QuestionStatus = "pending" | "answered" | "cancelled" | "expired";

/** Answers keyed by question id; every value is an array, single-select included. */
export type AnswerMap = Record<string, string[]>;

/** The wire envelope `{ answers: { <questionId>: string[] } }`. */
export interface QuestionAnswers {
  answers: AnswerMap;
}

/** The gateway's question record (spec §4). */
export interface QuestionRecord {
  id: string;
  questions: Question[];
  agentId?: string;
  sessionKey?: string;
  runId?: string;
  createdAtMs: number;
  expiresAtMs: number;
  status: QuestionStatus;
  answers?: QuestionAnswers;
  resolvedBy?: string;
}

/** Payload of the `question.resolved` event. */
export interface QuestionResolvedEvent {
  id: string;
  status: Exclude<QuestionStatus, "pending">;
  answers?: QuestionAnswers;
}

/** The canonical `ask_user` request after normalization (wire-valid questions only). */
export interface AskUserRequest {
  questions: Question[];
  timeoutSeconds: number;
}

/** A problem with one field. `path` is a JSON pointer into the input (`/questions/1/options/0/label`). */
export interface ContractError {
  path: string;
  code: ContractErrorCode;
  message: string;
}

export type ContractErrorCode =
  | "invalid_type"
  | "unknown_field"
  | "required"
  | "empty"
  | "too_few"
  | "too_many"
  | "too_long"
  | "invalid_format"
  | "duplicate"
  | "not_integer"
  | "unanswered"
  | "multiple_not_allowed"
  | "blank_answer"
  | "unknown_question"
  | "unknown_option"
  /** A value outside the allowed set (e.g. an unknown record `status`). */
  | "invalid_value"
  /** The value could not be read at all (a throwing getter or Proxy trap). */
  | "unreadable";

export type ContractResult<T> = { ok: true; value: T } | { ok: false; errors: ContractError[] };

/** What the tool hands back to the model (spec §3). */
export type AskUserToolResult = { status: "answered"; answers: QuestionAnswers } | { status: "no_answer" };
