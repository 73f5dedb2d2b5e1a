import { isArraySafe, UNREADABLE } from "./safe-read.js";
import type { ContractError, ContractErrorCode } from "./types.js";

/** RFC 6901 pointer from path segments (`["questions", 1, "id"]` → `/questions/1/id`). */
export function jsonPointer(segments: readonly (string | number)[]): string {
  let pointer = "";
  for (const segment of segments) pointer += `/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`;
  return pointer;
}

export function contractError(path: readonly (string | number)[], code: ContractErrorCode, message: string): ContractError {
  return { path: jsonPointer(path), code, message };
}

const QUOTE_LIMIT = 60;

/** Quotes untrusted text for a message, shortened so a megabyte label cannot bloat the error. */
export function quote(text: string): string {
  const shown = text.length > QUOTE_LIMIT ? `${text.slice(0, QUOTE_LIMIT)}…` : text;
  return `'${shown}'`;
}

/** Names a value's type in words a model or a developer recognises. */
export function describeType(value: unknown): string {
  if (value === null) return "null";
  const isArray = isArraySafe(value);
  if (isArray === UNREADABLE) return "an unreadable value";
  if (isArray) return "an array";
  const type = typeof value;
  // "a string", "a number", "a boolean", "a symbol", "a function"; the rest read better spelled out.
  if (type === "object") return "an object";
  if (type === "bigint") return "a BigInt";
  return type === "undefined" ? type : `a ${type}`;
}
