import { describe, expect, it } from "vitest";
import { GatewayError } from "../../src/client/index.js";
import { isConnectionFailure, requestFailureOf } from "../../src/contract/request-failure.js";

/** OpenClaw's browser client (control-ui 2026.9.6): `GatewayProtocolRequestError` and its `GatewayRequestError`. */
class OpenClawRequestError extends Error {
  readonly code: string;
  readonly gatewayCode: string;
  readonly details?: unknown;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  constructor(shape: { code?: string; message?: string; details?: unknown; retryable?: boolean; retryAfterMs?: number }) {
    super(shape.message ?? "request failed");
    this.name = "GatewayRequestError";
    this.code = shape.code ?? "UNAVAILABLE";
    this.gatewayCode = this.code;
    this.details = shape.details;
    this.retryable = shape.retryable === true;
    if (shape.retryAfterMs !== undefined) this.retryAfterMs = shape.retryAfterMs;
  }
}

/** Its request timeout: an Error with `code` "CLIENT_TIMEOUT". */
class OpenClawTimeoutError extends Error {
  readonly code = "CLIENT_TIMEOUT";
}

describe("requestFailureOf reads what a transport rejected with", () => {
  it.each([
    {
      what: "OpenClaw's refusal: the gateway's code and details.reason",
      error: new OpenClawRequestError({
        code: "INVALID_REQUEST",
        message: "question 'ask_1' was not found",
        details: { reason: "QUESTION_NOT_FOUND" },
      }),
      expected: { code: "INVALID_REQUEST", reason: "QUESTION_NOT_FOUND", message: "question 'ask_1' was not found" },
    },
    {
      what: "OpenClaw's retryable refusal without a reason",
      error: new OpenClawRequestError({ code: "UNAVAILABLE", message: "starting", retryable: true, retryAfterMs: 500 }),
      expected: { code: "UNAVAILABLE", message: "starting" },
    },
    {
      what: "the kit's own client's GatewayError",
      error: new GatewayError({
        code: "INVALID_REQUEST",
        message: "question 'ask_1' is already answered",
        details: { reason: "QUESTION_ALREADY_TERMINAL" },
      }),
      expected: { code: "INVALID_REQUEST", reason: "QUESTION_ALREADY_TERMINAL", message: "question 'ask_1' is already answered" },
    },
    {
      what: "the kit's own client when not connected",
      error: new GatewayError({ code: "NOT_CONNECTED", message: "question.get: not connected to the gateway" }),
      expected: { code: "NOT_CONNECTED", message: "question.get: not connected to the gateway" },
    },
    {
      what: "an older client that names the code only as gatewayCode",
      error: Object.assign(new Error("question 'ask_1' is already answered"), {
        gatewayCode: "INVALID_REQUEST",
        details: { reason: "QUESTION_ALREADY_TERMINAL" },
      }),
      expected: { code: "INVALID_REQUEST", message: "question 'ask_1' is already answered", reason: "QUESTION_ALREADY_TERMINAL" },
    },
    {
      what: "a plain error shape object",
      error: { code: "INVALID_REQUEST", message: "bad", details: { reason: "QUESTION_INVALID_ANSWER" } },
      expected: { code: "INVALID_REQUEST", reason: "QUESTION_INVALID_ANSWER", message: "bad" },
    },
    {
      what: "OpenClaw's timeout becomes the kit's TIMEOUT",
      error: new OpenClawTimeoutError("gateway request timed out after 30000ms: question.resolve"),
      expected: { code: "TIMEOUT", message: "gateway request timed out after 30000ms: question.resolve" },
    },
    {
      what: "OpenClaw's 'not connected' (a plain Error) is a connection failure",
      error: new Error("gateway not connected"),
      expected: { code: "DISCONNECTED", message: "question.resolve: gateway not connected" },
    },
    {
      what: "a socket closed mid-request (a plain Error) is a connection failure",
      error: new Error("gateway closed (1006): "),
      expected: { code: "DISCONNECTED", message: "question.resolve: gateway closed (1006): " },
    },
    {
      what: "a rejected string",
      error: "offline",
      expected: { code: "DISCONNECTED", message: "question.resolve: offline" },
    },
    {
      what: "details that are not an object give no reason",
      error: { code: "INVALID_REQUEST", message: "bad", details: "QUESTION_NOT_FOUND" },
      expected: { code: "INVALID_REQUEST", message: "bad" },
    },
    {
      what: "a code that is a name on Object.prototype stays as it is",
      error: { code: "constructor", message: "odd" },
      expected: { code: "constructor", message: "odd" },
    },
  ])("$what", ({ error, expected }) => {
    // Exactly these fields: a reason the error does not carry is absent, not undefined.
    expect(requestFailureOf(error, "question.resolve")).toStrictEqual(expected);
  });

  it("never throws on an error whose fields throw when read", () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
      },
    );
    expect(requestFailureOf(hostile, "question.list")).toStrictEqual({ code: "DISCONNECTED", message: "question.list failed" });
  });
});

describe("isConnectionFailure", () => {
  it.each([
    ["NOT_CONNECTED", true],
    ["DISCONNECTED", true],
    ["CLOSED", true],
    ["TIMEOUT", false],
    ["INVALID_REQUEST", false],
    ["UNAVAILABLE", false],
  ])("%s → %s", (code, expected) => {
    expect(isConnectionFailure({ code, message: "m" })).toBe(expected);
  });
});
