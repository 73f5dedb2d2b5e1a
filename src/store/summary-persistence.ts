import { readStringList } from "../contract/answers.js";
import { parseQuestionRecord } from "../contract/parse-record.js";
import { arrayLength, isArraySafe, isObjectRecord, ownKeys, readIndex, readOwn, setEntry, UNREADABLE } from "../contract/safe-read.js";
import { MAX_SHOWN_LABEL_LENGTH } from "../contract/limits.js";
import { canonicalSessionKey } from "../contract/session-key.js";
import type { PromptSummary, SummaryOutcome } from "../contract/summary.js";
import type { AnswerMap } from "../contract/types.js";
import { clipUtf16 } from "../contract/utf16.js";
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

export interface SummaryPersistenceOptions {
  keyPrefix?: string;
  /**
   * When staged saves are written: `flush` is called once per burst. Default: a microtask, so all
   * the settles of one turn (a `question.list` of terminal records, a reconnect's recovery) cost
   * one write per session, and the write still lands before the page can unload (no task, so no
   * `pagehide`, runs before the microtasks queued ahead of it). Tests pass their own.
   */
  schedule?: (flush: () => void) => void;
  /** A refused write found by a scheduled flush (a direct `flush()` returns it instead). */
  onProblem?: (problem: SummaryStorageProblem) => void;
}

/**
 * Staged saves not yet written, per storage object: a persistence that loads from a storage first
 * writes what any other one (another provider on the page) has staged there, so it reads the same
 * transcript the page would after a reload.
 */
const stagedByStorage = new WeakMap<object, Set<() => unknown>>();

/** The persisted JSON of each summary, made once: a session's document is these texts joined. */
const persistedText = new WeakMap<PromptSummary, string>();

/**
 * Settled summaries, one versioned document `{v: 1, summaries}` per session under
 * `<prefix>v1:<canonical session key>` (`_` for sessionless prompts). Nothing here throws: an
 * unreadable document or entry is skipped with a problem, a refused write returns one.
 *
 * `save` stages; the staged summaries are written by `flush`, scheduled by `options.schedule`
 * (the store also flushes on `destroy`). Each write re-serializes only the summaries it adds: the
 * others' texts are kept from before, and option labels that are neither the answer nor the unsent
 * draft are persisted clipped to what is shown (`MAX_SHOWN_LABEL_LENGTH`), so a hostile record's
 * 100,000-character labels cannot make a session's document megabytes.
 */
export function createSummaryPersistence(storage: SummaryStorage | null, options: SummaryPersistenceOptions = {}) {
  const base = options.keyPrefix ?? DEFAULT_SUMMARY_KEY_PREFIX;
  const schedule = options.schedule ?? queueMicrotask;
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

  /** Summaries saved since the last flush, by document key, one per id (the newest save wins). */
  let staged = new Map<string, Map<string, PromptSummary>>();
  let scheduled = false;

  /** Merges one session's staged summaries into its document and writes it once. */
  const writeDoc = (all: Map<string, Doc>, key: string, added: Map<string, PromptSummary>): SummaryStorageProblem | null => {
    const current = read(key);
    const cached = all.get(key);
    // Re-parse only when the text changed under us (another tab of the same origin wrote it).
    const doc = cached && cached.text === current ? cached : readDoc(key, current, []);
    const summaries = doc.summaries.filter((saved) => !added.has(saved.id));
    // Settles almost always come newest last: then appending keeps the order and the sort (with
    // its comparator called per pair of a document of up to 200, on every settle) is skipped.
    let newest = summaries.length === 0 ? -Infinity : timeOf(summaries[summaries.length - 1]!);
    let inOrder = true;
    for (const summary of added.values()) {
      const time = timeOf(summary);
      if (time < newest) inOrder = false;
      else newest = time;
      summaries.push(summary);
    }
    if (!inOrder) summaries.sort((a, b) => timeOf(a) - timeOf(b));
    const kept = summaries.slice(-MAX_SUMMARIES_PER_SESSION);
    const text = `{"v":1,"summaries":[${kept.map(textOf).join(",")}]}`;
    const failure = write(key, text);
    // A refused write keeps the summaries in memory; the next successful write carries them along.
    all.set(key, { text: full ? doc.text : text, summaries: kept });
    // A new session's document: the oldest sessions beyond the cap make room for it.
    if (full || doc.text !== null) return failure;
    evictSessions(all, key);
    return writeIndex(all) ?? failure;
  };

  /** Writes everything staged; returns the first refused write, if any. */
  const flush = (): SummaryStorageProblem | null => {
    scheduled = false;
    stagedByStorage.get(storage!)?.delete(scheduledFlush);
    if (staged.size === 0) return null;
    const writing = staged;
    staged = new Map();
    const all = (docs ??= loadAll([]));
    let failure: SummaryStorageProblem | null = null;
    for (const [key, added] of writing) failure = writeDoc(all, key, added) ?? failure;
    return failure;
  };

  const scheduledFlush = () => {
    const failure = flush();
    if (failure) options.onProblem?.(failure);
  };

  return {
    /** Whether `save` keeps anything: without a storage the store need not build summaries at all. */
    persists: storage !== null,

    /** Every session's summaries (one per id), and what had to be skipped. */
    load(): { summaries: PromptSummary[]; problems: SummaryStorageProblem[] } {
      const problems: SummaryStorageProblem[] = [];
      if (!storage) return { summaries: [], problems };
      for (const other of [...(stagedByStorage.get(storage) ?? [])]) other();
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

    /** Stages one summary (added to, or replacing its id in, its session's document) for the next flush. */
    save(summary: PromptSummary): void {
      if (!storage) return;
      const key = keyOf(summary.record.sessionKey);
      let session = staged.get(key);
      if (!session) staged.set(key, (session = new Map()));
      session.delete(summary.id);
      session.set(summary.id, summary);
      if (!scheduled) {
        scheduled = true;
        let pending = stagedByStorage.get(storage);
        if (!pending) stagedByStorage.set(storage, (pending = new Set()));
        pending.add(scheduledFlush);
        schedule(scheduledFlush);
      }
    },

    /** Writes what is staged now (the store's `destroy`, tests); returns a refused write, once. */
    flush,
  };
}

/** A summary as persisted: labels that are not its answer or unsent draft clipped to what is shown. */
function textOf(summary: PromptSummary): string {
  let text = persistedText.get(summary);
  if (text === undefined) {
    text = JSON.stringify(clipUnchosenLabels(summary));
    persistedText.set(summary, text);
  }
  return text;
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
      option.label.length <= MAX_SHOWN_LABEL_LENGTH || kept(question.questionId, option.label) ? option : { ...option, label: clipUtf16(option.label, MAX_SHOWN_LABEL_LENGTH) },
    ),
  }));
  return { ...summary, record: { ...summary.record, questions } };
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
  const length = isArraySafe(entries) === true ? arrayLength(entries as unknown[]) : UNREADABLE;
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
