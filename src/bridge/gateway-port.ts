import { ClientErrorCodes, type GatewayError, toGatewayError } from "../client/errors.js";
import type { QuestionClient } from "../client/questions.js";
import type { QuestionRecord } from "../contract/types.js";
import { NOT_CONNECTED_REASON } from "../store/send-actions.js";
import type { AskUserGatewayPort, PromptError } from "../store/types.js";

const TRANSPORT_CODES: readonly string[] = [ClientErrorCodes.NOT_CONNECTED, ClientErrorCodes.DISCONNECTED, ClientErrorCodes.CLOSED];
/** Client codes that are their own reason when the gateway gave none. */
const CLIENT_REASONS: readonly string[] = [ClientErrorCodes.TIMEOUT, ClientErrorCodes.EXPIRED, ClientErrorCodes.MALFORMED_PAYLOAD];

export function gatewayErrorOf(error: unknown, context: string): GatewayError {
  return toGatewayError(error, ClientErrorCodes.DISCONNECTED, context);
}

/** The socket failed (not the gateway): the store says "Not connected" and offers Retry. */
export function isTransportError(error: GatewayError): boolean {
  return TRANSPORT_CODES.includes(error.code);
}

/** A client failure in the store's words: its reason decides what the store does next. */
export function promptErrorOf(error: GatewayError): PromptError {
  if (isTransportError(error)) return { message: error.message, reason: NOT_CONNECTED_REASON, code: error.code };
  const reason = error.reason ?? (CLIENT_REASONS.includes(error.code) ? error.code : undefined);
  return { message: error.message, ...(reason !== undefined ? { reason } : {}), code: error.code };
}

/**
 * The store's outgoing port over a question client: the store calls it, and each rejection comes
 * back as a `PromptError` whose `reason` (`QUESTION_NOT_FOUND`, `QUESTION_ALREADY_TERMINAL`,
 * `NOT_CONNECTED`, …) tells the store what happened.
 */
export function createGatewayPort(questions: QuestionClient, trusted: (record: QuestionRecord) => QuestionRecord): AskUserGatewayPort {
  const failed = (method: string) => (error: unknown) => Promise.reject(promptErrorOf(gatewayErrorOf(error, method)));
  // Made once, not per call.
  const resolveFailed = failed("question.resolve");
  const getFailed = failed("question.get");
  return {
    resolve: (id, answers, { expiresAtMs }) => questions.resolve(id, answers, { expiresAtMs }).catch(resolveFailed),
    cancel: (id, { expiresAtMs }) => questions.skip(id, { expiresAtMs }).catch(resolveFailed),
    get: (id) => questions.get(id).then(trusted, getFailed),
  };
}
