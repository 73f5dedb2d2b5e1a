import { contractError, describeType } from "./errors.js";
import { isArraySafe, ownKeys, readOwn, UNREADABLE } from "./safe-read.js";
import type { ContractError } from "./types.js";

export type Path = readonly (string | number)[];

/** `["questions", 1, "label"]` → `questions[1].label`: how messages name a field. */
export function fieldName(path: Path): string {
  let name = "";
  for (const segment of path) name += typeof segment === "number" ? `[${segment}]` : name ? `.${segment}` : segment;
  return name || "The input";
}

/** Past this many, unknown fields of one object are summarised in a single error. */
const UNKNOWN_FIELD_REPORT_LIMIT = 10;

/** Collects problems while reading one untrusted value; every read is total (never throws). */
export class FieldReader {
  readonly errors: ContractError[] = [];

  report(path: Path, code: ContractError["code"], message: string): void {
    this.errors.push(contractError(path, code, message));
  }

  /** An own property (`undefined` when absent); UNREADABLE after reporting one that threw. */
  read(object: object, path: Path, key: string): unknown {
    const value = readOwn(object, key);
    if (value === UNREADABLE) this.reportUnreadable([...path, key]);
    return value;
  }

  reportUnreadable(path: Path): void {
    this.report(path, "unreadable", `${fieldName(path)} could not be read (a getter or proxy threw); pass plain JSON data.`);
  }

  /** For a value that should have been an object (a revoked Proxy is unreadable, not mistyped). */
  reportNotObject(path: Path, expected: string, value: unknown): void {
    if (isArraySafe(value) === UNREADABLE) this.reportUnreadable(path);
    else this.reportType(path, expected, value);
  }

  reportType(path: Path, expected: string, value: unknown): void {
    this.report(path, "invalid_type", `${fieldName(path)} must be ${expected}, not ${describeType(value)}.`);
  }

  /** Reports every own key that is not in `allowed`; `owner` names what accepts them in the message. */
  rejectUnknownFields(object: object, path: Path, allowed: readonly string[], owner: string): void {
    const keys = ownKeys(object);
    if (keys === UNREADABLE) {
      this.reportUnreadable(path);
      return;
    }
    const unknown = keys.filter((key) => !allowed.includes(key));
    const accepted = allowed.length > 1 ? `${allowed.slice(0, -1).join(", ")} and ${allowed.at(-1)}` : allowed.join("");
    for (const key of unknown.slice(0, UNKNOWN_FIELD_REPORT_LIMIT)) {
      this.report([...path, key], "unknown_field", `Unknown field ${fieldName([...path, key])}: ${owner} accepts only ${accepted}. Remove it.`);
    }
    if (unknown.length > UNKNOWN_FIELD_REPORT_LIMIT) {
      const more = unknown.length - UNKNOWN_FIELD_REPORT_LIMIT;
      this.report(path, "unknown_field", `${fieldName(path)} has ${more} more unknown fields; ${owner} accepts only ${accepted}.`);
    }
  }

  /**
   * A required string, trimmed. Reports absence, wrong type and blankness (`blankHint` says what to
   * write instead); returns undefined after reporting.
   */
  trimmedString(object: object, path: Path, key: string, blankHint: string): string | undefined {
    const fieldPath = [...path, key];
    const value = this.read(object, path, key);
    if (value === UNREADABLE) return undefined;
    if (value === undefined) {
      this.report(fieldPath, "required", `${fieldName(fieldPath)} is required: ${blankHint}.`);
      return undefined;
    }
    if (typeof value !== "string") {
      this.reportType(fieldPath, "a string", value);
      return undefined;
    }
    const trimmed = value.trim();
    if (!trimmed) {
      this.report(fieldPath, "empty", `${fieldName(fieldPath)} is blank: ${blankHint}.`);
      return undefined;
    }
    return trimmed;
  }
}
