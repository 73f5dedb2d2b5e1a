import { canonicalSessionKey } from "../contract/session-key.js";
import type { PromptEntry } from "./types.js";

/**
 * How many settled prompts a session keeps, in memory and in storage alike. localStorage gives an
 * origin about 5 MB, shared with the host app and the drafts, and a summary is 0.3–2 KB of JSON;
 * 200 is far more prompts than one chat holds. Older chips stay rebuildable from the chat history
 * (`summaryFromToolCall`), which is the durable source.
 */
export const MAX_SUMMARIES_PER_SESSION = 200;

/** The session a prompt's chip belongs to: its canonical key, `""` for a sessionless prompt. */
export function transcriptSession(record: { sessionKey?: string | undefined }): string {
  return canonicalSessionKey(record.sessionKey ?? "");
}

/**
 * The ids to drop from `settled` so that none of `sessions` keeps more than
 * MAX_SUMMARIES_PER_SESSION: the least recently settled first (ties: the earlier arrival), the
 * rule the persisted transcript follows too.
 */
export function overBound(settled: Readonly<Record<string, PromptEntry>>, sessions: ReadonlySet<string>): string[] {
  const bySession = new Map<string, PromptEntry[]>();
  for (const entry of Object.values(settled)) {
    const session = transcriptSession(entry.record);
    if (!sessions.has(session)) continue;
    const entries = bySession.get(session);
    if (entries) entries.push(entry);
    else bySession.set(session, [entry]);
  }
  const dropped: string[] = [];
  for (const entries of bySession.values()) {
    if (entries.length <= MAX_SUMMARIES_PER_SESSION) continue;
    entries.sort((a, b) => (a.resolvedAtMs ?? 0) - (b.resolvedAtMs ?? 0) || a.seq - b.seq);
    for (const entry of entries.slice(0, entries.length - MAX_SUMMARIES_PER_SESSION)) dropped.push(entry.id);
  }
  return dropped;
}
