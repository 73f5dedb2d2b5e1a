/**
 * How the embedded gateway's methods are called and answer: one reply per request, params checked
 * against the gateway's schema first, errors in the gateway's shape.
 */
import { type GatewayError, invalidParams, invalidRequest } from "./gateway-replies.js";
import type { Client } from "./local-gateway-handshake.js";
import { type Schema, checkSchema } from "./param-schema.js";
import type { QuestionRefusal } from "./question-book.js";

export interface Reply {
  ok: boolean;
  payload?: unknown;
  error?: GatewayError;
}

export type Respond = (reply: Reply) => void;

/** Who sent the request. */
export interface Caller {
  client: Client;
  connId: string;
}

export type MethodHandler = (params: unknown, caller: Caller, respond: Respond) => void;

export const succeed = (payload: unknown): Reply => ({ ok: true, payload });
export const fail = (error: GatewayError): Reply => ({ ok: false, error });

/** A question refusal (`QUESTION_NOT_FOUND`, …) as the gateway reports it. */
export function refusalError(refusal: QuestionRefusal): GatewayError {
  return invalidRequest(refusal.message, { reason: refusal.reason });
}

/** A method whose params must fit `schema`; the schema error is the reply when they do not. */
export function checked<P>(method: string, schema: Schema, run: (params: P, caller: Caller, respond: Respond) => void): MethodHandler {
  return (params, caller, respond) => {
    const problems = checkSchema(schema, params);
    if (problems === null) run(params as P, caller, respond);
    else respond(fail(invalidParams(method, problems)));
  };
}
