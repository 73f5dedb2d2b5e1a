import { describeType, quote } from "./errors.js";
import { type Path, FieldReader, fieldName } from "./field-reader.js";
import { MAX_RECORD_DESCRIPTION_LENGTH, MAX_RECORD_HEADER_LENGTH, MAX_RECORD_QUESTION_LENGTH, QUESTION_ID_PATTERN } from "./limits.js";
import { arrayLength, isArraySafe, isObjectRecord, ownKeys, readIndex, readOwn, setEntry, UNREADABLE } from "./safe-read.js";
import type { AnswerMap, ContractResult, Question, QuestionOption, QuestionRecord, QuestionResolvedEvent, QuestionStatus } from "./types.js";
import { clipUtf16 } from "./utf16.js";

/**
 * Records come from gateways of several versions, so parsing is lenient: unknown fields are ignored,
 * legacy shapes are accepted, and only what a UI cannot render or answer is an error. The caps
 * bound the work on absurd input; no real record comes near them.
 */
const MAX_RECORD_QUESTIONS = 32;
const MAX_RECORD_OPTIONS = 32;
const MAX_ANSWER_KEYS = 64;
const MAX_ANSWER_VALUES = 10_000;

const STATUSES: readonly QuestionStatus[] = ["pending", "answered", "cancelled", "expired"];
const TERMINAL_STATUSES: readonly QuestionResolvedEvent["status"][] = ["answered", "cancelled", "expired"];
/** The path of a record's own fields; shared, since a path is only read when a field is reported. */
const ROOT: Path = Object.freeze([]);
const QUESTIONS_PATH: Path = ["questions"];

/** Parses a gateway question record (`question.requested`, `question.get`, `question.list`). */
export function parseQuestionRecord(raw: unknown): ContractResult<QuestionRecord> {
  const reader = new FieldReader();
  if (!isObjectRecord(raw)) {
    reader.reportNotObject([], "a question record object with id and questions", raw);
    return { ok: false, errors: reader.errors };
  }
  const id = readId(reader, raw);
  const questions = readRecordQuestions(reader, raw);
  const createdAtMs = readTimestamp(reader, raw, "createdAtMs");
  const expiresAtMs = readTimestamp(reader, raw, "expiresAtMs");
  const status = readStatus(reader, raw, STATUSES, "pending");
  const answers = readAnswersField(reader, raw);
  if (reader.errors.length > 0 || id === undefined || !questions || createdAtMs === undefined || expiresAtMs === undefined || !status) {
    return { ok: false, errors: reader.errors };
  }
  return {
    ok: true,
    value: {
      id,
      questions,
      ...nonEmptyString(raw, "agentId"),
      ...nonEmptyString(raw, "sessionKey"),
      ...nonEmptyString(raw, "runId"),
      createdAtMs,
      expiresAtMs,
      status,
      ...(answers ? { answers: { answers } } : {}),
      ...nonEmptyString(raw, "resolvedBy"),
    },
  };
}

/** Parses a `question.resolved` payload `{ id, status, answers? }` with the same lenient answers. */
export function parseResolvedEvent(raw: unknown): ContractResult<QuestionResolvedEvent> {
  const reader = new FieldReader();
  if (!isObjectRecord(raw)) {
    reader.reportNotObject([], "an object like { id, status }", raw);
    return { ok: false, errors: reader.errors };
  }
  const id = readId(reader, raw);
  const status = readStatus(reader, raw, TERMINAL_STATUSES, undefined);
  const answers = readAnswersField(reader, raw);
  if (reader.errors.length > 0 || id === undefined || !status) return { ok: false, errors: reader.errors };
  return { ok: true, value: { id, status, ...(answers ? { answers: { answers } } : {}) } };
}

/**
 * Reads answers in any shape a gateway has used: the envelope `{answers: {qid: string[]}}`, the
 * legacy nested `{answers: {qid: {answers: string[]}}}`, the earliest `{qid: {text}}`, or a flat
 * `{qid: string[]}`. Entries that carry no strings are left out. Undefined when `raw` is no object.
 */
export function parseAnswers(raw: unknown): AnswerMap | undefined {
  if (!isObjectRecord(raw)) return undefined;
  const envelope = readOwn(raw, "answers");
  const inner = isObjectRecord(envelope) ? envelope : raw;
  const keys = ownKeys(inner);
  if (keys === UNREADABLE) return undefined;
  const answers: AnswerMap = {};
  for (const key of keys.slice(0, MAX_ANSWER_KEYS)) {
    const values = answerValues(readOwn(inner, key));
    if (key && values) setEntry(answers, key, values);
  }
  return answers;
}

function answerValues(raw: unknown): string[] | undefined {
  if (typeof raw === "string") return [raw];
  if (isArraySafe(raw) === true) return stringsOf(raw as unknown[]);
  if (!isObjectRecord(raw)) return undefined;
  const nested = readOwn(raw, "answers");
  if (isArraySafe(nested) === true) return stringsOf(nested as unknown[]);
  const text = readOwn(raw, "text");
  return typeof text === "string" ? [text] : undefined;
}

