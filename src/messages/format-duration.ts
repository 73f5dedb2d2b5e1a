/**
 * "45 seconds", "2 minutes 5 seconds" in the given locale, built from `Intl.NumberFormat` units
 * (`Intl.DurationFormat` is missing from the Node and browser versions the kit supports).
 */
export function formatDuration(totalSeconds: number, locale: string): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const unit = (name: "minute" | "second", value: number) =>
    new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "long" }).format(value);
  if (minutes === 0) return unit("second", rest);
  if (rest === 0) return unit("minute", minutes);
  return `${unit("minute", minutes)} ${unit("second", rest)}`;
}
