/**
 * What the person typed and the page's notes, per session, in sessionStorage: a reload keeps the
 * conversation, a new tab starts a fresh one (as the kit keeps drafts). Agent turns are not kept
 * here — the server lists its runs — and neither are the summary chips, which the kit's store
 * persists itself.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export type PageTurn = { kind: "user"; text: string } | { kind: "note"; text: string; tone: "info" | "error" };
export type LoggedTurn = PageTurn & { key: string; atMs: number };

const KEY_PREFIX = "ask-user-kit-playground:turns:v1:";
/** A demo conversation never gets near this; it only keeps storage bounded. */
const MAX_TURNS = 200;

function load(sessionKey: string): LoggedTurn[] {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(KEY_PREFIX + sessionKey) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter(isLoggedTurn) : [];
  } catch {
    // Unreadable or blocked storage: the conversation starts empty.
    return [];
  }
}

function save(sessionKey: string, turns: readonly LoggedTurn[]): void {
  try {
    sessionStorage.setItem(KEY_PREFIX + sessionKey, JSON.stringify(turns.slice(-MAX_TURNS)));
  } catch {
    // Full or blocked: the turns last until the page closes.
  }
}

function isLoggedTurn(value: unknown): value is LoggedTurn {
  if (typeof value !== "object" || value === null) return false;
  const turn = value as Partial<LoggedTurn> & { tone?: unknown };
  if (typeof turn.key !== "string" || typeof turn.atMs !== "number" || typeof turn.text !== "string") return false;
  return turn.kind === "user" || (turn.kind === "note" && (turn.tone === "info" || turn.tone === "error"));
}

/**
 * The session's logged turns and a function that appends one (stamped now). Mount it once per
 * session (key the component by session): it reads the log when it mounts.
 */
export function useTurnLog(sessionKey: string): [readonly LoggedTurn[], (turn: PageTurn) => void] {
  const [turns, setTurns] = useState(() => load(sessionKey));
  useEffect(() => save(sessionKey, turns), [sessionKey, turns]);
  const counter = useRef(0);
  const append = useCallback((turn: PageTurn) => {
    counter.current += 1;
    const atMs = Date.now();
    const logged: LoggedTurn = { ...turn, key: `${atMs.toString(36)}-${counter.current}`, atMs };
    setTurns((current) => [...current, logged]);
  }, []);
  return [turns, append];
}
