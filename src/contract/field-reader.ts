import { contractError, describeType } from "./errors.js";
import { isArraySafe, readOwn, UNREADABLE } from "./safe-read.js";
import type { ContractError } from "./types.js";

export type Path = readonly (string | number)[];

/** `["questions", 1, "label"]` → `questions[1].label`: how messages name a field. */
export function fieldName(path: Path): string {
  let name = "";
  for (const segment of path) name += typeof segment === "number" ? `[${segment}]` : name ? `.${segment}` : segment;
  return name || "The input";
}

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
}
