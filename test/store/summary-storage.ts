import { expect } from "vitest";
import type { PromptSummary } from "../../src/contract/summary.js";
import { DEFAULT_SUMMARY_KEY_PREFIX } from "../../src/store/summary-persistence.js";
import { createMemoryStorage, makeRecord, type MemoryStorage } from "./fixtures.js";

/** Canonical session keys as the store files them ("" for sessionless prompts). */
export const MAIN = "agent:main:main";
export const PROBE = "agent:main:probe";
export const NONE = "";

const V2 = `${DEFAULT_SUMMARY_KEY_PREFIX}v2:`;
export const indexKey = (session: string) => V2 + JSON.stringify(session);
export const summaryKey = (session: string, id: string) => V2 + JSON.stringify([session, id]);
/** The sessions index of a storage that cannot list its keys. */
export const SESSIONS_KEY = `${DEFAULT_SUMMARY_KEY_PREFIX}index-v2`;

export type TestStorage = MemoryStorage & { length?: number; key?(index: number): string | null };

/** Web Storage's shape: it can list its keys. */
export function createWebStorage(initial: Record<string, string> = {}): TestStorage {
  const memory = createMemoryStorage(initial);
  const listed = Object.assign(memory, { length: 0, key: (index: number) => [...memory.items.keys()][index] ?? null });
  return Object.defineProperty(listed, "length", { get: () => memory.items.size });
}

export const storages = [
  ["Web Storage (listed by key)", createWebStorage],
  ["a get/set-only storage (session index)", createMemoryStorage],
] as const;

export function summary(id: string, atMs: number, sessionKey?: string): PromptSummary {
  return {
    id,
    record: makeRecord({ id, status: "cancelled", createdAtMs: atMs, ...(sessionKey ? { sessionKey } : {}) }),
    outcome: "skipped",
    resolvedAtMs: atMs,
  };
}

/** The ids a session's stored index lists, oldest first (null: no index). */
export function listedIds(storage: MemoryStorage, session: string): string[] | null {
  const text = storage.items.get(indexKey(session));
  if (text === undefined) return null;
  const index = JSON.parse(text) as { v: number; entries: [string, number][] };
  expect(index.v).toBe(2);
  return index.entries.map(([id]) => id);
}

export function storedSummary(storage: MemoryStorage, session: string, id: string): PromptSummary | undefined {
  const text = storage.items.get(summaryKey(session, id));
  return text === undefined ? undefined : (JSON.parse(text) as PromptSummary);
}

/** A storage that records every key written and removed, and refuses writes while `refusing`. */
export function instrumented(storage: TestStorage) {
  const log = { writes: [] as { key: string; chars: number }[], removes: [] as string[], refusing: false };
  const { setItem, removeItem } = storage;
  storage.setItem = (key, value) => {
    if (log.refusing) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    log.writes.push({ key, chars: value.length });
    setItem(key, value);
  };
  storage.removeItem = (key) => {
    log.removes.push(key);
    removeItem(key);
  };
  return log;
}
