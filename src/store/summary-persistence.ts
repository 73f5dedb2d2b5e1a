import { parseQuestionRecord } from "../contract/parse-record.js";
import { arrayLength, isArraySafe, isObjectRecord, ownKeys, readIndex, readOwn, setEntry, UNREADABLE } from "../contract/safe-read.js";
import { canonicalSessionKey } from "../contract/session-key.js";
import type { PromptSummary, SummaryOutcome } from "../contract/summary.js";
import type { AnswerMap } from "../contract/types.js";
import type { SummaryStorage } from "./types.js";

export const DEFAULT_SUMMARY_KEY_PREFIX = "ask-user-kit:summaries:";

/**
 * localStorage gives an origin about 5 MB, shared with the host app and the drafts, and a summary
 * is 0.3–2 KB of JSON. 200 per session is far more prompts than one chat holds, and 10 sessions of
 * 200 stay near 2 MB. Older chips beyond that are evicted here but stay rebuildable from the chat
 * history (`summaryFromToolCall`), which is the durable source.
 */
export const MAX_SUMMARIES_PER_SESSION = 200;
export const MAX_SUMMARY_SESSIONS = 10;

export interface SummaryStorageProblem {
  kind: "summary-storage-corrupt" | "summary-storage-full";
  /** The storage key concerned. */
  key: string;
  /** What is wrong, naming the field. */
  detail: string;
}

/**
 * Web Storage can list its keys (`length`, `key(i)`), so `load` finds every session's document; a
 * storage that only gets and sets instead gets an index key listing the sessions written.
 */

/** What this store last read from or wrote to one key, so a settle does not re-parse what it holds. */
interface Doc {
  text: string | null;
  /** Oldest first (by `resolvedAtMs`, else `record.createdAtMs`). */
  summaries: PromptSummary[];
}

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

/**
 * Settled summaries, one versioned document `{v: 1, summaries}` per session under
 * `<prefix>v1:<canonical session key>` (`_` for sessionless prompts). Nothing here throws: an
 * unreadable document or entry is skipped with a problem, a refused write returns one.
 */
export function createSummaryPersistence(storage: SummaryStorage | null, options: { keyPrefix?: string } = {}) {
  const base = options.keyPrefix ?? DEFAULT_SUMMARY_KEY_PREFIX;
  const prefix = `${base}v1:`;
  const indexKey = `${base}index-v1`;
  const listable = storage !== null && canList(storage);
  let docs: Map<string, Doc> | null = null;
  let full = false;

  const keyOf = (sessionKey: string | undefined) => prefix + (canonicalSessionKey(sessionKey ?? "") || "_");

  const read = (key: string): string | null => {
    try {
      const text = storage!.getItem(key);
      return typeof text === "string" ? text : null;
    } catch {
      // A storage that refuses reads (privacy mode) simply has nothing saved.
      return null;
    }
  };

  const write = (key: string, text: string): SummaryStorageProblem | null => {
    try {
      storage!.setItem(key, text);
      full = false;
      return null;
    } catch (error) {
      // Reported once until a write succeeds again, not on every settle.
      if (full) return null;
      full = true;
      return { kind: "summary-storage-full", key, detail: `the storage refused the write (${errorText(error)})` };
    }
  };

  const listKeys = (problems: SummaryStorageProblem[]): string[] => {
    if (listable) {
      try {
        const keys: string[] = [];
        for (let index = 0; index < storage!.length!; index += 1) {
          const key = storage!.key!(index);
          if (typeof key === "string" && key.startsWith(prefix)) keys.push(key);
        }
        return keys;
      } catch {
        return [];
      }
    }
    const text = read(indexKey);
    if (text === null) return [];
    const names = parseJson(text);
    if (isArraySafe(names) === true && (names as unknown[]).every((name) => typeof name === "string")) return (names as string[]).map((name) => prefix + name);
    problems.push({ kind: "summary-storage-corrupt", key: indexKey, detail: "the session index is not a JSON array of strings" });
    return [];
  };

  const loadAll = (problems: SummaryStorageProblem[]): Map<string, Doc> => {
    const loaded = new Map<string, Doc>();
    for (const key of listKeys(problems)) loaded.set(key, readDoc(key, read(key), problems));
    return loaded;
  };

  /** Drops the least recently settled sessions beyond the cap (never `keep`, just written). */
  const evictSessions = (known: Map<string, Doc>, keep: string) => {
    const stored = [...known].filter(([key, doc]) => key !== keep && doc.text !== null);
    const excess = stored.length + 1 - MAX_SUMMARY_SESSIONS;
    if (excess <= 0) return;
    stored.sort(([, a], [, b]) => newestMs(a) - newestMs(b));
    for (const [key] of stored.slice(0, excess)) {
      try {
        storage!.removeItem(key);
      } catch {
        // Left behind; the next load still bounds what it returns.
      }
      known.delete(key);
    }
  };

  const writeIndex = (known: Map<string, Doc>) =>
    listable ? null : write(indexKey, JSON.stringify([...known].filter(([, doc]) => doc.text !== null).map(([key]) => key.slice(prefix.length))));

  return {
    /** Every session's summaries (one per id), and what had to be skipped. */
    load(): { summaries: PromptSummary[]; problems: SummaryStorageProblem[] } {
      const problems: SummaryStorageProblem[] = [];
      if (!storage) return { summaries: [], problems };
      docs = loadAll(problems);
      const byId = new Map<string, PromptSummary>();
      for (const doc of docs.values()) {
        for (const summary of doc.summaries) {
          const known = byId.get(summary.id);
          if (!known || timeOf(known) < timeOf(summary)) byId.set(summary.id, summary);
        }
      }
      return { summaries: [...byId.values()], problems };
    },

    /** Adds or replaces one summary in its session's document; a refused write is returned, once. */
    save(summary: PromptSummary): SummaryStorageProblem | null {
      if (!storage) return null;
      const all = (docs ??= loadAll([]));
      const key = keyOf(summary.record.sessionKey);
      const current = read(key);
      const cached = all.get(key);
      // Re-parse only when the text changed under us (another tab of the same origin wrote it).
      const doc = cached && cached.text === current ? cached : readDoc(key, current, []);
      const summaries = doc.summaries.filter((saved) => saved.id !== summary.id);
      summaries.push(summary);
      summaries.sort((a, b) => timeOf(a) - timeOf(b));
      const kept = summaries.slice(-MAX_SUMMARIES_PER_SESSION);
      const text = JSON.stringify({ v: 1, summaries: kept });
      const failure = write(key, text);
      // A refused write keeps the summary in memory; the next successful write carries it along.
      all.set(key, { text: full ? doc.text : text, summaries: kept });
      // A new session's document: the oldest sessions beyond the cap make room for it.
      if (full || doc.text !== null) return failure;
      evictSessions(all, key);
      return writeIndex(all);
    },
  };
}

