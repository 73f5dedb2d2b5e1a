/**
 * Error replies and connect texts of OpenClaw 2026.9.6, read from its compiled gateway
 * (`message-handler`, `connect-error-details`, `method-scopes`, `error-codes`). Kept verbatim so a
 * client sees the same `code`, `message` and `details` from the embedded gateway as from a real one.
 */

import { PROTOCOL_VERSION } from "../contract/wire.js";

export interface GatewayError {
  code: "INVALID_REQUEST" | "FORBIDDEN" | "NOT_PAIRED" | "UNAVAILABLE";
  message: string;
  details?: Record<string, unknown>;
  retryable?: boolean;
  retryAfterMs?: number;
}

/** Close reasons are cut to this many UTF-8 bytes, as the gateway does. */
const CLOSE_REASON_MAX_BYTES = 120;

export const HANDSHAKE_TEXT = {
  notConnectFirst: "invalid handshake: first request must be connect",
  invalidFrame: "invalid request frame",
  protocolMismatch: "protocol mismatch",
  invalidRole: "invalid role",
  originNotAllowed: "origin not allowed (open the Control UI from the gateway host or allow it in gateway.controlUi.allowedOrigins)",
  controlUiNeedsDevice: "control ui requires device identity (use HTTPS or localhost secure context)",
  deviceRequired: "device identity required",
  preauthTooLarge: "preauth payload too large",
  connectAgain: "connect is only valid as the first request",
  serviceRestart: "service restart",
} as const;

export function invalidRequest(message: string, details?: Record<string, unknown>): GatewayError {
  return { code: "INVALID_REQUEST", message, ...(details ? { details } : {}) };
}

export function invalidParams(method: string, problems: string): GatewayError {
  return invalidRequest(`invalid ${method} params: ${problems}`);
}

export function missingScope(scope: string): GatewayError {
  return {
    code: "FORBIDDEN",
    message: `missing scope: ${scope}`,
    details: { code: "MISSING_SCOPE", missingScope: scope, requiredScopes: [scope] },
  };
}

export function protocolMismatch(minProtocol: number, maxProtocol: number): GatewayError {
  return invalidRequest(HANDSHAKE_TEXT.protocolMismatch, {
    code: "PROTOCOL_MISMATCH",
    clientMinProtocol: minProtocol,
    clientMaxProtocol: maxProtocol,
    expectedProtocol: PROTOCOL_VERSION,
    minimumProbeProtocol: 3,
  });
}

export function originNotAllowed(reason: string): GatewayError {
  return invalidRequest(HANDSHAKE_TEXT.originNotAllowed, { code: "CONTROL_UI_ORIGIN_NOT_ALLOWED", reason });
}

export interface ClientKind {
  id: string;
  mode: string;
}

/** Control UI, browser copilot and TUI clients (`isOperatorUiClient`). */
export function isOperatorUiClient(client: ClientKind): boolean {
  return client.id === "openclaw-control-ui" || client.id === "openclaw-browser-copilot" || client.id === "openclaw-tui";
}

/** Clients whose page Origin the gateway checks (`resolveGatewayWsBrowserOrigin`). */
export function isBrowserClient(client: ClientKind): boolean {
  return client.id === "openclaw-control-ui" || client.id === "openclaw-browser-copilot" || isWebchatClient(client);
}

function isWebchatClient(client: ClientKind): boolean {
  return client.mode === "webchat" || client.id === "webchat-ui";
}

/**
 * A shared-token failure (`formatGatewayAuthFailureMessage` + `resolveUnauthorizedHandshakeContext`),
 * for a client on the gateway's own host (the embedded gateway is loopback-only).
 */
export function tokenRejected(reason: "token_missing" | "token_mismatch", client: ClientKind, hasDevice: boolean): GatewayError {
  const uiClient = isOperatorUiClient(client) || isWebchatClient(client);
  const tokenHint =
    client.mode === "cli"
      ? "use this gateway's gateway.auth.token or pair the device"
      : uiClient
        ? "open the dashboard URL and paste the token in Control UI settings"
        : "provide gateway auth token";
  const missingHint = uiClient ? "paste in Control UI settings or openclaw doctor --generate-gateway-token; restart" : tokenHint;
  const canRetryWithDeviceToken = reason === "token_mismatch" && hasDevice;
  return invalidRequest(
    reason === "token_missing" ? `unauthorized: gateway token missing (${missingHint})` : `unauthorized: gateway token mismatch (${tokenHint})`,
    {
      code: reason === "token_missing" ? "AUTH_TOKEN_MISSING" : "AUTH_TOKEN_MISMATCH",
      authReason: reason,
      canRetryWithDeviceToken,
      recommendedNextStep: canRetryWithDeviceToken
        ? "retry_with_device_token"
        : reason === "token_missing"
          ? "update_auth_configuration"
          : "update_auth_credentials",
    },
  );
}

export function truncateCloseReason(reason: string): string {
  if (!reason) return "invalid handshake";
  const encoder = new TextEncoder();
  if (encoder.encode(reason).length <= CLOSE_REASON_MAX_BYTES) return reason;
  let cut = "";
  for (const char of reason) {
    if (encoder.encode(cut + char).length > CLOSE_REASON_MAX_BYTES) break;
    cut += char;
  }
  return cut;
}
