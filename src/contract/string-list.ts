import { describeType } from "./errors.js";
import { arrayLength, isArraySafe, readIndex, UNREADABLE } from "./safe-read.js";

/** More values than any real answer has; beyond it a list is refused rather than walked. */
const MAX_VALUES_PER_ANSWER = 10_000;

/** The strings of an array, or what is wrong with it (a sentence to follow the field's name). */
export function readStringList(raw: unknown): string[] | string {
  if (isArraySafe(raw) !== true) return `must be an array of strings, not ${raw === UNREADABLE ? "an unreadable value" : describeType(raw)}.`;
  const array = raw as unknown[];
  const length = arrayLength(array);
  if (length === UNREADABLE) return "must be an array of strings; its length could not be read.";
  if (length > MAX_VALUES_PER_ANSWER) return `must list at most ${MAX_VALUES_PER_ANSWER} values, not ${length}.`;
  const strings: string[] = [];
  for (let index = 0; index < length; index += 1) {
    const value = readIndex(array, index);
    if (typeof value !== "string") return `must contain only strings; item ${index} is ${value === UNREADABLE ? "unreadable" : describeType(value)}.`;
    strings.push(value);
  }
  return strings;
}
