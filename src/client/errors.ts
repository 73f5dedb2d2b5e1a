/**
 * What the client reports: `GatewayError` (the contract's) for gateway error shapes and for the
 * client's own failures (timeouts, closed sockets, bad frames).
 */
import { GatewayError, gatewayErrorOf, REQUEST_FAILURES } from "../contract/gateway-error.js";

export { GatewayError } from "../contract/gateway-error.js";
export type { GatewayErrorDetails, GatewayErrorShape } from "../contract/gateway-error.js";

/** Codes the client itself produces; gateway codes (`INVALID_REQUEST`, `UNAVAILABLE`, …) pass through. */
export const ClientErrorCodes = {
  /** A request failed without the gateway's refusal: `NOT_CONNECTED`, `DISCONNECTED`, `CLOSED`, `TIMEOUT`, … (see the contract). */
  ...REQUEST_FAILURES,
  /** No WebSocket constructor is available (Node 20 has no global one). */
  NO_WEBSOCKET: "NO_WEBSOCKET",
  /** An option has a value the gateway would refuse. */
  INVALID_OPTIONS: "INVALID_OPTIONS",
  /** A frame that is not valid JSON or not a known frame shape. */
  MALFORMED_FRAME: "MALFORMED_FRAME",
  /** A listener registered by the host threw. */
  LISTENER_FAILED: "LISTENER_FAILED",
  /** The gateway connected us without a scope that question methods need. */
  MISSING_SCOPE: "MISSING_SCOPE",
  /** The device identity could not sign the challenge. */
  DEVICE_SIGNATURE_FAILED: "DEVICE_SIGNATURE_FAILED",
} as const;

export type ClientErrorCode = (typeof ClientErrorCodes)[keyof typeof ClientErrorCodes];

/** A gateway `error` field as received; anything unreadable becomes a clear `MALFORMED_FRAME`. */
export function gatewayErrorFromWire(raw: unknown, context: string): GatewayError {
  if (typeof raw !== "object" || raw === null) {
    return new GatewayError({ code: ClientErrorCodes.MALFORMED_FRAME, message: `${context}: the response has ok:false but no error object` });
  }
  const code = (raw as { code?: unknown }).code;
  // A refusal without a code is still the gateway's refusal, not a lost connection.
  return gatewayErrorOf(typeof code === "string" && code !== "" ? raw : { ...raw, code: "UNKNOWN" }, context);
}

/** Wraps anything a host callback threw so it can be reported instead of thrown. */
export function toGatewayError(value: unknown, code: string, context: string): GatewayError {
  if (value instanceof GatewayError) return value;
  const message = value instanceof Error ? value.message : String(value);
  return new GatewayError({ code, message: `${context}: ${message}` });
}
