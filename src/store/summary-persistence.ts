import type { PromptSummary } from "../contract/summary.js";
import type { DraftStorage } from "./types.js";

export interface SummaryStorageProblem {
  kind: "summary-storage-corrupt" | "summary-storage-version" | "summary-storage-full" | "summary-storage-unavailable";
  key: string;
  detail: string;
}

export function createSummaryPersistence(storage: DraftStorage | null, options: { keyPrefix?: string } = {}) {
  const prefix = options.keyPrefix ?? "ask-user-kit:summaries:";
  const key = `${prefix}v1:_`;
  return {
    load(): { summaries: PromptSummary[]; problems: SummaryStorageProblem[] } {
      if (!storage) return { summaries: [], problems: [] };
      try {
        const text = storage.getItem(key);
        if (text === null) return { summaries: [], problems: [] };
        const doc = JSON.parse(text) as { summaries?: PromptSummary[] };
        return { summaries: Array.isArray(doc.summaries) ? doc.summaries : [], problems: [] };
      } catch (error) {
        return { summaries: [], problems: [{ kind: "summary-storage-corrupt", key, detail: String(error) }] };
      }
    },
    save(summary: PromptSummary): SummaryStorageProblem | null {
      if (!storage) return null;
      try {
        const loaded = this.load().summaries.filter((known) => known.id !== summary.id);
        storage.setItem(key, JSON.stringify({ v: 1, summaries: [...loaded, summary] }));
        return null;
      } catch (error) {
        return { kind: "summary-storage-full", key, detail: String(error) };
      }
    },
  };
}
