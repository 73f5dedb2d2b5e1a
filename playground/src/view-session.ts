/**
 * The session on screen lives in the page's URL (`?session=<key>`, absent for the main session),
 * so a link, a reload and the browser's Back button all keep it.
 */
import { useCallback, useEffect, useState } from "react";
import { DEFAULT_SESSION_KEY, readSessionKey } from "../sessions.js";

const PARAM = "session";

export function sessionOfUrl(href: string): string {
  return readSessionKey(new URL(href).searchParams.get(PARAM)) ?? DEFAULT_SESSION_KEY;
}

/** The session on screen and a switch that records it in the history (Back returns to the previous one). */
export function useViewSession(): [string, (sessionKey: string) => void] {
  const [session, setSession] = useState(() => sessionOfUrl(location.href));

  useEffect(() => {
    const follow = () => setSession(sessionOfUrl(location.href));
    window.addEventListener("popstate", follow);
    return () => window.removeEventListener("popstate", follow);
  }, []);

  const switchTo = useCallback((sessionKey: string) => {
    const next = readSessionKey(sessionKey) ?? DEFAULT_SESSION_KEY;
    if (next === sessionOfUrl(location.href)) return;
    const url = new URL(location.href);
    if (next === DEFAULT_SESSION_KEY) url.searchParams.delete(PARAM);
    else url.searchParams.set(PARAM, next);
    history.pushState(null, "", url);
    setSession(next);
  }, []);

  return [session, switchTo];
}
