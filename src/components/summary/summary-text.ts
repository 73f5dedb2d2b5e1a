import { MAX_SHOWN_LABEL_LENGTH } from "../../contract/limits.js";
import { formatToolResultText, toToolResult } from "../../contract/tool-result.js";
import { clipUtf16 } from "../../contract/utf16.js";
import type { AskUserMessages } from "../../messages/types.js";
import type { PromptEntry, SummaryLine } from "../../store/index.js";
import { outcomeText } from "../parts/outcome-text.js";

/** What follows `<header>: ` on a chip line: the answers when known, otherwise how it ended. */
export function lineValue(line: SummaryLine, messages: AskUserMessages): string {
  // Shown clipped (a label from an operator client may be any length); "Copy as text" stays exact.
  if (line.values.length > 0) return line.values.map((value) => clipUtf16(value, MAX_SHOWN_LABEL_LENGTH)).join(", ");
  return outcomeText(line.outcome, messages);
}

/**
 * The decision as plain text, for "Copy as text": with answers, exactly the tool's readable form
 * (`<header>: <values joined by ", ">` per question); otherwise the same line shape with the outcome.
 */
export function decisionText(entry: PromptEntry, lines: readonly SummaryLine[], messages: AskUserMessages): string {
  // The answers are known when some line shows them (an outcome without them reads as its word).
  const answers = lines.some((line) => line.values.length > 0) ? entry.answers : undefined;
  if (answers)
    return formatToolResultText(entry.record.questions, toToolResult({ status: "answered", answers: { answers } }), { includeJson: false });
  return lines.map((line) => messages.summaryLine(line.header, lineValue(line, messages))).join("\n");
}

/** What the person typed or picked but never sent, one `<header>: <values>` line per question; null when nothing. */
export function unsentText(lines: readonly SummaryLine[], messages: AskUserMessages): string | null {
  const unsent = lines.filter((line) => line.unsent.length > 0);
  if (unsent.length === 0) return null;
  return unsent.map((line) => messages.summaryLine(line.header, line.unsent.join(", "))).join("\n");
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
  ["second", 1000],
];

/** "5 minutes ago", "yesterday", "now" in the catalogue's locale; the largest whole unit wins. */
export function formatRelativeTime(atMs: number, nowMs: number, locale: string): string {
  const delta = atMs - nowMs;
  const [unit, size] = UNITS.find(([, length]) => Math.abs(delta) >= length) ?? ["second", 1000];
  const format = withLocale(locale, (tag) => new Intl.RelativeTimeFormat(tag, { numeric: "auto" }));
  return format.format(Math.trunc(delta / size), unit);
}

/** The full date and time in the catalogue's locale (the `<time>` element's title). */
export function formatDateTime(atMs: number, locale: string): string {
  return withLocale(locale, (tag) => new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" })).format(atMs);
}

/** A host catalogue with a malformed `locale` gets English dates rather than a crashed transcript. */
function withLocale<T>(locale: string, make: (tag: string) => T): T {
  try {
    return make(locale);
  } catch {
    return make("en");
  }
}
