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

function view(snapshot: Snapshot): SettledRecord {
  const entryOf = (key: string | symbol) => (typeof key === "string" ? lookup(snapshot, key) : undefined);
  // Writes are refused like on a frozen object; the store changes `settled` only through a writer.
  const proxy = new Proxy<Record<string, PromptEntry>>(
    {},
    {
      get: (target, key) => entryOf(key) ?? Reflect.get(target, key),
      has: (target, key) => entryOf(key) !== undefined || Reflect.has(target, key),
      ownKeys: () => {
        const ids: string[] = [];
        for (const id of snapshot.history.revisions.keys()) if (lookup(snapshot, id) !== undefined) ids.push(id);
        return ids;
      },
      getOwnPropertyDescriptor: (_, key) => {
        const entry = entryOf(key);
        return entry === undefined ? undefined : { value: entry, writable: false, enumerable: true, configurable: true };
      },
      set: () => false,
      defineProperty: () => false,
      deleteProperty: () => false,
      preventExtensions: () => false,
    },
  );
  snapshots.set(proxy, snapshot);
  return proxy;
}

/** The terminal prompt `id` in `settled` (a view or a plain record a host set), without a Proxy trap. */
export function settledEntry(settled: SettledRecord, id: string): PromptEntry | undefined {
  const snapshot = snapshots.get(settled);
  if (snapshot) return lookup(snapshot, id);
  return Object.hasOwn(settled, id) ? settled[id] : undefined;
}

/** Edits of `settled` for one store action; `finish` returns `base` itself when nothing changed. */
export interface SettledWriter {
  get(id: string): PromptEntry | undefined;
  /** Store `entry` under `id`, or remove `id` with `undefined`. */
  set(id: string, entry: PromptEntry | undefined): void;
  finish(): SettledRecord;
}

export function createSettledWriter(base: SettledRecord): SettledWriter {
  let writing: Snapshot | null = null;
  // Looked up once per writer: a burst of arrivals reads `settled` twice per record.
  const known = snapshots.get(base);
  const read = (id: string) => (writing ? lookup(writing, id) : known ? lookup(known, id) : Object.hasOwn(base, id) ? base[id] : undefined);

  /** Extends the shared history when `base` is its newest view; otherwise (a plain record, or a state set back) starts a new one. */
  const open = (): Snapshot => {
    if (writing) return writing;
    let history: History;
    if (known && known.version === known.history.head) {
      history = known.history;
    } else {
      history = { revisions: new Map(), head: 0 };
      for (const id of Object.keys(base)) history.revisions.set(id, [{ version: 0, entry: base[id] }]);
    }
    history.head += 1;
    return (writing = { history, version: history.head });
  };

  return {
    get: read,
    set(id, entry) {
      if (read(id) === entry) return;
      const snapshot = open();
      const revisions = snapshot.history.revisions.get(id);
      const last = revisions?.[revisions.length - 1];
      if (last?.version === snapshot.version) last.entry = entry;
      else if (revisions) revisions.push({ version: snapshot.version, entry });
      else snapshot.history.revisions.set(id, [{ version: snapshot.version, entry }]);
    },
    finish: () => (writing ? view(writing) : base),
  };
}
