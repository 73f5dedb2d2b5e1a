/**
 * Why a gateway request failed, read the same from any transport. The kit's client rejects with
 * its `GatewayError`; a host's client rejects with its own type (OpenClaw's browser client: an
 * `Error` carrying the gateway's `code` — also as `gatewayCode` — and `details`; a plain `Error`
 * when it is not connected). The bridge needs the same `code` and `details.reason` from all of them
 * to tell the store what happened.
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

/** A failed request: the gateway's `code` (or one of `REQUEST_FAILURES`), its message and its `details.reason`. */
export interface RequestFailure {
  code: string;
  message: string;
  reason?: string;
}

/** Codes that mean the connection, not the gateway, failed: nothing was decided about the prompt. */
const CONNECTION_FAILURES: readonly string[] = [REQUEST_FAILURES.NOT_CONNECTED, REQUEST_FAILURES.DISCONNECTED, REQUEST_FAILURES.CLOSED];

export function isConnectionFailure(failure: RequestFailure): boolean {
  return CONNECTION_FAILURES.includes(failure.code);
}

/**
 * What a transport's request rejected with, as a `RequestFailure`. An error that carries a gateway
 * code (`code` or `gatewayCode`) keeps it with `details.reason`; anything else — a plain `Error`, a
 * string — is a connection failure (`DISCONNECTED`), since only the gateway's refusals carry a code.
 */
export function requestFailureOf(error: unknown, context: string): RequestFailure {
  try {
    const fields = (typeof error === "object" && error !== null ? error : { message: String(error) }) as Record<string, unknown>;
    const message = nonEmpty(fields.message) ?? `${context} failed`;
    const code = nonEmpty(fields.gatewayCode) ?? nonEmpty(fields.code);
    if (code === undefined) return { code: REQUEST_FAILURES.DISCONNECTED, message: `${context}: ${message}` };
    const details = fields.details;
    const reason = typeof details === "object" && details !== null ? nonEmpty((details as Record<string, unknown>).reason) : undefined;
    // OpenClaw's browser client names its own timeout CLIENT_TIMEOUT.
    return { code: code === "CLIENT_TIMEOUT" ? REQUEST_FAILURES.TIMEOUT : code, message, ...(reason !== undefined ? { reason } : {}) };
  } catch {
    // A getter of the host's error threw: all that is known is that the request failed.
    return { code: REQUEST_FAILURES.DISCONNECTED, message: `${context} failed` };
  }
}

/** The kit's own refusal of a request (an expired prompt, a payload the contract rejected), shaped as a gateway's. */
export function requestError(
  code: string,
  message: string,
  details?: { reason?: string; promptId?: string },
): Error & { code: string; details?: { reason?: string; promptId?: string } } {
  return Object.assign(new Error(message), { name: "RequestError", code, ...(details !== undefined ? { details } : {}) });
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
