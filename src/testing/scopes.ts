/**
 * Operator scope rules of OpenClaw 2026.9.6 (`operator-scope-compat`, `method-scopes`,
 * `question-access`) for the methods and events the embedded gateway serves.
 */

import { OPERATOR_SCOPES } from "../contract/wire.js";

const ADMIN = OPERATOR_SCOPES.admin;
const QUESTIONS_SCOPE = OPERATOR_SCOPES.questions;
const WRITE = OPERATOR_SCOPES.write;
const SESSIONS_WRITE = "operator.sessions.write";

/** Whether `granted` satisfies `scope`, with the gateway's implications (admin ⊇ all, write ⊇ sessions.*). */
export function scopeSatisfied(scope: string, granted: readonly string[]): boolean {
  if (!scope.startsWith("operator.")) return false;
  if (granted.includes(scope) || granted.includes(ADMIN)) return true;
  const impliedByWrite =
    scope === OPERATOR_SCOPES.read || scope === "operator.talk" || scope === "operator.sessions.read" || scope === SESSIONS_WRITE;
  if (impliedByWrite && granted.includes(WRITE)) return true;
  return scope === "operator.sessions.read" && (granted.includes(OPERATOR_SCOPES.read) || granted.includes(SESSIONS_WRITE));
}

/** The scope a method needs; anything the gateway does not classify needs admin. */
function requiredScope(method: string): string {
  if (method.startsWith("question.")) return QUESTIONS_SCOPE;
  if (method === "chat.send" || method === "chat.abort") return WRITE;
  return ADMIN;
}

/**
 * `null` when the call is allowed, else the scope to report as missing. Question and chat methods
 * also admit `operator.sessions.write` holders ("own run" access), as the real gateway does.
 */
export function missingScopeFor(method: string, granted: readonly string[]): string | null {
  const scope = requiredScope(method);
  if (scopeSatisfied(scope, granted)) return null;
  const sessionScoped = method.startsWith("question.") || method === "chat.send" || method === "chat.abort";
  if (sessionScoped && scopeSatisfied(SESSIONS_WRITE, granted)) return null;
  return scope;
}

/**
 * Clients that reach question methods only through `operator.sessions.write` see just questions
 * of their own agent runs; the embedded gateway never binds a run to a client, so they see none.
 */
export function usesOwnRunQuestionAccess(granted: readonly string[]): boolean {
  return !scopeSatisfied(QUESTIONS_SCOPE, granted);
}

export function isAdmin(granted: readonly string[]): boolean {
  return granted.includes(ADMIN);
}
