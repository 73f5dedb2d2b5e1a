import { MAX_ANSWER_KEYS, MAX_ANSWER_VALUES, TERMINAL_STATUSES } from "./parse-record.js";
import type { QuestionResolvedEvent } from "./types.js";

/**
 * `adoptJsonRecord`'s counterpart for `question.resolved` (see `src/contract/json-record.ts`, same
 * terms: only `JSON.parse` output nobody else holds). Every resolve this client sends comes back
 * as one such broadcast, already in the form `parseResolvedEvent` returns — `id`, `status`, then
 * optionally `answers: { answers: { questionId: string[] } }`, nothing else — so it is kept as it
 * arrived instead of rebuilt object by object. Anything the parser would drop, convert, cap or
 * refuse (another field or order, a legacy answers shape, a non-string value, an empty key)
 * returns undefined, and the parser takes over.
 */
export function adoptJsonResolvedEvent(json: unknown): QuestionResolvedEvent | undefined {
  if (!isJsonObject(json)) return undefined;
  let next = 0;
  let seen = 0;
  for (const key in json) {
    const index = hasOwnProperty.call(json, key) ? EVENT_FIELDS.indexOf(key, next) : -1;
    if (index < 0 || !validEventField(key, json[key])) return undefined;
    next = index + 1;
    seen |= 1 << index;
  }
  // id and status are required: without one the parser refuses the event.
  return (seen & 0b11) === 0b11 ? (json as unknown as QuestionResolvedEvent) : undefined;
}

/** The parser's fields in its order. */
const EVENT_FIELDS = ["id", "status", "answers"];

/** `hasOwnProperty` for the reason given in json-record.ts: inside `for…in` it is a shape check. */
const hasOwnProperty = Object.prototype.hasOwnProperty;

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function validEventField(key: string, value: unknown): boolean {
  switch (key) {
    case "id":
      return typeof value === "string" && value.trim() !== "";
    case "status":
      return (TERMINAL_STATUSES as readonly unknown[]).includes(value);
    default:
      return validEnvelope(value);
  }
}

/** `{ answers: map }` and nothing else: the parser's envelope holds only the map. */
function validEnvelope(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  for (const key in value) if (key !== "answers" || !hasOwnProperty.call(value, key)) return false;
  return hasOwnProperty.call(value, "answers") && validAnswerMap(value.answers);
}

/** Question ids (none empty, at most the parser's cap) to arrays of strings it would keep whole. */
function validAnswerMap(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  let count = 0;
  for (const key in value) {
    if (key === "" || !hasOwnProperty.call(value, key) || ++count > MAX_ANSWER_KEYS) return false;
    const values = value[key];
    if (!Array.isArray(values) || values.length > MAX_ANSWER_VALUES) return false;
    for (let index = 0; index < values.length; index += 1) if (typeof values[index] !== "string") return false;
  }
  return true;
}
