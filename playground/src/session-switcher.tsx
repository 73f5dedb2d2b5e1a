import { useId, useMemo } from "react";
import { useAskUser } from "../../src/index.js";
import { sameOtherSessions, selectOtherSessionPending } from "../../src/store/index.js";
import { SUGGESTED_SESSION_KEYS } from "../sessions.js";
import { useStrings } from "./use-strings.js";

export interface SessionSwitcherProps {
  session: string;
  /** Sessions that have demo runs. */
  runSessions: readonly string[];
  onSwitch(sessionKey: string): void;
}

/**
 * Which chat session is on screen. Offers the suggested sessions, those with demo runs and those
 * with a question waiting; a session with a waiting question says so.
 */
export function SessionSwitcher({ session, runSessions, onSwitch }: SessionSwitcherProps) {
  const strings = useStrings();
  const id = useId();
  const waiting = useAskUser(selectOtherSessionPending, sameOtherSessions);
  const sessions = useMemo(
    () => [...new Set([...SUGGESTED_SESSION_KEYS, session, ...runSessions, ...waiting.sessionKeys])],
    [session, runSessions, waiting.sessionKeys],
  );
  const waitingIn = new Set(waiting.sessionKeys);
  return (
    <div className="session-switcher" data-waiting={waitingIn.size > 0 ? "" : undefined}>
      <label htmlFor={id}>{strings.session}</label>
      <select id={id} value={session} onChange={(event) => onSwitch(event.target.value)}>
        {sessions.map((key) => (
          <option key={key} value={key}>
            {waitingIn.has(key) ? strings.sessionWaiting(key) : key}
          </option>
        ))}
      </select>
    </div>
  );
}
