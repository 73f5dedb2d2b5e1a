/**
 * Reading untrusted values without ever throwing: getters, Proxy traps and revoked proxies can throw
 * on any reflective operation, so every such operation goes through here.
 */

/** Marks a property or value that exists but could not be read. */
export const UNREADABLE: unique symbol = Symbol("unreadable");
export type Unreadable = typeof UNREADABLE;

export function isArraySafe(value: unknown): boolean | Unreadable {
  try {
    return Array.isArray(value);
  } catch {
    return UNREADABLE;
  }
}

/** A non-null, non-array object (the only shape the contract treats as a record). */
export function isObjectRecord(value: unknown): value is object {
  return typeof value === "object" && value !== null && isArraySafe(value) === false;
}

/** Own enumerable string keys, or UNREADABLE when the object refuses to list them. */
export function ownKeys(value: object): string[] | Unreadable {
  try {
    return Object.keys(value);
  } catch {
    return UNREADABLE;
  }
}

/** An own property's value; inherited properties count as absent. Each call reads once. */
export function readOwn(value: object, key: string): unknown {
  try {
    return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  } catch {
    return UNREADABLE;
  }
}

/** The length of an array, or UNREADABLE. */
export function arrayLength(value: unknown[]): number | Unreadable {
  try {
    const length = value.length;
    return typeof length === "number" && Number.isSafeInteger(length) && length >= 0 ? length : UNREADABLE;
  } catch {
    return UNREADABLE;
  }
}

export function readIndex(value: unknown[], index: number): unknown {
  try {
    return value[index];
  } catch {
    return UNREADABLE;
  }
}

/**
 * Sets a key on a map built from untrusted keys: plain assignment of `__proto__` would replace the
 * prototype instead of adding an entry. Only that key needs a descriptor: every other name on
 * `Object.prototype` is a writable data property, so assigning it adds an own entry.
 */
export function setEntry<T>(map: Record<string, T>, key: string, value: T): void {
  if (key === "__proto__") Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
  else map[key] = value;
}
