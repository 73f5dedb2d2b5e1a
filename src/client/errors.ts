/**
 * One error type for everything the client reports: gateway error shapes (`{code, message, details,
 * retryable, retryAfterMs}`) and the client's own failures (timeouts, closed sockets, bad frames).
 */
import { REQUEST_FAILURES } from "../contract/request-failure.js";

/** Codes the client itself produces; gateway codes (`INVALID_REQUEST`, `UNAVAILABLE`, …) pass through. */
export const ClientErrorCodes = {
  /** A request failed without the gateway's refusal: `NOT_CONNECTED`, `DISCONNECTED`, `CLOSED`, `TIMEOUT`, … (the contract's). */
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

export interface GatewayErrorDetails {
  /** Method-level discriminant, e.g. `QUESTION_NOT_FOUND`. */
  reason?: string;
  /** Connect-level discriminant, e.g. `AUTH_TOKEN_MISMATCH`. */
  code?: string;
  [key: string]: unknown;
}

export interface GatewayErrorShape {
  code: string;
  message: string;
  details?: GatewayErrorDetails;
  retryable?: boolean;
  retryAfterMs?: number;
}

export class GatewayError extends Error implements GatewayErrorShape {
  override readonly name = "GatewayError";
  readonly code: string;
  readonly details?: GatewayErrorDetails;
  readonly retryable?: boolean;
  readonly retryAfterMs?: number;

  constructor(shape: GatewayErrorShape) {
    super(shape.message);
    this.code = shape.code;
    if (shape.details !== undefined) this.details = shape.details;
    if (shape.retryable !== undefined) this.retryable = shape.retryable;
    if (shape.retryAfterMs !== undefined) this.retryAfterMs = shape.retryAfterMs;
  }

  /** `details.reason`, the discriminant question methods use. */
  get reason(): string | undefined {
    return this.details?.reason;
  }

  toJSON(): GatewayErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.details !== undefined ? { details: this.details } : {}),
      ...(this.retryable !== undefined ? { retryable: this.retryable } : {}),
      ...(this.retryAfterMs !== undefined ? { retryAfterMs: this.retryAfterMs } : {}),
    };
  }
}

/** A gateway `error` field as received; anything unreadable becomes a clear `MALFORMED_FRAME`. */
export function gatewayErrorFromWire(raw: unknown, context: string): GatewayError {
  if (typeof raw !== "object" || raw === null) {
    return new GatewayError({
      code: ClientErrorCodes.MALFORMED_FRAME,
      message: `${context}: the response has ok:false but no error object`,
    });
  }
  const shape = raw as Record<string, unknown>;
  const details =
    typeof shape.details === "object" && shape.details !== null && !Array.isArray(shape.details) ? (shape.details as GatewayErrorDetails) : undefined;
  return new GatewayError({
    code: typeof shape.code === "string" && shape.code !== "" ? shape.code : "UNKNOWN",
    message: typeof shape.message === "string" && shape.message !== "" ? shape.message : `${context} failed without a message`,
    ...(details !== undefined ? { details } : {}),
    ...(typeof shape.retryable === "boolean" ? { retryable: shape.retryable } : {}),
    ...(typeof shape.retryAfterMs === "number" && Number.isFinite(shape.retryAfterMs) && shape.retryAfterMs >= 0
      ? { retryAfterMs: shape.retryAfterMs }
      : {}),
  });
}

/** Wraps anything a host callback threw so it can be reported instead of thrown. */
export function toGatewayError(value: unknown, code: string, context: string): GatewayError {
  if (value instanceof GatewayError) return value;
  const message = value instanceof Error ? value.message : String(value);
  return new GatewayError({ code, message: `${context}: ${message}` });
}
