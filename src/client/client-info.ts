/**
 * Who the client says it is in `connect`. The gateway accepts only its own lists of ids and modes
 * (OpenClaw 2026.9.6 `client-info.ts`); anything else fails the handshake with a schema error, so we
 * refuse it up front with the allowed values named.
 */
import { GATEWAY_CLIENT_IDS, GATEWAY_CLIENT_MODES } from "../contract/gateway-clients.js";
import { OPERATOR_SCOPES } from "../contract/wire.js";
import { ClientErrorCodes, GatewayError } from "./errors.js";

export { GATEWAY_CLIENT_IDS, GATEWAY_CLIENT_MODES };

export const QUESTIONS_SCOPE = OPERATOR_SCOPES.questions;

export interface ClientInfo {
  /**
   * One of `GATEWAY_CLIENT_IDS`. With a bare token (no device identity) `gateway-client` (mode
   * `backend`) and `cli` (mode `cli`) keep `operator.questions`; `test` connects but loses it.
   */
  id: string;
  /** One of `GATEWAY_CLIENT_MODES`. */
  mode: string;
  version?: string;
  platform?: string;
  displayName?: string;
  /** Part of the device signature; lower-cased there. */
  deviceFamily?: string;
  instanceId?: string;
}

export const DEFAULT_CLIENT: ClientInfo = { id: "gateway-client", mode: "backend" };

const CLIENT_VERSION = "ask-user-kit";

export function validateClientInfo(info: ClientInfo): GatewayError | null {
  const problems: string[] = [];
  if (!(GATEWAY_CLIENT_IDS as readonly string[]).includes(info.id)) {
    problems.push(`client.id ${JSON.stringify(info.id)} is not one the gateway accepts; use one of: ${GATEWAY_CLIENT_IDS.join(", ")}`);
  }
  if (!(GATEWAY_CLIENT_MODES as readonly string[]).includes(info.mode)) {
    problems.push(`client.mode ${JSON.stringify(info.mode)} is not one the gateway accepts; use one of: ${GATEWAY_CLIENT_MODES.join(", ")}`);
  }
  for (const field of ["version", "platform", "displayName", "deviceFamily", "instanceId"] as const) {
    const value = info[field];
    if (value !== undefined && (typeof value !== "string" || value.trim() === "")) {
      problems.push(`client.${field} must be a non-empty string when given`);
    }
  }
  if (problems.length === 0) return null;
  return new GatewayError({ code: ClientErrorCodes.INVALID_OPTIONS, message: problems.join("; ") });
}

/** The host's scopes, de-duplicated, with `operator.questions` always present. */
export function resolveScopes(scopes: readonly string[] | undefined): string[] {
  const out: string[] = [];
  for (const scope of scopes ?? []) {
    if (typeof scope === "string" && scope.trim() !== "" && !out.includes(scope)) out.push(scope);
  }
  if (!out.includes(QUESTIONS_SCOPE)) out.push(QUESTIONS_SCOPE);
  return out;
}

export function grantsQuestions(scopes: readonly unknown[]): boolean {
  return scopes.includes(QUESTIONS_SCOPE) || scopes.includes(OPERATOR_SCOPES.admin);
}

/** The `client` object of `connect`, with the gateway's required fields filled in. */
export function connectClientField(info: ClientInfo): Record<string, string> {
  const out: Record<string, string> = {
    id: info.id,
    version: info.version ?? CLIENT_VERSION,
    platform: info.platform ?? defaultPlatform(),
    mode: info.mode,
  };
  if (info.displayName !== undefined) out.displayName = info.displayName;
  if (info.deviceFamily !== undefined) out.deviceFamily = info.deviceFamily;
  if (info.instanceId !== undefined) out.instanceId = info.instanceId;
  return out;
}

function defaultPlatform(): string {
  const platform = (globalThis as { process?: { platform?: unknown } }).process?.platform;
  return typeof platform === "string" && platform !== "" ? platform : "web";
}