function stringsOf(array: unknown[]): string[] | undefined {
  const length = arrayLength(array);
  if (length === UNREADABLE) return undefined;
  const strings: string[] = [];
  for (let index = 0; index < Math.min(length, MAX_ANSWER_VALUES); index += 1) {
    const value = readIndex(array, index);
    if (typeof value === "string") strings.push(value);
  }
  return strings;
}

function readAnswersField(reader: FieldReader, raw: object): AnswerMap | undefined {
  const value = reader.read(raw, ROOT, "answers");
  return value === undefined || value === UNREADABLE ? undefined : parseAnswers(value);
}

/** `{ [key]: value }` when `raw[key]` is a non-empty string (optional correlation fields), else nothing. */
function nonEmptyString<K extends "agentId" | "sessionKey" | "runId" | "resolvedBy">(raw: object, key: K): { [P in K]?: string } {
  const value = readOwn(raw, key);
  return typeof value === "string" && value ? ({ [key]: value } as { [P in K]?: string }) : {};
}

function readId(reader: FieldReader, raw: object): string | undefined {
  const id = reader.read(raw, ROOT, "id");
  if (id === UNREADABLE) return undefined;
  if (typeof id === "string" && id.trim()) return id;
  if (id === undefined)
    reader.report(["id"], "required", "id is required: the gateway sent a question record without its id, so it cannot be answered.");
  else
    reader.report(
      ["id"],
      typeof id === "string" ? "empty" : "invalid_type",
      "id must be a non-empty string: the gateway sent a record that cannot be answered.",
    );
  return undefined;
}

function readStatus<S extends QuestionStatus>(reader: FieldReader, raw: object, allowed: readonly S[], fallback: S | undefined): S | undefined {
  const status = reader.read(raw, ROOT, "status");
  if (status === UNREADABLE) return undefined;
  if (status === undefined && fallback) return fallback;
  if ((allowed as readonly unknown[]).includes(status)) return status as S;
  const expected = allowed.join(", ");
  if (status === undefined) reader.report(["status"], "required", `status is required: it must be one of ${expected}.`);
  else
    reader.report(
      ["status"],
      "invalid_value",
      `status must be one of ${expected}, not ${typeof status === "string" ? quote(status) : describeType(status)}.`,
    );
  return undefined;
}

function readTimestamp(reader: FieldReader, raw: object, key: "createdAtMs" | "expiresAtMs"): number | undefined {
  const value = reader.read(raw, ROOT, key);
  if (value === UNREADABLE) return undefined;
  if (typeof value === "number" && Number.isFinite(value) && value >= 0) return value;
  if (value === undefined) reader.report([key], "required", `${key} is required: the record must say when it was created and when it expires.`);
  else reader.report([key], "invalid_type", `${key} must be a non-negative number of epoch milliseconds.`);
  return undefined;
}

function readRecordQuestions(reader: FieldReader, raw: object): Question[] | undefined {
  const path = QUESTIONS_PATH;
  const value = reader.read(raw, ROOT, "questions");
  if (value === UNREADABLE) return undefined;
  if (value === undefined) {
    reader.report(path, "required", "questions is required: the record has nothing to ask.");
    return undefined;
  }
  const length = readArrayLength(reader, path, value);
  if (length === undefined) return undefined;
  if (length === 0) reader.report(path, "too_few", "questions is empty: the record has nothing to ask.");
  if (length > MAX_RECORD_QUESTIONS)
    reader.report(path, "too_many", `questions has ${length} entries; at most ${MAX_RECORD_QUESTIONS} can be shown.`);
  const questions: Question[] = [];
  for (let index = 0; index < Math.min(length, MAX_RECORD_QUESTIONS); index += 1) {
    const question = readRecordQuestion(reader, index, readIndex(value as unknown[], index));
    if (!question) continue;
    if (questions.some((earlier) => earlier.questionId === question.questionId)) {
      reader.report(
        [...path, index, "questionId"],
        "duplicate",
        `${fieldName([...path, index])} repeats question id '${question.questionId}', so its answers would collide.`,
      );
    }
    questions.push(question);
  }
  return questions;
}

/** Question `index` of the record; a field's path is built only when that field is reported. */
function readRecordQuestion(reader: FieldReader, index: number, raw: unknown): Question | undefined {
  if (raw === UNREADABLE) {
    reader.reportUnreadable(questionPath(index));
    return undefined;
  }
  if (!isObjectRecord(raw)) {
    reader.reportNotObject(questionPath(index), "a question object", raw);
    return undefined;
  }
  const questionId = readRecordQuestionId(reader, index, raw);
  const header = readField(reader, raw, index, "header");
  if (header !== undefined && header !== UNREADABLE && typeof header !== "string")
    reader.reportType([...questionPath(index), "header"], "a string", header);
  const text = readField(reader, raw, index, "question");
  if (text !== UNREADABLE && (typeof text !== "string" || !text.trim())) {
    const textPath = [...questionPath(index), "question"];
    reader.report(
      textPath,
      text === undefined ? "required" : typeof text === "string" ? "empty" : "invalid_type",
      `${fieldName(textPath)} must be non-empty text: there is nothing to show the user.`,
    );
  }
  const options = readRecordOptions(reader, index, raw);
  if (questionId === undefined || typeof text !== "string" || !text.trim() || !options) return undefined;
  const multiSelect = readOwn(raw, "multiSelect");
  const isOther = readOwn(raw, "isOther");
  const question: Question = {
    questionId,
    header: typeof header === "string" ? clipUtf16(header, MAX_RECORD_HEADER_LENGTH) : "",
    question: clipUtf16(text, MAX_RECORD_QUESTION_LENGTH),
    options,
  };
  if (multiSelect === true) question.multiSelect = true;
  if (typeof isOther === "boolean") question.isOther = isOther;
  return question;
}

