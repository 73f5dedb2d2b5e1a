/**
 * What the person typed and the page's notes, per session, in sessionStorage: a reload keeps the
 * conversation, a new tab starts a fresh one (as the kit keeps drafts). Agent turns are not kept
 * here — the server lists its runs — and neither are the summary chips, which the kit's store
 * persists itself.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { type Note, STRINGS } from "./strings.js";

export type NoteTone = "info" | "error";
/** A note is kept as its key and values (see strings.ts), so it reads in the language on screen. */
export type PageTurn = { kind: "user"; text: string } | ({ kind: "note"; tone: NoteTone } & Note);
export type LoggedTurn = PageTurn & { key: string; atMs: number };

const KEY_PREFIX = "ask-user-kit-playground:turns:v2:";
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
  const turn = value as { key?: unknown; atMs?: unknown; kind?: unknown; text?: unknown; tone?: unknown; note?: unknown; values?: unknown };
  if (typeof turn.key !== "string" || typeof turn.atMs !== "number") return false;
  if (turn.kind === "user") return typeof turn.text === "string";
  // A note this page no longer has words for (an older page's) is dropped, not shown blank.
  const values = turn.values;
  return (
    turn.kind === "note" &&
    (turn.tone === "info" || turn.tone === "error") &&
    typeof turn.note === "string" &&
    Object.hasOwn(STRINGS.en.notes, turn.note) &&
    typeof values === "object" &&
    values !== null &&
    Object.values(values).every((item) => typeof item === "string")
  );
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
