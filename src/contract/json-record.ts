import { MAX_RECORD_DESCRIPTION_LENGTH, MAX_RECORD_HEADER_LENGTH, MAX_RECORD_QUESTION_LENGTH, QUESTION_ID_PATTERN } from "./limits.js";
import { MAX_RECORD_OPTIONS, MAX_RECORD_QUESTIONS, STATUSES } from "./parse-record.js";
import type { QuestionRecord } from "./types.js";

/**
 * A gateway's record is almost always already in the form `parseQuestionRecord` returns: the same
 * fields in the same order, nothing to clip or drop. Such a record can be kept as it arrived
 * instead of being copied object by object — a burst keeps thousands, and every copy is garbage
 * made and a kept object moved through the young generation.
 *
 * Only for `JSON.parse` output that nobody else holds (the connection says so per event, see
 * `src/client/sole-delivery.ts`): the reads here are plain property reads, which only JSON data
 * makes total, and the record is kept, not copied, so a holder that changed it later would change
 * the store's record. Anything else — unknown or legacy fields, a field the parser would clip,
 * default or drop, any invalid value — returns undefined, and the full parser takes over (with
 * its errors for what is wrong).
 */
export function adoptJsonRecord(json: unknown): QuestionRecord | undefined {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
  const record = json as Record<string, unknown>;
  let next = 0;
  let seen = 0;
  for (const key in record) {
    next = fieldAfter(RECORD_FIELDS, next, record, key);
    if (next < 0 || !validRecordField(key, record[key])) return undefined;
    seen |= 1 << (next - 1);
  }
  // id, questions, createdAtMs, expiresAtMs and status are required: without one the parser defaults it or refuses.
  return (seen & RECORD_REQUIRED) === RECORD_REQUIRED ? (record as unknown as QuestionRecord) : undefined;
}

/** The record's fields in the parser's order. `answers` is absent on purpose: the parser rebuilds it. */
const RECORD_FIELDS = ["id", "questions", "agentId", "sessionKey", "runId", "createdAtMs", "expiresAtMs", "status", "resolvedBy"] as const;
const QUESTION_FIELDS = ["questionId", "header", "question", "options", "multiSelect", "isOther"] as const;
const OPTION_FIELDS = ["label", "description"] as const;

/**
 * Required fields as bits of their positions in the field lists. The walks below set a field's bit
 * when `for…in` meets it as an own field, so the required check costs no lookups (own fields only,
 * like the parser's reads: an inherited one would be a default the parser writes).
 */
const RECORD_REQUIRED = requiredBits(RECORD_FIELDS, ["id", "questions", "createdAtMs", "expiresAtMs", "status"]);
const QUESTION_REQUIRED = requiredBits(QUESTION_FIELDS, ["questionId", "header", "question", "options"]);
const OPTION_REQUIRED = requiredBits(OPTION_FIELDS, ["label"]);

function requiredBits(fields: readonly string[], required: readonly string[]): number {
  let bits = 0;
  for (const key of required) bits |= 1 << fields.indexOf(key);
  return bits;
}

/**
 * `hasOwnProperty` rather than `Object.hasOwn`: inside `for…in` V8 turns it into a check of the
 * object's shape, where `Object.hasOwn` stays a call (about 3× the cost, on every field of a burst).
 */
const hasOwnProperty = Object.prototype.hasOwnProperty;

/**
 * The position after `key` in `fields`, searching from `from` (so the order is the parser's); -1
 * when it is not there, or when `for…in` found it on the prototype (the parser reads own fields only).
 */
function fieldAfter(fields: readonly string[], from: number, object: object, key: string): number {
  if (!hasOwnProperty.call(object, key)) return -1;
  for (let index = from; index < fields.length; index += 1) if (fields[index] === key) return index + 1;
  return -1;
}

function validRecordField(key: string, value: unknown): boolean {
  switch (key) {
    case "id":
      return typeof value === "string" && value.trim() !== "";
    case "questions":
      return validQuestions(value);
    case "createdAtMs":
    case "expiresAtMs":
      return typeof value === "number" && Number.isFinite(value) && value >= 0;
    case "status":
      return (STATUSES as readonly unknown[]).includes(value);
    default:
      // agentId, sessionKey, runId, resolvedBy: the parser keeps only non-empty strings.
      return typeof value === "string" && value !== "";
  }
}

function validQuestions(value: unknown): boolean {
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_RECORD_QUESTIONS) return false;
  for (let index = 0; index < value.length; index += 1) {
    const question: unknown = value[index];
    if (!validQuestion(question)) return false;
    const id = (question as { questionId: string }).questionId;
    for (let earlier = 0; earlier < index; earlier += 1) if ((value[earlier] as { questionId: string }).questionId === id) return false;
  }
  return true;
}

function validQuestion(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const question = value as Record<string, unknown>;
  let next = 0;
  let seen = 0;
  for (const key in question) {
    next = fieldAfter(QUESTION_FIELDS, next, question, key);
    if (next < 0 || !validQuestionField(key, question[key])) return false;
    seen |= 1 << (next - 1);
  }
  return (seen & QUESTION_REQUIRED) === QUESTION_REQUIRED;
}

function validQuestionField(key: string, value: unknown): boolean {
  switch (key) {
    case "questionId":
      return typeof value === "string" && QUESTION_ID_PATTERN.test(value);
    case "header":
      return typeof value === "string" && value.length <= MAX_RECORD_HEADER_LENGTH;
    case "question":
      return typeof value === "string" && value.length <= MAX_RECORD_QUESTION_LENGTH && value.trim() !== "";
    case "options":
      return validOptions(value);
    case "multiSelect":
      // The parser keeps `multiSelect` only when it is true.
      return value === true;
    default:
      return typeof value === "boolean";
  }
}

function validOptions(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > MAX_RECORD_OPTIONS) return false;
  for (const option of value) if (!validOption(option)) return false;
  return true;
}

function validOption(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const option = value as Record<string, unknown>;
  let next = 0;
  let seen = 0;
  for (const key in option) {
    next = fieldAfter(OPTION_FIELDS, next, option, key);
    if (next < 0) return false;
    const text = option[key];
    if (typeof text !== "string" || text.trim() === "") return false;
    if (key === "description" && text.length > MAX_RECORD_DESCRIPTION_LENGTH) return false;
    seen |= 1 << (next - 1);
  }
  return (seen & OPTION_REQUIRED) === OPTION_REQUIRED;
}
