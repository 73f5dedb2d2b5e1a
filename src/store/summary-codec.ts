import { readStringList } from "../contract/string-list.js";
import { MAX_SHOWN_LABEL_LENGTH } from "../contract/limits.js";
import { parseQuestionRecord } from "../contract/parse-record.js";
import { isObjectRecord, ownKeys, readOwn, setEntry, UNREADABLE } from "../contract/safe-read.js";
import type { PromptSummary, SummaryOutcome } from "../contract/summary.js";
import type { AnswerMap } from "../contract/types.js";
import { clipUtf16 } from "../contract/utf16.js";

/** Exhaustive on purpose: a new outcome word must be added here before it can be read back. */
const OUTCOMES: Record<SummaryOutcome, true> = {
  answered: true,
  "answered-elsewhere": true,
  skipped: true,
  "skipped-elsewhere": true,
  expired: true,
  "run-ended": true,
  unavailable: true,
  "no-answer": true,
};

/** When a summary settled: what orders a session's summaries and decides which copy is newest. */
export function timeOf(summary: PromptSummary): number {
  return summary.resolvedAtMs ?? summary.record.createdAtMs;
}

/**
 * A summary as persisted: labels that are neither its answer nor its unsent draft clipped to what
 * is shown (`MAX_SHOWN_LABEL_LENGTH`), so a hostile record's 100,000-character labels cannot make
 * the saved transcript megabytes.
 */
export function summaryText(summary: PromptSummary): string {
  return JSON.stringify(clipUnchosenLabels(summary));
}

function clipUnchosenLabels(summary: PromptSummary): PromptSummary {
  const long = summary.record.questions.some((question) => question.options.some((option) => option.label.length > MAX_SHOWN_LABEL_LENGTH));
  if (!long) return summary;
  const kept = (questionId: string, label: string) =>
    (Object.hasOwn(summary.answers ?? {}, questionId) && summary.answers![questionId]!.includes(label)) ||
    (Object.hasOwn(summary.unsent ?? {}, questionId) && summary.unsent![questionId]!.includes(label));
  const questions = summary.record.questions.map((question) => ({
    ...question,
    options: question.options.map((option) =>
      option.label.length <= MAX_SHOWN_LABEL_LENGTH || kept(question.questionId, option.label)
        ? option
        : { ...option, label: clipUtf16(option.label, MAX_SHOWN_LABEL_LENGTH) },
    ),
  }));
  return { ...summary, record: { ...summary.record, questions } };
}

/** A stored summary checked field by field, or what is wrong with it (naming the field). */
export function readSummary(raw: unknown): PromptSummary | string {
  if (!isObjectRecord(raw)) return "the summary is not an object";
  const id = readOwn(raw, "id");
  if (typeof id !== "string" || id === "") return "id must be a non-empty string";
  const outcome = readOwn(raw, "outcome");
  if (typeof outcome !== "string" || !Object.hasOwn(OUTCOMES, outcome)) return `outcome must be one of ${Object.keys(OUTCOMES).join(", ")}`;
  const record = parseQuestionRecord(readOwn(raw, "record"));
  if (!record.ok) return `record: ${record.errors[0]?.message ?? "unreadable"}`;
  const answers = readAnswerMap(readOwn(raw, "answers"), "answers");
  if (typeof answers === "string") return answers;
  const unsent = readAnswerMap(readOwn(raw, "unsent"), "unsent");
  if (typeof unsent === "string") return unsent;
  const resolvedAtMs = readOwn(raw, "resolvedAtMs");
  const validTime = isEpochMs(resolvedAtMs);
  if (resolvedAtMs !== undefined && !validTime) return "resolvedAtMs must be non-negative epoch milliseconds";
  return {
    id,
    record: record.value,
    outcome: outcome as SummaryOutcome,
    ...(answers ? { answers } : {}),
    ...(unsent ? { unsent } : {}),
    ...(validTime ? { resolvedAtMs } : {}),
  };
}

export function isEpochMs(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0;
}

/** `{ <questionId>: string[] }` exactly as saved (no legacy shapes: this kit wrote it). */
function readAnswerMap(raw: unknown, at: string): AnswerMap | undefined | string {
  if (raw === undefined) return undefined;
  const keys = isObjectRecord(raw) ? ownKeys(raw) : UNREADABLE;
  if (keys === UNREADABLE) return `${at} must be an object of string arrays`;
  const map: AnswerMap = {};
  for (const key of keys) {
    const values = readStringList(readOwn(raw as object, key));
    if (typeof values === "string") return `${at}.${key} ${values}`;
    setEntry(map, key, values);
  }
  return map;
}

/**
 * A stored `{"v": <version>, "<field>": [...]}` (a session's index). Each item is read by
 * `readItem`, which says what is wrong with a bad one; bad items are skipped and `problem` names
 * the first and how many, or the whole text when it is no such document.
 */
export function readVersionedList<T>(
  text: string,
  version: number,
  what: string,
  field: string,
  readItem: (raw: unknown, at: string) => T | string,
): { items: T[]; problem?: string } {
  const parsed = parseJson(text);
  if (!isObjectRecord(parsed)) return { items: [], problem: `the ${what} is not a JSON object` };
  const found = readOwn(parsed, "v");
  if (found !== version) return { items: [], problem: `v is ${JSON.stringify(found) ?? "missing"}; only version ${version} is read` };
  // JSON.parse makes plain arrays: no getter or proxy to guard against here.
  const raw = readOwn(parsed, field);
  if (!Array.isArray(raw)) return { items: [], problem: `${field} is not an array` };
  const items: T[] = [];
  let firstBad: string | undefined;
  let bad = 0;
  raw.forEach((entry: unknown, index) => {
    const item = readItem(entry, `${field}[${index}]`);
    if (typeof item !== "string") items.push(item);
    else {
      firstBad ??= item;
      bad += 1;
    }
  });
  return firstBad === undefined ? { items } : { items, problem: bad > 1 ? `${firstBad} (${bad} entries skipped)` : firstBad };
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
