import { isConnectionFailure, REQUEST_FAILURES, type RequestFailure, requestFailureOf } from "../contract/request-failure.js";
import { GATEWAY_METHODS } from "../contract/wire.js";
import type { AskUserGatewayPort, PromptError } from "../store/index.js";
import type { QuestionClient } from "./question-client.js";

/** Failures of the kit's own that are their own reason when the gateway gave none. */
const OWN_REASONS: readonly string[] = [REQUEST_FAILURES.TIMEOUT, REQUEST_FAILURES.EXPIRED, REQUEST_FAILURES.MALFORMED_PAYLOAD];

/** A failed request in the store's words: its reason decides what the store does next. */
function promptErrorOf(failure: RequestFailure): PromptError {
  // The connection failed, not the gateway: the store says "Not connected" and offers Retry.
  if (isConnectionFailure(failure)) return { message: failure.message, reason: REQUEST_FAILURES.NOT_CONNECTED, code: failure.code };
  const reason = failure.reason ?? (OWN_REASONS.includes(failure.code) ? failure.code : undefined);
  return { message: failure.message, ...(reason !== undefined ? { reason } : {}), code: failure.code };
}

/**
 * The store's outgoing port over the question client: the store calls it, and each rejection comes
 * back as a `PromptError` whose `reason` (`QUESTION_NOT_FOUND`, `QUESTION_ALREADY_TERMINAL`,
 * `NOT_CONNECTED`, …) tells the store what happened.
 */
export function createGatewayPort(questions: QuestionClient): AskUserGatewayPort {
  const failed = (method: string) => (error: unknown) => Promise.reject(promptErrorOf(requestFailureOf(error, method)));
  const resolveFailed = failed(GATEWAY_METHODS.questionResolve);
  return {
    resolve: (id, answers, { expiresAtMs }) => questions.resolve(id, answers, { expiresAtMs }).catch(resolveFailed),
    cancel: (id, { expiresAtMs }) => questions.skip(id, { expiresAtMs }).catch(resolveFailed),
    get: (id) => questions.get(id).catch(failed(GATEWAY_METHODS.questionGet)),
  };
}
