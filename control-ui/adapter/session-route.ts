/**
 * The chat session on screen, read from the Control UI's route: `/chat/<agent>/<rest…>` shows
 * session `agent:<agent>:<rest joined by ":">`, and `/chat/<agent>` (or `/chat`) that agent's
 * `main` session — `/chat/main` is `agent:main:main`. Any other page (settings, logs, …) has no
 * session on screen. The app navigates with the History API, so both of its calls are observed.
 */

const CHANGE = "ask-user-kit:route";

/** The session key the path shows, or null when the page is not a chat. */
export function sessionKeyFromPath(pathname: string): string | null {
  const segments = pathname.split("/").filter((segment) => segment !== "");
  const chat = segments.indexOf("chat");
  if (chat < 0) return null;
  const decode = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  const agent = segments[chat + 1] === undefined ? "main" : decode(segments[chat + 1]!);
  const rest = segments.slice(chat + 2).map(decode);
  return `agent:${agent}:${rest.length === 0 ? "main" : rest.join(":")}`;
}

let patched = false;

/** Calls `listener` with the session on screen now and on every navigation that changes it. */
export function watchSessionRoute(listener: (sessionKey: string | null) => void): () => void {
  if (!patched) {
    patched = true;
    for (const method of ["pushState", "replaceState"] as const) {
      const original = history[method];
      history[method] = function (this: History, ...args: Parameters<History["pushState"]>) {
        original.apply(this, args);
        window.dispatchEvent(new Event(CHANGE));
      };
    }
  }
  let current = sessionKeyFromPath(location.pathname);
  listener(current);
  const check = () => {
    const next = sessionKeyFromPath(location.pathname);
    if (next === current) return;
    current = next;
    listener(next);
  };
  window.addEventListener(CHANGE, check);
  window.addEventListener("popstate", check);
  return () => {
    window.removeEventListener(CHANGE, check);
    window.removeEventListener("popstate", check);
  };
}
