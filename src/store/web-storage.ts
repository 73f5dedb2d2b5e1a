import type { DraftStorage } from "./types.js";

/**
 * The host's `sessionStorage` or `localStorage`, or null where it has none. Reading either can
 * itself throw (sandboxed iframes, some privacy modes), which means "no storage" too.
 */
export function webStorage<Storage extends DraftStorage = DraftStorage>(name: "sessionStorage" | "localStorage"): Storage | null {
  try {
    return ((globalThis as { [key: string]: unknown })[name] as Storage | undefined) ?? null;
  } catch {
    return null;
  }
}
