/** OpenClaw's canonical session key: `main` is the default agent's main session, `agent:main:main`. */
export function canonicalSessionKey(key: string, options: { defaultAgentId?: string } = {}): string {
  const trimmed = typeof key === "string" ? key.trim() : "";
  const agent = options.defaultAgentId ?? "main";
  if (trimmed.toLowerCase().startsWith("agent:")) return trimmed.toLowerCase();
  if (trimmed === "") return trimmed;
  return `agent:${agent}:${trimmed.toLowerCase()}`;
}

export function sameSessionKey(a: string | null | undefined, b: string | null | undefined): boolean {
  if (typeof a !== "string" || typeof b !== "string") return false;
  return canonicalSessionKey(a) === canonicalSessionKey(b);
}