function questionPath(index: number): Path {
  return [...QUESTIONS_PATH, index];
}

/** An own field of question `index`; reported when it cannot be read. */
function readField(reader: FieldReader, raw: object, index: number, key: string): unknown {
  const value = readOwn(raw, key);
  if (value === UNREADABLE) reader.reportUnreadable([...questionPath(index), key]);
  return value;
}

/** `questionId`, or the legacy `id`; only snake_case ids can be answered (the gateway's answer keys). */
function readRecordQuestionId(reader: FieldReader, index: number, raw: object): string | undefined {
  const current = readField(reader, raw, index, "questionId");
  const key = current === undefined ? "id" : "questionId";
  const id = current === undefined ? readField(reader, raw, index, "id") : current;
  if (id === UNREADABLE) return undefined;
  if (typeof id === "string" && QUESTION_ID_PATTERN.test(id)) return id;
  const idPath = [...questionPath(index), key];
  if (id === undefined)
    reader.report(idPath, "required", `${fieldName(questionPath(index))} has no questionId (nor legacy id), so it cannot be answered.`);
  else if (typeof id !== "string") reader.reportType(idPath, "a snake_case string", id);
  else
    reader.report(
      idPath,
      "invalid_format",
      `${fieldName(idPath)} ${quote(id)} is not a snake_case id, so the gateway cannot accept an answer for it.`,
    );
  return undefined;
}

function readRecordOptions(reader: FieldReader, questionIndex: number, raw: object): QuestionOption[] | undefined {
  const value = readField(reader, raw, questionIndex, "options");
  if (value === UNREADABLE) return undefined;
  // An option-less question is a free-text question; some gateways omit the empty list.
  if (value === undefined) return [];
  const isArray = isArraySafe(value);
  const length = isArray === true ? arrayLength(value as unknown[]) : UNREADABLE;
  if (isArray === false) reader.reportType([...questionPath(questionIndex), "options"], "an array", value);
  if (isArray !== true || length === UNREADABLE) {
    if (isArray !== false) reader.reportUnreadable([...questionPath(questionIndex), "options"]);
    return undefined;
  }
  if (length > MAX_RECORD_OPTIONS) {
    const path = [...questionPath(questionIndex), "options"];
    reader.report(path, "too_many", `${fieldName(path)} has ${length} options; at most ${MAX_RECORD_OPTIONS} can be shown.`);
    return undefined;
  }
  const options: QuestionOption[] = [];
  for (let index = 0; index < length; index += 1) {
    const option = readIndex(value as unknown[], index);
    if (option === UNREADABLE) {
      reader.reportUnreadable([...questionPath(questionIndex), "options", index]);
      continue;
    }
    if (!isObjectRecord(option)) {
      reader.reportNotObject([...questionPath(questionIndex), "options", index], 'an option object like { "label": "..." }', option);
      continue;
    }
    const label = readOwn(option, "label");
    if (label === UNREADABLE) {
      reader.reportUnreadable([...questionPath(questionIndex), "options", index, "label"]);
      continue;
    }
    if (typeof label !== "string" || !label.trim()) {
      const labelPath = [...questionPath(questionIndex), "options", index, "label"];
      reader.report(
        labelPath,
        label === undefined ? "required" : typeof label === "string" ? "empty" : "invalid_type",
        `${fieldName(labelPath)} must be non-empty text: the option cannot be shown.`,
      );
      continue;
    }
    const description = readOwn(option, "description");
    // The label stays exact: it is the answer value the gateway checks.
    options.push(
      typeof description === "string" && description.trim()
        ? { label, description: clipUtf16(description, MAX_RECORD_DESCRIPTION_LENGTH) }
        : { label },
    );
  }
  return options.length === length ? options : undefined;
}

function readArrayLength(reader: FieldReader, path: Path, value: unknown): number | undefined {
  const isArray = isArraySafe(value);
  if (isArray !== true) {
    if (isArray === UNREADABLE) reader.reportUnreadable(path);
    else reader.reportType(path, "an array", value);
    return undefined;
  }
  const length = arrayLength(value as unknown[]);
  if (length === UNREADABLE) {
    reader.reportUnreadable(path);
    return undefined;
  }
  return length;
}
