import { sameSessionKey } from "../contract/session-key.js";
import type { PromptEntry, PromptStatus } from "./types.js";

export function isOpenStatus(status: PromptStatus): boolean {
  return status === "pending" || status === "submitting";
}

/**
 * Whether an open prompt belongs in the dock of the session on screen (OpenClaw's key aliases
 * compare equal: `main` ≡ `agent:main:main`). A sessionless prompt docks everywhere: hiding it
 * would leave the agent waiting on a question nobody can see.
 */
export function isDocked(entry: PromptEntry, viewSessionKey: string | null): boolean {
  if (!isOpenStatus(entry.status)) return false;
  const sessionKey = entry.record.sessionKey;
  return viewSessionKey === null || sessionKey === undefined || sessionKey === viewSessionKey || sameSessionKey(sessionKey, viewSessionKey);
}

/** Docked prompts of `prompts` (the open ones) in arrival order. */
export function dockedEntries(prompts: Record<string, PromptEntry>, viewSessionKey: string | null): PromptEntry[] {
  const docked: PromptEntry[] = [];
  for (const id in prompts) {
    const entry = prompts[id];
    if (entry && isDocked(entry, viewSessionKey)) docked.push(entry);
  }
  return docked.sort((a, b) => a.seq - b.seq);
}

/**
 * The prompt to show after `previous` left the dock (or the view changed): the nearest later
 * arrival, else the newest — like closing a tab. Null when nothing is docked.
 */
export function pickActive(
  prompts: Record<string, PromptEntry>,
  viewSessionKey: string | null,
  currentId: string | null,
  previousSeq: number | undefined,
): string | null {
  const current = currentId === null ? undefined : prompts[currentId];
  if (current && isDocked(current, viewSessionKey)) return current.id;
  const docked = dockedEntries(prompts, viewSessionKey);
  if (docked.length === 0) return null;
  if (previousSeq !== undefined) {
    const following = docked.find((entry) => entry.seq > previousSeq);
    if (following) return following.id;
  }
  return docked[docked.length - 1]!.id;
}
