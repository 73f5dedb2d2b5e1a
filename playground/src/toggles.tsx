/**
 * The header's theme and language switches: native radio groups drawn as segmented controls, so
 * arrow keys, the accessible names and "which one is on" come from the browser.
 */
import type { ReactNode } from "react";
import { LANGUAGES, type Language, THEMES, type ThemeChoice } from "./preferences.js";
import { useStrings } from "./use-strings.js";

interface SegmentedProps<T extends string> {
  name: string;
  legend: string;
  value: T;
  options: readonly { value: T; label: string; face: ReactNode; lang?: string }[];
  onChange(value: T): void;
}

function Segmented<T extends string>({ name, legend, value, options, onChange }: SegmentedProps<T>) {
  return (
    <fieldset className="segmented" data-name={name}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="segmented-option" title={option.label}>
          <input type="radio" name={name} value={option.value} checked={option.value === value} onChange={() => onChange(option.value)} />
          <span aria-hidden="true">{option.face}</span>
          <span className="visually-hidden" lang={option.lang}>
            {option.label}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function ThemeToggle({ value, onChange }: { value: ThemeChoice; onChange(theme: ThemeChoice): void }) {
  const strings = useStrings();
  const labels: Record<ThemeChoice, string> = { light: strings.themeLight, dark: strings.themeDark, system: strings.themeSystem };
  return (
    <Segmented
      name="theme"
      legend={strings.theme}
      value={value}
      options={THEMES.map((theme) => ({ value: theme, label: labels[theme], face: THEME_ICONS[theme] }))}
      onChange={onChange}
    />
  );
}

export function LanguageToggle({ value, onChange }: { value: Language; onChange(language: Language): void }) {
  const strings = useStrings();
  return (
    <Segmented
      name="language"
      legend={strings.language}
      value={value}
      options={LANGUAGES.map((language) => ({
        value: language,
        label: strings.languageNames[language],
        face: language.toUpperCase(),
        lang: language,
      }))}
      onChange={onChange}
    />
  );
}

const icon = (children: ReactNode) => (
  <svg
    className="segmented-icon"
    viewBox="0 0 16 16"
    width="16"
    height="16"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.5"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {children}
  </svg>
);

const THEME_ICONS: Record<ThemeChoice, ReactNode> = {
  light: icon(
    <>
      <circle cx="8" cy="8" r="2.75" />
      <path d="M8 1.5v1.25M8 13.25v1.25M1.5 8h1.25M13.25 8h1.25M3.4 3.4l.9.9M11.7 11.7l.9.9M3.4 12.6l.9-.9M11.7 4.3l.9-.9" />
    </>,
  ),
  dark: icon(<path d="M9.5 2.25a5.75 5.75 0 1 0 4.25 7.9A4.6 4.6 0 0 1 9.5 2.25Z" />),
  system: icon(
    <>
      <rect x="1.75" y="2.5" width="12.5" height="8.5" rx="1.25" />
      <path d="M5.5 13.75h5M8 11v2.75" />
    </>,
  ),
};
