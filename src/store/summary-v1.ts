import type { PromptSummary } from "../contract/summary.js";
import { readSummary, readVersionedList, timeOf } from "./summary-codec.js";
import { MAX_SUMMARIES_PER_SESSION } from "./summary-index.js";

/**
 * Version 1 kept each session as one document `{v: 1, summaries: [...]}` under `<prefix>v1:<session>`
 * (`_` for sessionless prompts), plus `<prefix>index-v1` listing the sessions for storages that
 * cannot list keys. A settle rewrote the whole document (up to 200 summaries, ~165 KB), so version
 * 2 replaced it; this reads what version 1 left, to be rewritten as version 2 and removed.
 */
export const V1_DOCUMENT = "v1:";
export const V1_SESSIONS = "index-v1";

/**
 * One document's summaries, oldest first and at most the newest 200 (as version 1 read them);
 * every bad entry is skipped, and `problem` names the first.
 */
export function readV1Document(text: string | null): { summaries: PromptSummary[]; problem?: string } {
  if (text === null) return { summaries: [] };
  const { items, problem } = readVersionedList(text, 1, "document", "summaries", readSummary);
  items.sort((a, b) => timeOf(a) - timeOf(b));
  const summaries = items.slice(-MAX_SUMMARIES_PER_SESSION);
  return problem === undefined ? { summaries } : { summaries, problem };
}