function canList(storage: SummaryStorage): boolean {
  try {
    return typeof storage.key === "function" && typeof storage.length === "number";
  } catch {
    return false;
  }
}

/** One key's document; every bad entry is skipped, and the key gets one problem naming the first. */
function readDoc(key: string, text: string | null, problems: SummaryStorageProblem[]): Doc {
  const doc: Doc = { text, summaries: [] };
  if (text === null) return doc;
  const corrupt = (detail: string) => {
    problems.push({ kind: "summary-storage-corrupt", key, detail });
    return doc;
  };
  const parsed = parseJson(text);
  if (!isObjectRecord(parsed)) return corrupt("the document is not a JSON object");
  const version = readOwn(parsed, "v");
  if (version !== 1) return corrupt(`v is ${JSON.stringify(version) ?? "missing"}; only version 1 documents are read`);
  const entries = readOwn(parsed, "summaries");
  if (isArraySafe(entries) !== true) return corrupt("summaries is not an array");
  const length = arrayLength(entries as unknown[]);
  if (length === UNREADABLE) return corrupt("summaries is not an array");
  let firstBad: string | undefined;
  let bad = 0;
  for (let index = 0; index < length; index += 1) {
    const result = readSummary(readIndex(entries as unknown[], index), `summaries[${index}]`);
    if (typeof result === "string") {
      firstBad ??= result;
      bad += 1;
    } else doc.summaries.push(result);
  }
  if (firstBad !== undefined) corrupt(bad > 1 ? `${firstBad} (${bad} entries skipped)` : firstBad);
  doc.summaries.sort((a, b) => timeOf(a) - timeOf(b));
  doc.summaries = doc.summaries.slice(-MAX_SUMMARIES_PER_SESSION);
  return doc;
}

/** A stored summary checked field by field, or what is wrong with it. */
function readSummary(raw: unknown, at: string): PromptSummary | string {
  if (!isObjectRecord(raw)) return `${at} is not an object`;
  const id = readOwn(raw, "id");
  if (typeof id !== "string" || id === "") return `${at}.id must be a non-empty string`;
  const outcome = readOwn(raw, "outcome");
  if (typeof outcome !== "string" || !Object.hasOwn(OUTCOMES, outcome)) return `${at}.outcome must be one of ${Object.keys(OUTCOMES).join(", ")}`;
  const record = parseQuestionRecord(readOwn(raw, "record"));
  if (!record.ok) return `${at}.record: ${record.errors[0]?.message ?? "unreadable"}`;
  const answers = readAnswerMap(readOwn(raw, "answers"), `${at}.answers`);
  if (typeof answers === "string") return answers;
  const unsent = readAnswerMap(readOwn(raw, "unsent"), `${at}.unsent`);
  if (typeof unsent === "string") return unsent;
  const resolvedAtMs = readOwn(raw, "resolvedAtMs");
  const validTime = typeof resolvedAtMs === "number" && Number.isFinite(resolvedAtMs) && resolvedAtMs >= 0;
  if (resolvedAtMs !== undefined && !validTime) return `${at}.resolvedAtMs must be non-negative epoch milliseconds`;
  return {
    id,
    record: record.value,
    outcome: outcome as SummaryOutcome,
    ...(answers ? { answers } : {}),
    ...(unsent ? { unsent } : {}),
    ...(validTime ? { resolvedAtMs } : {}),
  };
}

/** `{ <questionId>: string[] }` exactly as saved (no legacy shapes: this kit wrote it). */
function readAnswerMap(raw: unknown, at: string): AnswerMap | undefined | string {
  if (raw === undefined) return undefined;
  if (!isObjectRecord(raw)) return `${at} must be an object of string arrays`;
  const keys = ownKeys(raw);
  if (keys === UNREADABLE) return `${at} must be an object of string arrays`;
  const map: AnswerMap = {};
  for (const key of keys) {
    const values = readOwn(raw, key);
    if (isArraySafe(values) !== true || !(values as unknown[]).every((value) => typeof value === "string")) return `${at}.${key} must be an array of strings`;
    setEntry(map, key, [...(values as string[])]);
  }
  return map;
}

function timeOf(summary: PromptSummary): number {
  return summary.resolvedAtMs ?? summary.record.createdAtMs;
}

function newestMs(doc: Doc): number {
  const last = doc.summaries.at(-1);
  return last === undefined ? -Infinity : timeOf(last);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
