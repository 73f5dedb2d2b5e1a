import { describeType, quote } from "./errors.js";
import { type Path, FieldReader, fieldName } from "./field-reader.js";
import { duplicateOptionLabelMessage, duplicateQuestionIdMessage } from "./gateway-text.js";
import {
  DEFAULT_TIMEOUT_SECONDS,
  MAX_HEADER_LENGTH,
  MAX_LABEL_LENGTH,
  MAX_OPTIONS,
  MAX_QUESTIONS,
  MAX_TIMEOUT_SECONDS,
  MIN_OPTIONS,
  MIN_QUESTIONS,
  MIN_TIMEOUT_SECONDS,
  QUESTION_ID_PATTERN,
} from "./limits.js";
import { splitRecommended } from "./recommended.js";
import { arrayLength, isArraySafe, isObjectRecord, ownKeys, readIndex, UNREADABLE } from "./safe-read.js";
import type { AskUserRequest, ContractError, Question, QuestionOption } from "./types.js";
import { truncateUtf16 } from "./utf16.js";

export type NormalizeAskUserResult =
  | {
      ok: true;
      value: AskUserRequest;
      /** Per question id, one flag per option: its label carries the ` (Recommended)` marker. */
      recommended: Record<string, boolean[]>;
    }
  | { ok: false; errors: ContractError[] };

const INPUT_FIELDS = ["questions", "timeoutSeconds"] as const;
const QUESTION_FIELDS = ["id", "header", "question", "options", "multiSelect"] as const;
const OPTION_FIELDS = ["label", "description"] as const;

/**
 * Elements inspected per array. Over-long arrays are already an error; looking at a few elements
 * still reports their problems in the same call, and the cap keeps a million-element array cheap.
 */
const SCAN_LIMIT = 8;

/** Ids longer than this get no snake_case suggestion (it would not help and costs work). */
const SUGGESTION_SOURCE_LIMIT = 80;

/**
 * Validates and canonicalizes model-authored `ask_user` arguments (spec §2) exactly as OpenClaw's
 * tool does, but reports every problem at once with a JSON pointer to each field. Total: returns a
 * result for any value whatsoever.
 */
export function normalizeAskUserInput(input: unknown): NormalizeAskUserResult {
  const reader = new FieldReader();
  if (!isObjectRecord(input)) {
    reader.reportNotObject([], 'an object like { "questions": [...] }', input);
    return { ok: false, errors: reader.errors };
  }
  rejectUnknownFields(reader, input, [], INPUT_FIELDS, "ask_user");
  const questions = readQuestions(reader, input);
  const timeoutSeconds = readTimeout(reader, input);
  if (reader.errors.length > 0 || !questions || timeoutSeconds === undefined) return { ok: false, errors: reader.errors };
  const recommended: Record<string, boolean[]> = {};
  for (const question of questions) recommended[question.questionId] = question.options.map((option) => splitRecommended(option.label).recommended);
  return { ok: true, value: { questions, timeoutSeconds }, recommended };
}

function readQuestions(reader: FieldReader, input: object): Question[] | undefined {
  const path: Path = ["questions"];
  const raw = reader.read(input, [], "questions");
  if (raw === UNREADABLE) return undefined;
  if (raw === undefined) {
    reader.report(path, "required", `questions is required: pass 1 to ${MAX_QUESTIONS} questions.`);
    return undefined;
  }
  const items = readArray(reader, path, raw);
  if (!items) return undefined;
  const { length } = items;
  if (length < MIN_QUESTIONS) reader.report(path, "too_few", `questions is empty: ask 1 to ${MAX_QUESTIONS} questions.`);
  if (length > MAX_QUESTIONS) {
    reader.report(path, "too_many", `questions has ${length} entries: ask at most ${MAX_QUESTIONS} per call and ask the rest later.`);
  }

  const questions: Question[] = [];
  const seenIds = new Set<string>();
  for (let index = 0; index < Math.min(length, SCAN_LIMIT); index += 1) {
    const question = readQuestion(reader, [...path, index], readIndex(items.array, index));
    if (!question) continue;
    if (question.questionId) {
      if (seenIds.has(question.questionId)) {
        reader.report([...path, index, "id"], "duplicate", `${duplicateQuestionIdMessage(question.questionId)}: give every question its own id.`);
      }
      seenIds.add(question.questionId);
    }
    questions.push(question);
  }
  return questions;
}

