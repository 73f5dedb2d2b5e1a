import { isEpochMs, readVersionedList } from "./summary-codec.js";

/**
 * localStorage gives an origin about 5 MB, shared with the host app and the drafts, and a summary
 * is 0.3–2 KB of JSON. 200 per session is far more prompts than one chat holds, and 10 sessions of
 * 200 stay near 2 MB. Older chips beyond that are evicted but stay rebuildable from the chat
 * history (`summaryFromToolCall`), which is the durable source.
 */
export const MAX_SUMMARIES_PER_SESSION = 200;

/** One saved summary of a session: its id, when it settled, and its JSON in the index (`["<id>",<atMs>]`). */
export interface IndexEntry {
  readonly id: string;
  readonly atMs: number;
  readonly json: string;
}

export function indexEntry(id: string, atMs: number): IndexEntry {
  return { id, atMs, json: JSON.stringify([id, atMs]) };
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

/**
 * `{"v":2,"entries":[["<id>",<atMs>],…]}` from each entry's JSON, made when it was added: a settle
 * concatenates the short texts instead of serializing every pair again (in Node 20, 1–4 µs
 * instead of 9–36 µs for 100–200 entries).
 */
export function indexText(entries: readonly IndexEntry[]): string {
  let text = '{"v":2,"entries":[';
  for (let index = 0; index < entries.length; index += 1) text += index === 0 ? entries[index]!.json : `,${entries[index]!.json}`;
  return `${text}]}`;
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
  return typeof id === "string" && id !== "" && isEpochMs(atMs) ? indexEntry(id, atMs) : `${at} must be [id, epoch milliseconds]`;
}

/**
 * `entries` with `added` in time order (an id already there moves to its new time; among `added`
 * the last of an id wins), cut to the newest MAX_SUMMARIES_PER_SESSION; `dropped` are the ids cut.
 */
export function mergeEntries(entries: readonly IndexEntry[], added: readonly IndexEntry[]): { entries: IndexEntry[]; dropped: string[] } {
  const addedById = new Map(added.map((entry) => [entry.id, entry]));
  const merged = entries.some((entry) => addedById.has(entry.id)) ? entries.filter((entry) => !addedById.has(entry.id)) : entries.slice();
  // Settles almost always come newest last: then appending keeps the order and the sort is skipped.
  let inOrder = true;
  for (const entry of addedById.values()) {
    if (merged.length > 0 && entry.atMs < merged[merged.length - 1]!.atMs) inOrder = false;
    merged.push(entry);
  }
  if (!inOrder) merged.sort((a, b) => a.atMs - b.atMs);
  const excess = merged.length - MAX_SUMMARIES_PER_SESSION;
  if (excess <= 0) return { entries: merged, dropped: [] };
  return { entries: merged.slice(excess), dropped: merged.slice(0, excess).map((entry) => entry.id) };
}
