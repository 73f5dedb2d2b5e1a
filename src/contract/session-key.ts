/**
 * OpenClaw's session keys, canonicalized the way its gateway stores them (`resolveSessionStoreKey`
 * with the default config), so a host may name the session on screen in any accepted form: `main`,
 * `Probe`, `agent:main:probe` and ` agent:Main:Probe ` each have one canonical key.
 */
export interface SessionKeyOptions {
  /** The gateway's default agent (`hello-ok` `sessionDefaults.defaultAgentId`). Default `main`. */
  defaultAgentId?: string;
  /** The gateway's main key (`sessionDefaults.mainKey`). Default `main`. */
  mainKey?: string;
}

const DEFAULT_ID = "main";
/** Gateway-wide keys that belong to no agent, so they are never agent-prefixed. */
const SENTINELS = new Set(["global", "unknown"]);
const AGENT_ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/**
 * The canonical key, or "" when `key` names no session (not a string, or blank after trimming):
 * trimmed and lowercased (opaque peer ids excepted); `agent:<agentId>:<rest>` kept as it is; the
 * main-session aliases (`main`, `agent:<id>:main`) mapped to `agent:<id>:<mainKey>`; any other bare
 * key prefixed with the default agent. The gateway also remaps `agent:main:main` to another default
 * agent when no agent is called `main`; that needs its agent list, so it is left to the host.
 */
export function canonicalSessionKey(key: string, options: SessionKeyOptions = {}): string {
  const trimmed = typeof key === "string" ? key.trim() : "";
  if (trimmed === "") return "";
  const lowered = lowerCaseKeepingOpaqueIds(trimmed);
  if (SENTINELS.has(lowered)) return lowered;
  const mainKey = normalizeMainKey(options.mainKey);
  const agentId = agentIdOf(lowered);
  if (agentId !== undefined) {
    const normalized = normalizeAgentId(agentId);
    return lowered === `agent:${normalized}:main` || lowered === `agent:${normalized}:${mainKey}` ? `agent:${normalized}:${mainKey}` : lowered;
  }
  const defaultAgent = normalizeAgentId(options.defaultAgentId ?? DEFAULT_ID);
  if (lowered === "main" || lowered === mainKey) return `agent:${defaultAgent}:${mainKey}`;
  // `agent:x` without a rest is malformed; the gateway keeps it rather than nesting a second prefix.
  return lowered.startsWith("agent:") ? lowered : `agent:${defaultAgent}:${lowered}`;
}

/** Whether two keys name the same session; a blank or missing key names none, so it matches nothing. */
export function sameSessionKey(a: string | null | undefined, b: string | null | undefined, options: SessionKeyOptions = {}): boolean {
  if (typeof a !== "string" || typeof b !== "string") return false;
  const canonical = canonicalSessionKey(a, options);
  return canonical !== "" && canonical === canonicalSessionKey(b, options);
}

/** The agent id of an `agent:<id>:<rest>` key (empty segments do not count), else undefined. */
function agentIdOf(key: string): string | undefined {
  const parts = key.split(":").filter(Boolean);
  return parts.length >= 3 && parts[0] === "agent" ? parts[1] : undefined;
}

/** Agent ids are path-safe: other characters collapse to `-` (as the gateway does). */
function normalizeAgentId(id: string): string {
  const lowered = id.trim().toLowerCase();
  if (AGENT_ID.test(lowered)) return lowered;
  return (
    lowered
      .replace(/[^a-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 64) || DEFAULT_ID
  );
}

function normalizeMainKey(mainKey: string | undefined): string {
  const trimmed = typeof mainKey === "string" ? mainKey.trim().toLowerCase() : "";
  return trimmed || DEFAULT_ID;
}

/**
 * Signal group ids and Matrix room ids are opaque and case-sensitive, so the gateway keeps their
 * case (a folded Matrix key would name a room that does not exist): the Signal id segment, and the
 * whole Matrix tail except its `:thread:` marker.
 */
const MATRIX_ROOM = /^((?:agent:[^:]+:)?matrix:(?:channel|group):)([\s\S]+)$/i;
const SIGNAL_GROUP = /(^|:)signal:group:([^:]+)/gi;
const THREAD_MARKER = ":thread:";

function lowerCaseKeepingOpaqueIds(key: string): string {
  const matrix = MATRIX_ROOM.exec(key);
  if (matrix) {
    const [, head = "", tail = ""] = matrix;
    const marker = tail.toLowerCase().lastIndexOf(THREAD_MARKER);
    const kept = marker === -1 ? tail : `${tail.slice(0, marker)}${THREAD_MARKER}${tail.slice(marker + THREAD_MARKER.length)}`;
    return head.toLowerCase() + kept;
  }
  let lowered = "";
  let cursor = 0;
  for (const match of key.matchAll(SIGNAL_GROUP)) {
    const id = match[2] ?? "";
    const idStart = (match.index ?? 0) + match[0].length - id.length;
    lowered += key.slice(cursor, idStart).toLowerCase() + id.trim();
    cursor = idStart + id.length;
  }
  return lowered + key.slice(cursor).toLowerCase();
}