/** Returns the question as far as it could be read; `questionId` is "" when the id is unusable. */
function readQuestion(reader: FieldReader, path: Path, raw: unknown): Question | undefined {
  if (raw === UNREADABLE) {
    reader.reportUnreadable(path);
    return undefined;
  }
  if (!isObjectRecord(raw)) {
    reader.reportNotObject(path, "an object with id, header, question and options", raw);
    return undefined;
  }
  rejectUnknownFields(reader, raw, path, QUESTION_FIELDS, "a question");
  const questionId = readQuestionId(reader, path, raw) ?? "";
  const header = trimmedString(reader, raw, path, "header", `write a short label of at most ${MAX_HEADER_LENGTH} characters`);
  const text = trimmedString(reader, raw, path, "question", "write the question as one sentence");
  const options = readOptions(reader, path, raw, questionId || fieldName(path));
  const multiSelect = reader.read(raw, path, "multiSelect");
  if (multiSelect !== undefined && multiSelect !== UNREADABLE && typeof multiSelect !== "boolean") {
    reader.reportType([...path, "multiSelect"], "true or false", multiSelect);
  }
  return {
    questionId,
    header: truncateUtf16(header ?? "", MAX_HEADER_LENGTH),
    question: text ?? "",
    options,
    ...(multiSelect === true ? { multiSelect: true } : {}),
    isOther: true,
  };
}

function readQuestionId(reader: FieldReader, path: Path, raw: object): string | undefined {
  const id = trimmedString(reader, raw, path, "id", "give a unique snake_case answer key such as 'deploy_target'");
  if (id === undefined) return undefined;
  if (QUESTION_ID_PATTERN.test(id)) return id;
  const suggestion = suggestId(id);
  reader.report(
    [...path, "id"],
    "invalid_format",
    `${fieldName([...path, "id"])} ${quote(id)} is not snake_case: start with a lowercase letter and use only lowercase letters, digits and underscores` +
      (suggestion ? `, e.g. '${suggestion}'.` : "."),
  );
  return undefined;
}

/** A snake_case id close to what was written, when one exists. */
function suggestId(id: string): string | undefined {
  if (id.length > SUGGESTION_SOURCE_LIMIT) return undefined;
  const snake = id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
  return QUESTION_ID_PATTERN.test(snake) ? snake : undefined;
}

function readOptions(reader: FieldReader, questionPath: Path, question: object, questionRef: string): QuestionOption[] {
  const path: Path = [...questionPath, "options"];
  const raw = reader.read(question, questionPath, "options");
  if (raw === UNREADABLE) return [];
  if (raw === undefined) {
    reader.report(path, "required", `${fieldName(path)} is required: give ${MIN_OPTIONS} to ${MAX_OPTIONS} options.`);
    return [];
  }
  const items = readArray(reader, path, raw);
  if (!items) return [];
  const { length } = items;
  if (length < MIN_OPTIONS) {
    reader.report(
      path,
      "too_few",
      `${fieldName(path)} has ${length} option${length === 1 ? "" : "s"}: give ${MIN_OPTIONS} to ${MAX_OPTIONS} options.`,
    );
  }
  if (length > MAX_OPTIONS) {
    reader.report(path, "too_many", `${fieldName(path)} has ${length} options: keep at most ${MAX_OPTIONS} (the UI adds its own Other answer).`);
  }

  const options: QuestionOption[] = [];
  const seenLabels = new Set<string>();
  for (let index = 0; index < Math.min(length, SCAN_LIMIT); index += 1) {
    const option = readOption(reader, [...path, index], readIndex(items.array, index));
    if (!option) continue;
    const folded = option.label.toLowerCase();
    if (seenLabels.has(folded)) {
      reader.report(
        [...path, index, "label"],
        "duplicate",
        `${duplicateOptionLabelMessage(questionRef, option.label)}: make every label distinct (case and surrounding spaces are ignored).`,
      );
    }
    seenLabels.add(folded);
    options.push(option);
  }
  return options;
}

