import type { PromptEntry } from "./types.js";

/**
 * `state.settled` without copying the transcript on every settle. Each state's `settled` is a
 * read-only record view (a Proxy: lookups, `in`, `for…in`, `Object.keys/values` behave as on a
 * plain object) of one version of a history shared by all the store's states. Each id keeps its
 * revisions, newest last, so a view reads its own version however far the store has moved on,
 * and a settle appends one revision instead of copying every entry.
 */

interface Revision {
  version: number;
  entry: PromptEntry | undefined;
}

interface History {
  /** Revisions by id, in order of first settle (so views enumerate in that order). */
  revisions: Map<string, Revision[]>;
  /** The newest version written; only a view of it may be extended in place. */
  head: number;
  /** Each id a version changed, oldest first: what changed between two views, without comparing every id. */
  changes: { version: number; id: string }[];
}

interface Snapshot {
  history: History;
  version: number;
}

/** What `state.settled` is: terminal prompts by id, read-only. */
export type SettledRecord = Readonly<Record<string, PromptEntry>>;

const snapshots = new WeakMap<object, Snapshot>();

function lookup(snapshot: Snapshot, id: string): PromptEntry | undefined {
  const revisions = snapshot.history.revisions.get(id);
  if (!revisions) return undefined;
  for (let i = revisions.length - 1; i >= 0; i--) {
    const revision = revisions[i]!;
    if (revision.version <= snapshot.version) return revision.entry;
  }
  return undefined;
}

/**
 * The traps of one view. A class, so a settle makes one small object per view instead of a
 * closure per trap (and, under tsx's keep-names transform, no `__name` call per closure).
 */
class SettledTraps implements ProxyHandler<Record<string, PromptEntry>> {
  constructor(private readonly snapshot: Snapshot) {}

  private entryOf(key: string | symbol): PromptEntry | undefined {
    return typeof key === "string" ? lookup(this.snapshot, key) : undefined;
  }

  get(target: Record<string, PromptEntry>, key: string | symbol) {
    return this.entryOf(key) ?? Reflect.get(target, key);
  }

  has(target: Record<string, PromptEntry>, key: string | symbol) {
    return this.entryOf(key) !== undefined || Reflect.has(target, key);
  }

  ownKeys() {
    const ids: string[] = [];
    for (const id of this.snapshot.history.revisions.keys()) if (lookup(this.snapshot, id) !== undefined) ids.push(id);
    return ids;
  }

  getOwnPropertyDescriptor(_: Record<string, PromptEntry>, key: string | symbol) {
    const entry = this.entryOf(key);
    return entry === undefined ? undefined : { value: entry, writable: false, enumerable: true, configurable: true };
  }

  // Writes are refused like on a frozen object; the store changes `settled` only through a writer.
  set() {
    return false;
  }

  defineProperty() {
    return false;
  }

  deleteProperty() {
    return false;
  }

  preventExtensions() {
    return false;
  }
}

function view(snapshot: Snapshot): SettledRecord {
  const proxy = new Proxy<Record<string, PromptEntry>>({}, new SettledTraps(snapshot));
  snapshots.set(proxy, snapshot);
  return proxy;
}

/** The terminal prompt `id` in `settled` (a view or a plain record a host set), without a Proxy trap. */
export function settledEntry(settled: SettledRecord, id: string): PromptEntry | undefined {
  const snapshot = snapshots.get(settled);
  if (snapshot) return lookup(snapshot, id);
  return Object.hasOwn(settled, id) ? settled[id] : undefined;
}

/** The history a view reads (one per store lineage), as a key for memos about its versions; undefined for a plain record. */
export function settledHistory(settled: SettledRecord): object | undefined {
  return snapshots.get(settled)?.history;
}

/**
 * The ids whose entry may differ between `previous` and the later `next`, in the order they
 * changed (an id changed twice is listed twice): read off the shared history, so a settle beside
 * 10,000 settled prompts looks at the one it changed. Undefined when the two are not views of one
 * history (a record a host set, a state set back): the caller then compares every id.
 */
export function changedSettledIds(next: SettledRecord, previous: SettledRecord): readonly string[] | undefined {
  const after = snapshots.get(next);
  const before = snapshots.get(previous);
  if (!after || !before || after.history !== before.history || before.version > after.version) return undefined;
  const log = after.history.changes;
  let first = log.length;
  while (first > 0 && log[first - 1]!.version > before.version) first -= 1;
  const ids: string[] = [];
  for (let i = first; i < log.length && log[i]!.version <= after.version; i += 1) ids.push(log[i]!.id);
  return ids;
}

/** Edits of `settled` for one store action; `finish` returns `base` itself when nothing changed. */
export interface SettledWriter {
  get(id: string): PromptEntry | undefined;
  /** Store `entry` under `id`, or remove `id` with `undefined`. */
  set(id: string, entry: PromptEntry | undefined): void;
  finish(): SettledRecord;
}

export function createSettledWriter(base: SettledRecord): SettledWriter {
  return new HistoryWriter(base);
}

/** A class for the same reason as `SettledTraps`: one object per store action, no closures. */
class HistoryWriter implements SettledWriter {
  private writing: Snapshot | null = null;
  /** Looked up once per writer: a burst of arrivals reads `settled` twice per record. */
  private readonly known: Snapshot | undefined;

  constructor(private readonly base: SettledRecord) {
    this.known = snapshots.get(base);
  }

  get(id: string): PromptEntry | undefined {
    if (this.writing) return lookup(this.writing, id);
    if (this.known) return lookup(this.known, id);
    return Object.hasOwn(this.base, id) ? this.base[id] : undefined;
  }

  set(id: string, entry: PromptEntry | undefined): void {
    if (this.get(id) === entry) return;
    const snapshot = this.open();
    const revisions = snapshot.history.revisions.get(id);
    const last = revisions?.[revisions.length - 1];
    if (last?.version === snapshot.version) {
      last.entry = entry;
      return;
    }
    if (revisions) revisions.push({ version: snapshot.version, entry });
    else snapshot.history.revisions.set(id, [{ version: snapshot.version, entry }]);
    snapshot.history.changes.push({ version: snapshot.version, id });
  }

  finish(): SettledRecord {
    return this.writing ? view(this.writing) : this.base;
  }

  /** Extends the shared history when `base` is its newest view; otherwise (a plain record, or a state set back) starts a new one. */
  private open(): Snapshot {
    if (this.writing) return this.writing;
    const known = this.known;
    let history: History;
    if (known && known.version === known.history.head) {
      history = known.history;
    } else {
      history = { revisions: new Map(), head: 0, changes: [] };
      for (const id of Object.keys(this.base)) history.revisions.set(id, [{ version: 0, entry: this.base[id] }]);
    }
    history.head += 1;
    return (this.writing = { history, version: history.head });
  }
}
