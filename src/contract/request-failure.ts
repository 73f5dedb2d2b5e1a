/**
 * The kit's one error type for a gateway request that failed, and the reading of whatever a
 * transport rejects with into it. The kit's client rejects with `GatewayError` already; a host's
 * client rejects with its own type (OpenClaw's browser client: an `Error` carrying the gateway's
 * `code` — also as `gatewayCode` — and `details`; a plain `Error` when it is not connected), and
 * the bridge needs the same `code` and `details.reason` from both to tell the store what happened.
 */

/** Codes of a request that failed without the gateway's refusal; gateway codes (`INVALID_REQUEST`, `UNAVAILABLE`, …) pass through. */
export const REQUEST_FAILURES = {
  /** The request could not be sent: no connection was open. */
  NOT_CONNECTED: "NOT_CONNECTED",
  /** The connection dropped (or the transport failed) while the request waited. */
  DISCONNECTED: "DISCONNECTED",
  /** The client was closed for good. */
  CLOSED: "CLOSED",
  /** No response came in time. */
  TIMEOUT: "TIMEOUT",
  /** The prompt expired before its answer could be sent. */
  EXPIRED: "EXPIRED",
  /** The gateway answered with a payload the contract rejected. */
  MALFORMED_PAYLOAD: "MALFORMED_PAYLOAD",
} as const;

/** Codes that mean the connection, not the gateway, failed: the store says "Not connected" and waits for the reconnect. */
const CONNECTION_FAILURES: readonly string[] = [REQUEST_FAILURES.NOT_CONNECTED, REQUEST_FAILURES.DISCONNECTED, REQUEST_FAILURES.CLOSED];

/** Other clients' names for a failure the kit has a code for (OpenClaw's browser client times out with `CLIENT_TIMEOUT`). */
const FOREIGN_CODES: ReadonlyMap<string, string> = new Map([["CLIENT_TIMEOUT", REQUEST_FAILURES.TIMEOUT]]);

export interface GatewayErrorDetails {
  /** Method-level discriminant, e.g. `QUESTION_NOT_FOUND`. */
  reason?: string;
  /** Connect-level discriminant, e.g. `AUTH_TOKEN_MISMATCH`. */
  code?: string;
  [key: string]: unknown;
}

/** The gateway protocol's error shape. */
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

/** The connection failed (not the gateway): nothing was decided about the prompt. */
export function isConnectionFailure(error: GatewayError): boolean {
  return CONNECTION_FAILURES.includes(error.code);
}

/**
 * What a transport's request rejected with, as a `GatewayError`. An error that carries a gateway
 * code (`code` or `gatewayCode`) keeps it with its `details`; anything else — a plain `Error`, a
 * string — is a connection failure (`DISCONNECTED`), since only the gateway's refusals carry a code.
 */
export function gatewayErrorOf(error: unknown, context: string): GatewayError {
  if (error instanceof GatewayError) return error;
  try {
    return fromFields(typeof error === "object" && error !== null ? (error as Record<string, unknown>) : { message: String(error) }, context);
  } catch {
    // A getter of the host's error threw: all that is known is that the request failed.
    return new GatewayError({ code: REQUEST_FAILURES.DISCONNECTED, message: `${context} failed` });
  }
}

function fromFields(fields: Record<string, unknown>, context: string): GatewayError {
  const message = typeof fields.message === "string" && fields.message !== "" ? fields.message : `${context} failed`;
  const code = nonEmpty(fields.gatewayCode) ?? nonEmpty(fields.code);
  if (code === undefined) return new GatewayError({ code: REQUEST_FAILURES.DISCONNECTED, message: `${context}: ${message}` });
  const details = fields.details;
  return new GatewayError({
    code: FOREIGN_CODES.get(code) ?? code,
    message,
    ...(typeof details === "object" && details !== null && !Array.isArray(details) ? { details: details as GatewayErrorDetails } : {}),
    ...(typeof fields.retryable === "boolean" ? { retryable: fields.retryable } : {}),
    ...(typeof fields.retryAfterMs === "number" && Number.isFinite(fields.retryAfterMs) && fields.retryAfterMs >= 0 ? { retryAfterMs: fields.retryAfterMs } : {}),
  });
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
