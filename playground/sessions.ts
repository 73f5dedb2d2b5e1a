/**
 * Chat sessions of the playground, shared by the server and the page. Keys are kept in the
 * gateway's canonical form (`main` → `agent:main:main`), so the page's URL, the demo runs and the
 * gateway's records all spell one session the same way.
 */
import { canonicalSessionKey } from "../src/contract/session-key.js";

/** The default agent's main session: what the page shows without `?session=`. */
export const DEFAULT_SESSION_KEY = "agent:main:main";

/** Sessions the switcher always offers, so there is another one to try. */
export const SUGGESTED_SESSION_KEYS: readonly string[] = [DEFAULT_SESSION_KEY, "agent:main:ops"];

const MAX_SESSION_KEY_LENGTH = 200;

/** The canonical key of `value`, or undefined when it names no session (not a string, blank, too long, control characters). */
export function readSessionKey(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > MAX_SESSION_KEY_LENGTH || /[\u0000-\u001f\u007f]/.test(value)) return undefined;
  return canonicalSessionKey(value) || undefined;
}
