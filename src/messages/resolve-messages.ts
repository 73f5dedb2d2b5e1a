import { en } from "./en.js";
import type { AskUserLocale, AskUserMessages } from "./types.js";
import { vi } from "./vi.js";

const catalogues: Record<AskUserLocale, AskUserMessages> = { en, vi };

/**
 * The catalogue for a locale (a shipped tag or a whole catalogue), with `overrides` laid over it.
 * An unknown tag falls back to English rather than throwing into the host's render.
 */
export function resolveMessages(
  locale: AskUserLocale | AskUserMessages | undefined,
  overrides?: Partial<AskUserMessages>,
): AskUserMessages {
  const base = typeof locale === "object" && locale !== null ? locale : (catalogues[locale ?? "en"] ?? en);
  if (!overrides) return base;
  const merged: AskUserMessages = { ...base };
  for (const key of Object.keys(overrides) as (keyof AskUserMessages)[]) {
    // An explicit `undefined` in a partial must not erase a string the components rely on.
    if (overrides[key] !== undefined) Object.assign(merged, { [key]: overrides[key] });
  }
  return merged;
}
