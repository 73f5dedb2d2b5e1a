/**
 * Demos the page composes from the server's single demos, to show the kit's multi-prompt states:
 * several questions docked at once (one in this session, two asked with no session, which dock in
 * every session — as a background job's would), and a question asked in another session (it does
 * not dock; the other-sessions notice counts it).
 */
import { DEFAULT_SESSION_KEY, SUGGESTED_SESSION_KEYS } from "../sessions.js";

export type ScenarioName = "several" | "elsewhere";
export const SCENARIO_NAMES: readonly ScenarioName[] = ["several", "elsewhere"];

/** What "several at once" asks: a demo and the session it is asked in (`view`: the session on screen; null: none). */
export const SEVERAL: readonly { demo: string; in: "view" | null }[] = [
  { demo: "three", in: "view" },
  { demo: "single", in: null },
  { demo: "multi", in: null },
];

/** The demo "another session" asks. */
export const ELSEWHERE_DEMO = "single";

/** The session "another session" asks in: the first suggested one that is not on screen. */
export function otherSession(viewSession: string): string {
  return SUGGESTED_SESSION_KEYS.find((key) => key !== viewSession) ?? DEFAULT_SESSION_KEY;
}
