import type { PromptSummary } from "../contract/summary.js";
import { parseJson, readSummary, summaryText, timeOf } from "./summary-codec.js";
import { indexText, mergeEntries, readSessionIndex, type SessionIndex } from "./summary-index.js";
import { transcriptSession } from "./transcript-bound.js";
import type { SummaryPersistence, SummaryStorage, SummaryStorageProblem } from "./types.js";

export { MAX_SUMMARIES_PER_SESSION } from "./transcript-bound.js";

export const DEFAULT_SUMMARY_KEY_PREFIX = "ask-user-kit:summaries:";

/** With at most 200 summaries each (`MAX_SUMMARIES_PER_SESSION`), 10 sessions stay near 2 MB. */
export const MAX_SUMMARY_SESSIONS = 10;

export interface SummaryPersistenceOptions {
  keyPrefix?: string;
  /**
   * When staged saves are written: `flush` is called once per burst. Default: a microtask, so all
   * the settles of one turn (a `question.list` of terminal records, a reconnect's recovery) cost
   * one index write per session, and the writes still land before the page can unload (no task, so
   * no `pagehide`, runs before the microtasks queued ahead of it). Tests pass their own.
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

/**
 * Settled summaries, layout version 2. Each summary has its own key, `<prefix>v2:["<session>","<id>"]`,
 * and each session an index, `<prefix>v2:"<session>"` = `{"v":2,"entries":[["<id>",<settled ms>],…]}`
 * oldest first (session: the canonical key, `""` for sessionless prompts; the keys are JSON so no
 * session or id can make two of them alike). A settle writes its summary and its session's index
 * and touches no other summary, so its cost does not grow with the transcript. A storage that
 * cannot list its keys also gets `<prefix>index-v2`, the sessions written.
 *
 * `save` stages; the staged summaries are written by `flush`, scheduled by `options.schedule` (the
 * store also flushes on `destroy`). Nothing here throws: an unreadable index or summary is skipped
 * with a problem naming its key and field, a refused write returns one.
 */
export function createSummaryPersistence(storage: SummaryStorage | null, options: SummaryPersistenceOptions = {}): SummaryPersistence {
  const base = options.keyPrefix ?? DEFAULT_SUMMARY_KEY_PREFIX;
  const schedule = options.schedule ?? queueMicrotask;
  const v2 = `${base}v2:`;
  const sessionsKey = `${base}index-v2`;
  const indexKey = (session: string) => v2 + JSON.stringify(session);
  const summaryKey = (session: string, id: string) => v2 + JSON.stringify([session, id]);
  const listable = storage !== null && canList(storage);
  /** Each session's index as last read or written here. */
  const indexes = new Map<string, SessionIndex>();
  /** Summaries saved and not yet written, by session, one per id (the newest save wins). */
  let staged = new Map<string, Map<string, PromptSummary>>();
  let scheduled = false;
  let full = false;

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
      return null;
    } catch (error) {
      return { kind: "summary-storage-full", key, detail: `the storage refused the write (${errorText(error)})` };
    }
  };

  const remove = (key: string) => {
    try {
      storage!.removeItem(key);
    } catch {
      // Left behind; loads read only what an index lists, and still bound it.
    }
  };

  const listKeys = (start: string): string[] => {
    try {
      const keys: string[] = [];
      for (let index = 0; index < storage!.length!; index += 1) {
        const key = storage!.key!(index);
        if (typeof key === "string" && key.startsWith(start)) keys.push(key);
      }
      return keys;
    } catch {
      return [];
    }
  };

  /** The sessions written: found by their index keys, or read from the sessions index where keys cannot be listed. */
  const sessionNames = (problems?: SummaryStorageProblem[]): string[] => {
    if (!listable) {
      const text = read(sessionsKey);
      if (text === null) return [];
      const names = parseJson(text);
      if (Array.isArray(names) && names.every((name) => typeof name === "string")) return names as string[];
      problems?.push(corrupt(sessionsKey, "the session index is not a JSON array of strings"));
      return [];
    }
    const names: string[] = [];
    for (const key of listKeys(`${v2}"`)) {
      const name = parseJson(key.slice(v2.length));
      if (typeof name === "string" && indexKey(name) === key) names.push(name);
    }
    return names;
  };

  /** A session's index, re-parsed only when its text changed under us (another tab wrote it). */
  const indexOf = (session: string, problems?: SummaryStorageProblem[]): SessionIndex => {
    const key = indexKey(session);
    const text = read(key);
    const cached = indexes.get(session);
    if (cached && cached.text === text) return cached;
    const { problem, ...index } = readSessionIndex(text);
    if (problem) problems?.push(corrupt(key, problem));
    indexes.set(session, index);
    return index;
  };

  /**
   * Room for a new session: the least recently settled sessions beyond the cap go, with their
   * summaries, and a storage that cannot list keys has its sessions index rewritten.
   */
  const makeRoomFor = (session: string): SummaryStorageProblem | null => {
    const stored = sessionNames()
      .filter((name) => name !== session)
      .map((name) => [name, indexOf(name)] as const)
      .filter(([, index]) => index.text !== null);
    const excess = stored.length + 1 - MAX_SUMMARY_SESSIONS;
    if (excess > 0) {
      stored.sort(([, a], [, b]) => newestMs(a) - newestMs(b));
      for (const [name, index] of stored.splice(0, excess)) {
        for (const entry of index.entries) remove(summaryKey(name, entry.id));
        remove(indexKey(name));
        indexes.delete(name);
      }
    }
    return listable ? null : write(sessionsKey, JSON.stringify([...stored.map(([name]) => name), session]));
  };

  const stage = (session: string, summaries: Iterable<PromptSummary>) => {
    let pending = staged.get(session);
    if (!pending) staged.set(session, (pending = new Map()));
    for (const summary of summaries) {
      // Re-inserted so the map's order stays the order of the saves.
      pending.delete(summary.id);
      pending.set(summary.id, summary);
    }
  };

  /**
   * One session's staged summaries: what lists them is written before them (sessions index, then
   * the session's index), so a refusal part way leaves at worst an entry listed but not written,
   * which a load skips, never a summary no index finds. What was not written is staged again.
   */
  const writeSession = (session: string, added: Map<string, PromptSummary>): SummaryStorageProblem | null => {
    const before = indexOf(session);
    const addedSummaries = [...added.values()];
    const { entries, dropped } = mergeEntries(
      before.entries,
      addedSummaries.map((summary) => ({ id: summary.id, atMs: timeOf(summary) })),
    );
    const text = indexText(entries);
    const refusedListing = (before.text === null ? makeRoomFor(session) : null) ?? write(indexKey(session), text);
    if (refusedListing) {
      stage(session, addedSummaries);
      return refusedListing;
    }
    indexes.set(session, { text, entries });
    // Gone from the index, so removed now, before a refusal below could leave them behind. Only
    // what was stored: a staged summary cut at once was never written.
    for (const id of dropped) if (!added.has(id) || before.entries.some((entry) => entry.id === id)) remove(summaryKey(session, id));
    const cut = new Set(dropped);
    const kept = cut.size === 0 ? addedSummaries : addedSummaries.filter((summary) => !cut.has(summary.id));
    for (let at = 0; at < kept.length; at += 1) {
      const refused = write(summaryKey(session, kept[at]!.id), summaryText(kept[at]!));
      if (refused) {
        stage(session, kept.slice(at));
        return refused;
      }
    }
    return null;
  };

  /** Writes everything staged; returns the first refusal. A full storage refuses the rest too, so they wait for the next write. */
  const writeStaged = (): SummaryStorageProblem | null => {
    const writing = staged;
    staged = new Map();
    let refused: SummaryStorageProblem | null = null;
    for (const [session, added] of writing) {
      if (refused) stage(session, added.values());
      else refused = writeSession(session, added);
    }
    return refused;
  };

  /** A refusal is reported once, until a flush writes everything again, not on every settle. */
  const reportOnce = (refused: SummaryStorageProblem | null) => {
    const report = full ? null : refused;
    full = refused !== null;
    return report;
  };

  const flush = (): SummaryStorageProblem | null => {
    scheduled = false;
    stagedByStorage.get(storage!)?.delete(scheduledFlush);
    return staged.size === 0 ? null : reportOnce(writeStaged());
  };

  const scheduledFlush = () => {
    const failure = flush();
    if (failure) options.onProblem?.(failure);
  };

  /** A session's summaries as its index lists them; bad ones are skipped, with one problem naming the first. */
  const readSession = (session: string, problems: SummaryStorageProblem[]): PromptSummary[] => {
    const summaries: PromptSummary[] = [];
    let firstBad: SummaryStorageProblem | undefined;
    let bad = 0;
    for (const { id } of indexOf(session, problems).entries) {
      const key = summaryKey(session, id);
      const text = read(key);
      // Listed but not written (a refused write, storage cleared by hand): nothing to show.
      if (text === null) continue;
      const summary = readSummary(parseJson(text));
      const detail =
        typeof summary === "string"
          ? summary
          : summary.id === id
            ? null
            : `id is ${JSON.stringify(summary.id)} but the index lists ${JSON.stringify(id)}`;
      if (detail === null) summaries.push(summary as PromptSummary);
      else {
        firstBad ??= corrupt(key, detail);
        bad += 1;
      }
    }
    if (firstBad) problems.push(bad > 1 ? { ...firstBad, detail: `${firstBad.detail} (${bad} summaries skipped)` } : firstBad);
    return summaries;
  };

  return {
    /** Every session's summaries (one per id, the newest), and what had to be skipped or refused. */
    load(): { summaries: PromptSummary[]; problems: SummaryStorageProblem[] } {
      const problems: SummaryStorageProblem[] = [];
      if (!storage) return { summaries: [], problems };
      for (const other of [...(stagedByStorage.get(storage) ?? [])]) other();
      const byId = new Map<string, PromptSummary>();
      const keep = (summary: PromptSummary) => {
        const known = byId.get(summary.id);
        if (!known || timeOf(known) < timeOf(summary)) byId.set(summary.id, summary);
      };
      for (const session of sessionNames(problems)) readSession(session, problems).forEach(keep);
      return { summaries: [...byId.values()], problems };
    },

    /** Stages one summary (added to, or replacing its id in, its session) for the next flush. */
    save(summary: PromptSummary): void {
      if (!storage) return;
      stage(sessionOf(summary), [summary]);
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

function sessionOf(summary: PromptSummary): string {
  return transcriptSession(summary.record);
}

function canList(storage: SummaryStorage): boolean {
  try {
    return typeof storage.key === "function" && typeof storage.length === "number";
  } catch {
    return false;
  }
}

function newestMs(index: SessionIndex): number {
  const last = index.entries.at(-1);
  return last === undefined ? -Infinity : last.atMs;
}

function corrupt(key: string, detail: string): SummaryStorageProblem {
  return { kind: "summary-storage-corrupt", key, detail };
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
