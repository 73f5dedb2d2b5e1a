/**
 * A session key as a person reads it: the default agent's sessions by their own name
 * (`agent:main:ops` → `ops`), another agent's as `agent/name`.
 */
export function sessionDisplayName(key: string | undefined): string {
  if (key === undefined) return "";
  const match = /^agent:([^:]+):(.+)$/.exec(key);
  if (!match) return key;
  return match[1] === "main" ? match[2]! : `${match[1]}/${match[2]}`;
}
