import { en } from "./en.js";
import type { AskUserMessages } from "./types.js";

/**
 * The catalogue to use — English, or a whole catalogue such as the shipped `vi` — with `overrides`
 * laid over it. Languages are passed as catalogues, not looked up by tag: a tag table would put
 * every language into every host's bundle. Any other tag falls back to English rather than
 * throwing into the host's render, with a warning that names the fix.
 */
export function resolveMessages(locale: "en" | AskUserMessages | undefined, overrides?: Partial<AskUserMessages>): AskUserMessages {
  let base = en;
  if (typeof locale === "object" && locale !== null) base = locale;
  else if (locale !== undefined && locale !== "en") {
    console.warn(
      `ask-user-kit: locale ${JSON.stringify(locale)} is not a catalogue; using English. Pass one instead, e.g. \`import { vi } from "ask-user-kit"\` and \`locale={vi}\`.`,
    );
  }
  if (!overrides) return base;
  const merged: AskUserMessages = { ...base };
  for (const key of Object.keys(overrides) as (keyof AskUserMessages)[]) {
    // An explicit `undefined` in a partial must not erase a string the components rely on.
    if (overrides[key] !== undefined) Object.assign(merged, { [key]: overrides[key] });
  }
  return merged;
}
