/**
 * What the plugin needs of the Control UI's host, checked before anything registers: on a Control
 * UI without one of them the activation fails with one message naming each missing part (Plugins →
 * Customize UI shows it), not with a TypeError from deep inside a registration.
 */
const FUNCTIONS = [
  "request",
  "onEvent",
  "subscribe",
  "sessions.open",
  "ui.registerPage",
  "ui.registerNavigation",
  "ui.registerReplacement",
  "ui.selectReplacement",
] as const;

function at(host: unknown, path: string): unknown {
  let value = host;
  for (const key of path.split(".")) value = typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

export function assertHostFits(host: unknown): void {
  const missing = FUNCTIONS.filter((path) => typeof at(host, path) !== "function").map((path) => `host.${path}()`);
  if (typeof at(host, "connection") !== "object" || at(host, "connection") === null) missing.push("host.connection");
  if (missing.length === 0) return;
  throw new Error(
    `ask-user-kit needs the Control UI plugin API of OpenClaw 2026.9.6 or later; this Control UI has no ${missing.join(", ")}. Update OpenClaw, or remove the plugin (openclaw plugins uninstall ask-user-kit).`,
  );
}
