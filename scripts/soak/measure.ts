/**
 * Measuring helpers for the memory soak: heap after a full collection and the process's live
 * handles and timers by kind. Needs `node --expose-gc`.
 */
import type { DraftStorage } from "../../src/store/types.js";

const gc = (globalThis as { gc?: () => void }).gc;

export function requireGc(): () => void {
  if (!gc) {
    console.error("the memory soak needs node --expose-gc (run it through `npm run soak`)");
    process.exit(2);
  }
  return gc;
}

/** Heap in use after collecting until it stops shrinking, so garbage not yet collected is not counted. */
export async function heapAfterGc(): Promise<number> {
  const collect = requireGc();
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 4; i++) {
    // A turn of the event loop lets finalizers and closed sockets' callbacks run between collections.
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    best = Math.min(best, process.memoryUsage().heapUsed);
  }
  return best;
}

/** Live libuv resources by kind (`Timeout`, `TCPSocketWrap`, …): what keeps the process busy. */
export function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

export function memoryStorage(): DraftStorage & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

/** Resolves once `condition()` holds, polling each millisecond; rejects after `polls` polls (a hang, not a speed limit). */
export async function until(condition: () => boolean, what: string, polls = 60_000): Promise<void> {
  for (let i = 0; i < polls; i++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  throw new Error(`soak: gave up waiting for ${what}`);
}