function readOption(reader: FieldReader, path: Path, raw: unknown): QuestionOption | undefined {
  if (raw === UNREADABLE) {
    reader.reportUnreadable(path);
    return undefined;
  }
  if (!isObjectRecord(raw)) {
    reader.reportNotObject(path, 'an object like { "label": "..." }', raw);
    return undefined;
  }
  rejectUnknownFields(reader, raw, path, OPTION_FIELDS, "an option");
  const label = trimmedString(reader, raw, path, "label", "write the choice as a short label");
  if (label !== undefined && label.length > MAX_LABEL_LENGTH) {
    reader.report(
      [...path, "label"],
      "too_long",
      `${fieldName([...path, "label"])} is ${label.length} characters long: shorten it to at most ${MAX_LABEL_LENGTH} and put details in description.`,
    );
  }
  const description = reader.read(raw, path, "description");
  if (description !== undefined && description !== UNREADABLE && typeof description !== "string") {
    reader.reportType([...path, "description"], "a string", description);
  }
  if (label === undefined) return undefined;
  const trimmedDescription = typeof description === "string" ? description.trim() : "";
  return { label, ...(trimmedDescription ? { description: trimmedDescription } : {}) };
}

function readTimeout(reader: FieldReader, input: object): number | undefined {
  const path: Path = ["timeoutSeconds"];
  const raw = reader.read(input, [], "timeoutSeconds");
  if (raw === UNREADABLE) return undefined;
  if (raw === undefined) return DEFAULT_TIMEOUT_SECONDS;
  const range = `${MIN_TIMEOUT_SECONDS}–${MAX_TIMEOUT_SECONDS}`;
  if (typeof raw !== "number") {
    reader.report(
      path,
      "invalid_type",
      `timeoutSeconds must be a whole number of seconds (${range}), not ${describeType(raw)}; omit it for ${DEFAULT_TIMEOUT_SECONDS}.`,
    );
    return undefined;
  }
  if (!Number.isInteger(raw)) {
    reader.report(path, "not_integer", `timeoutSeconds must be a whole number of seconds, not ${raw}; use an integer (it is clamped to ${range}).`);
    return undefined;
  }
  return Math.min(MAX_TIMEOUT_SECONDS, Math.max(MIN_TIMEOUT_SECONDS, raw));
}

function readArray(reader: FieldReader, path: Path, raw: unknown): { array: unknown[]; length: number } | undefined {
  const isArray = isArraySafe(raw);
  if (isArray === UNREADABLE) {
    reader.reportUnreadable(path);
    return undefined;
  }
  if (!isArray) {
    reader.reportType(path, "an array", raw);
    return undefined;
  }
  const array = raw as unknown[];
  const length = arrayLength(array);
  if (length === UNREADABLE) {
    reader.reportUnreadable(path);
    return undefined;
  }
  return { array, length };
}

/** Past this many, unknown fields of one object are summarised in a single error. */
const UNKNOWN_FIELD_REPORT_LIMIT = 10;

/** Reports every own key that is not in `allowed`; `owner` names what accepts them in the message. */
function rejectUnknownFields(reader: FieldReader, object: object, path: Path, allowed: readonly string[], owner: string): void {
  const keys = ownKeys(object);
  if (keys === UNREADABLE) {
    reader.reportUnreadable(path);
    return;
  }
  const unknown = keys.filter((key) => !allowed.includes(key));
  const accepted = allowed.length > 1 ? `${allowed.slice(0, -1).join(", ")} and ${allowed.at(-1)}` : allowed.join("");
  for (const key of unknown.slice(0, UNKNOWN_FIELD_REPORT_LIMIT)) {
    reader.report([...path, key], "unknown_field", `Unknown field ${fieldName([...path, key])}: ${owner} accepts only ${accepted}. Remove it.`);
  }
  if (unknown.length > UNKNOWN_FIELD_REPORT_LIMIT) {
    const more = unknown.length - UNKNOWN_FIELD_REPORT_LIMIT;
    reader.report(path, "unknown_field", `${fieldName(path)} has ${more} more unknown fields; ${owner} accepts only ${accepted}.`);
  }
}

/**
 * A required string, trimmed. Reports absence, wrong type and blankness (`blankHint` says what to
 * write instead); returns undefined after reporting.
 */
function trimmedString(reader: FieldReader, object: object, path: Path, key: string, blankHint: string): string | undefined {
  const fieldPath = [...path, key];
  const value = reader.read(object, path, key);
  if (value === UNREADABLE) return undefined;
  if (value === undefined) {
    reader.report(fieldPath, "required", `${fieldName(fieldPath)} is required: ${blankHint}.`);
    return undefined;
  }
  if (typeof value !== "string") {
    reader.reportType(fieldPath, "a string", value);
    return undefined;
  }
  const trimmed = value.trim();
  if (!trimmed) {
    reader.report(fieldPath, "empty", `${fieldName(fieldPath)} is blank: ${blankHint}.`);
    return undefined;
  }
  return trimmed;
}
