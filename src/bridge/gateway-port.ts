import { type GatewayError, gatewayErrorOf, isConnectionFailure, REQUEST_FAILURES } from "../contract/gateway-error.js";
import { GATEWAY_METHODS } from "../contract/wire.js";
import type { AskUserGatewayPort, PromptError } from "../store/index.js";
import type { QuestionClient } from "./question-client.js";

/** Failures of the kit's own that are their own reason when the gateway gave none. */
const OWN_REASONS: readonly string[] = [REQUEST_FAILURES.TIMEOUT, REQUEST_FAILURES.EXPIRED, REQUEST_FAILURES.MALFORMED_PAYLOAD];

/** A failed request in the store's words: its reason decides what the store does next. */
function promptErrorOf(error: GatewayError): PromptError {
  // The connection failed, not the gateway: the store says "Not connected" and offers Retry.
  if (isConnectionFailure(error)) return { message: error.message, reason: REQUEST_FAILURES.NOT_CONNECTED, code: error.code };
  const reason = error.reason ?? (OWN_REASONS.includes(error.code) ? error.code : undefined);
  return { message: error.message, ...(reason !== undefined ? { reason } : {}), code: error.code };
}

/**
 * The store's outgoing port over the question client: the store calls it, and each rejection comes
 * back as a `PromptError` whose `reason` (`QUESTION_NOT_FOUND`, `QUESTION_ALREADY_TERMINAL`,
 * `NOT_CONNECTED`, …) tells the store what happened.
 */
export function createGatewayPort(questions: QuestionClient): AskUserGatewayPort {
  const failed = (method: string) => (error: unknown) => Promise.reject(promptErrorOf(gatewayErrorOf(error, method)));
  const resolveFailed = failed(GATEWAY_METHODS.questionResolve);
  return {
    resolve: (id, answers, { expiresAtMs }) => questions.resolve(id, answers, { expiresAtMs }).catch(resolveFailed),
    cancel: (id, { expiresAtMs }) => questions.skip(id, { expiresAtMs }).catch(resolveFailed),
    get: (id) => questions.get(id).catch(failed(GATEWAY_METHODS.questionGet)),
  };
}
