/**
 * What the page says when a demo did not start: a sentence with a way forward instead of the HTTP
 * status. The server's own message is kept only where it is the useful part (what the gateway
 * said); a busy session, the usual case, needs none of it.
 */
import type { StartFailure } from "./api.js";
import type { Note } from "./strings.js";

export interface StartAttempt {
  demo: string;
  /** Where the question was to be asked (null: no session). */
  sessionKey: string | null;
  /** The session on screen. */
  viewSession: string;
}

export function noteForStartFailure(failure: StartFailure, { demo, sessionKey, viewSession }: StartAttempt): Note {
  if (failure.kind === "unreachable") return { note: "serverUnreachable", values: { demo } };
  if (failure.reason === "session-busy" || (failure.reason === undefined && failure.status === 409)) {
    const session = sessionKey ?? viewSession;
    return session === viewSession ? { note: "sessionBusy", values: { session } } : { note: "otherSessionBusy", values: { session } };
  }
  if (failure.reason === "gateway-refused" || failure.status === 502)
    return { note: "gatewayRefused", values: { demo, detail: withoutPrefix(failure.detail) } };
  return { note: "requestRefused", values: { detail: failure.detail } };
}

/** The server says "the gateway refused question.request: <why>"; the note says the first half itself. */
function withoutPrefix(detail: string): string {
  return detail.replace(/^the gateway refused question\.request:\s*/i, "");
}
