/**
 * The page's theme (light, dark, or the system's) and language (English or Vietnamese). Both are
 * kept in localStorage, so a reload and a new tab keep them; `?theme=` and `?lang=` in the URL win
 * once (a link that shows the page dark, say), are stored, and leave the URL so the toggles stay
 * in charge.
 *
 * The theme is the kit's own switch: `data-theme="light" | "dark"` on the root element picks the
 * side of every `--ask-user-*` token (src/theme/tokens.css); no attribute follows the system.
 */
import { useCallback, useEffect, useState } from "react";

export type ThemeChoice = "light" | "dark" | "system";
export type Language = "en" | "vi";

export interface Preferences {
  theme: ThemeChoice;
  language: Language;
}

export const THEMES: readonly ThemeChoice[] = ["light", "dark", "system"];
export const LANGUAGES: readonly Language[] = ["en", "vi"];
export const DEFAULT_PREFERENCES: Preferences = { theme: "system", language: "en" };

export const STORAGE_KEY = "ask-user-kit-playground:preferences:v1";
const URL_PARAMS = { theme: "theme", language: "lang" } as const;

/** What a store of preferences needs: `localStorage`, or a stand-in in tests. */
export type PreferenceStorage = Pick<Storage, "getItem" | "setItem">;

const isTheme = (value: unknown): value is ThemeChoice => THEMES.includes(value as ThemeChoice);
const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/** The stored preferences with the URL's laid over them; anything unreadable is the default. */
export function readPreferences(href: string, storage: PreferenceStorage | undefined): Preferences {
  let stored: Partial<Record<keyof Preferences, unknown>> = {};
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "null");
    if (typeof parsed === "object" && parsed !== null) stored = parsed;
  } catch {
    // Unreadable or blocked storage: the defaults.
  }
  const params = new URL(href).searchParams;
  // A parameter that names no theme (a typo in a link) does not undo the stored choice.
  return {
    theme: [params.get(URL_PARAMS.theme), stored.theme].find(isTheme) ?? DEFAULT_PREFERENCES.theme,
    language: [params.get(URL_PARAMS.language), stored.language].find(isLanguage) ?? DEFAULT_PREFERENCES.language,
  };
}

export function writePreferences(storage: PreferenceStorage | undefined, preferences: Preferences): void {
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify(preferences));
  } catch {
    // Full or blocked: the choice lasts until the page closes.
  }
}

/** `href` without the preference parameters (undefined when it has none). */
export function withoutPreferenceParams(href: string): string | undefined {
  const url = new URL(href);
  const present = Object.values(URL_PARAMS).filter((name) => url.searchParams.has(name));
  if (present.length === 0) return undefined;
  for (const name of present) url.searchParams.delete(name);
  return url.href;
}

/** Puts the choice on the document: the theme attribute the kit's tokens read, and the page's language. */
export function applyPreferences(root: HTMLElement, { theme, language }: Preferences): void {
  if (theme === "system") root.removeAttribute("data-theme");
  else root.setAttribute("data-theme", theme);
  root.lang = language;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Reads, applies and stores the preferences; call before the first render so the page never flashes the other theme. */
export function loadPreferences(): Preferences {
  const preferences = readPreferences(location.href, storage());
  applyPreferences(document.documentElement, preferences);
  writePreferences(storage(), preferences);
  const clean = withoutPreferenceParams(location.href);
  if (clean !== undefined) history.replaceState(history.state, "", clean);
  return preferences;
}

/** The preferences and a setter that applies and stores a change; other tabs' changes follow. */
export function usePreferences(initial: Preferences): [Preferences, (change: Partial<Preferences>) => void] {
  const [preferences, setPreferences] = useState(initial);

  useEffect(() => {
    applyPreferences(document.documentElement, preferences);
  }, [preferences]);

  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) setPreferences(readPreferences(location.href, storage()));
    };
    window.addEventListener("storage", follow);
    return () => window.removeEventListener("storage", follow);
  }, []);

  const change = useCallback((update: Partial<Preferences>) => {
    setPreferences((current) => {
      const next = { ...current, ...update };
      writePreferences(storage(), next);
      return next;
    });
  }, []);

  return [preferences, change];
}
