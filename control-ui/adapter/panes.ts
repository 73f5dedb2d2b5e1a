/**
 * The Control UI keeps each recent session's chat mounted in an `<openclaw-chat-pane>` (a pane
 * cache; split view shows two), and each pane knows its own session (`sessionKey`, the app's own
 * property). The kit reads the session from the pane an element sits in, not from the route: during
 * a switch the route names the new session while the old pane is still on screen.
 */
const PANE = "openclaw-chat-pane";

/** The session of the chat pane `element` is in, or null outside any. */
export function paneSessionKey(element: Element | null): string | null {
  const sessionKey = (element?.closest(PANE) as { sessionKey?: unknown } | null | undefined)?.sessionKey;
  return typeof sessionKey === "string" && sessionKey !== "" ? sessionKey : null;
}
