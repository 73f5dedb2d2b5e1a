/**
 * How the plugin names and opens a session: by the row the Control UI shows for it (its label or
 * title), and with the host's own `sessions.open`. The link's address is the chat route the
 * Control UI serves for a session (`/chat/<agent>/<name…>`), so a new tab opens the same place.
 */
import type { PluginHost } from "./host.js";

const SESSION_KEY = /^agent:([^:]+):(.+)$/;

export function sessionLabel(host: PluginHost, sessionKey: string): string | undefined {
  const row = host.sessions.rows.find((candidate) => candidate.key === sessionKey);
  return row?.label || row?.displayName || row?.derivedTitle || undefined;
}

function agentOf(sessionKey: string): string | undefined {
  return SESSION_KEY.exec(sessionKey)?.[1];
}

export function sessionHref(host: PluginHost, sessionKey: string): string | undefined {
  const match = SESSION_KEY.exec(sessionKey);
  if (!match) return undefined;
  const [, agent, name] = match;
  const path = [agent!, ...name!.split(":")].map(encodeURIComponent).join("/");
  return `${host.basePath.replace(/\/$/, "")}/chat/${path}`;
}

export function openSession(host: PluginHost, sessionKey: string): void {
  const agentId = agentOf(sessionKey);
  host.sessions.open({ sessionKey, ...(agentId ? { agentId } : {}) });
}
