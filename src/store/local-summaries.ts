/**
 * `ask-user-kit/summaries` — settled summaries kept in localStorage, so a reload restores the
 * transcript: `createAskUserStore({ summaries: localSummaries() })`. An entry of its own, like the
 * contract's `detectCredential`: a host that rebuilds its chips from the chat history does not
 * carry the storage layout or its reader.
 */
import { createSummaryPersistence, DEFAULT_SUMMARY_KEY_PREFIX, MAX_SUMMARIES_PER_SESSION, MAX_SUMMARY_SESSIONS } from "./summary-persistence.js";
import type { SummaryPersistenceFactory, SummaryStorage } from "./types.js";
import { webStorage } from "./web-storage.js";

export { DEFAULT_SUMMARY_KEY_PREFIX, MAX_SUMMARIES_PER_SESSION, MAX_SUMMARY_SESSIONS };
export type { SummaryPersistence, SummaryPersistenceFactory, SummaryStorage, SummaryStorageProblem } from "./types.js";

export interface LocalSummariesOptions {
  /** Where the summaries go. Default: `globalThis.localStorage` when the host has one; `null` keeps nothing. */
  storage?: SummaryStorage | null;
  /** Key prefix. Default `ask-user-kit:summaries:`. */
  keyPrefix?: string;
}

/**
 * Summaries per session in a Web Storage (layout version 2). The storage is looked up when a store
 * is created, not at import, so the module loads on a server too.
 */
export function localSummaries(options: LocalSummariesOptions = {}): SummaryPersistenceFactory {
  return (onProblem) =>
    createSummaryPersistence(options.storage === undefined ? webStorage<SummaryStorage>("localStorage") : options.storage, {
      ...(options.keyPrefix === undefined ? {} : { keyPrefix: options.keyPrefix }),
      onProblem,
    });
}
