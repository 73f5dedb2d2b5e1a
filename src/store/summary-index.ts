import { isEpochMs, readVersionedList } from "./summary-codec.js";
import { MAX_SUMMARIES_PER_SESSION } from "./transcript-bound.js";

/** One saved summary of a session: its id and when it settled. */
export interface IndexEntry {
  readonly id: string;
  readonly atMs: number;
}

/**
 * A session's index: which summaries it holds, oldest first. It is all a settle rewrites besides
 * the settled summary's own key, so its size (a few KB at 200 entries) is what a settle's cost
 * still grows with.
 */
export interface SessionIndex {
  /** The text last read or written here: another text in storage means another tab wrote. */
  text: string | null;
  entries: readonly IndexEntry[];
}

/** `{"v":2,"entries":[["<id>",<atMs>],…]}` */
export function indexText(entries: readonly IndexEntry[]): string {
  return JSON.stringify({ v: 2, entries: entries.map((entry) => [entry.id, entry.atMs]) });
}

/**
 * A stored index read back. Bad entries are skipped; `problem` names the first and how many, or
 * the whole text when it is not an index at all (then the session reads as empty).
 */
export function readSessionIndex(text: string | null): SessionIndex & { problem?: string } {
  if (text === null) return { text, entries: [] };
  const { items, problem } = readVersionedList(text, 2, "index", "entries", readEntry);
  // Hand-edited or foreign text may repeat ids or break the order; a settle relies on neither.
  const { entries } = mergeEntries([], items);
  return problem === undefined ? { text, entries } : { text, entries, problem };
}

function readEntry(raw: unknown, at: string): IndexEntry | string {
  const [id, atMs] = Array.isArray(raw) ? (raw as unknown[]) : [];
  return typeof id === "string" && id !== "" && isEpochMs(atMs) ? { id, atMs } : `${at} must be [id, epoch milliseconds]`;
}

/**
 * `entries` with `added` in time order (an id already there moves to its new time; among `added`
 * the last of an id wins; equal times keep the order they came in), cut to the newest
 * MAX_SUMMARIES_PER_SESSION; `dropped` are the ids cut.
 */
export function mergeEntries(entries: readonly IndexEntry[], added: readonly IndexEntry[]): { entries: IndexEntry[]; dropped: string[] } {
  const addedById = new Map(added.map((entry) => [entry.id, entry]));
  const merged = [...entries.filter((entry) => !addedById.has(entry.id)), ...addedById.values()].sort((a, b) => a.atMs - b.atMs);
  const excess = merged.length - MAX_SUMMARIES_PER_SESSION;
  if (excess <= 0) return { entries: merged, dropped: [] };
  return { entries: merged.slice(excess), dropped: merged.slice(0, excess).map((entry) => entry.id) };
}
