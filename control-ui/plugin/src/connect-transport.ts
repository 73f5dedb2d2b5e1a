/**
 * Connects a store to the gateway behind an `AskUserTransport`.
 *
 * Today's bridge (`connectQuestions`) takes a gateway client, or a question client over one; the
 * bridge's move onto `AskUserTransport` (branch wt-b) makes this file one line,
 * `connectQuestions(transport, store)`. Until then the transport is dressed as the gateway client
 * the question client needs: the host's refusals become `GatewayError`s, its events frames.
 */
import { type ConnectionStatus, createQuestionClient, type GatewayClient, GatewayError, type QuestionClient } from "ask-user-kit/client";
import type { AskUserTransport } from "ask-user-kit/contract";
import { connectQuestions } from "ask-user-kit/bridge";
import type { AskUserStoreApi } from "ask-user-kit/element/standalone";

export function connectTransport(transport: AskUserTransport, store: AskUserStoreApi): () => void {
  return connectQuestions(gatewayClientOver(transport), store);
}

/** A refusal as the host's client gives it (an object or an Error with `code`, `message`, `details`). */
function asGatewayError(error: unknown, method: string, status: ConnectionStatus): GatewayError {
  const shape = typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  const code = typeof shape.code === "string" ? shape.code : status === "connected" ? "UNAVAILABLE" : "NOT_CONNECTED";
  const message = typeof shape.message === "string" ? shape.message : `${method} failed: ${String(error)}`;
  const details = typeof shape.details === "object" && shape.details !== null ? (shape.details as Record<string, unknown>) : undefined;
  return new GatewayError({
    code,
    message,
    ...(details ? { details } : {}),
    ...(typeof shape.retryable === "boolean" ? { retryable: shape.retryable } : {}),
    ...(typeof shape.retryAfterMs === "number" ? { retryAfterMs: shape.retryAfterMs } : {}),
  });
}

function gatewayClientOver(transport: AskUserTransport): GatewayClient {
  const errorListeners = new Set<(error: GatewayError) => void>();
  let questions: QuestionClient | undefined;
  const client: GatewayClient = {
    url: "",
    requestTimeoutMs: 15_000,
    getStatus: () => transport.getStatus(),
    getLastError: () => null,
    getHello: () => null,
    // The host owns the connection: it connects, reconnects and closes it.
    connect: () => {},
    close: () => {},
    request<T>(method: string, params?: unknown, options?: { timeoutMs?: number }): Promise<T> {
      const timeoutMs = options?.timeoutMs ?? client.requestTimeoutMs;
      return transport.request(method, params, { timeoutMs }).then(
        (payload) => payload as T,
        (error: unknown) => Promise.reject(asGatewayError(error, method, transport.getStatus())),
      );
    },
    onEvent: (event, listener) => transport.onEvent(event, (payload) => listener(payload, { type: "event", event, payload })),
    onStatus: (listener) => transport.onStatus((status) => listener(status, null)),
    onGap: (listener) => transport.onGap?.(() => listener({ expected: 0, received: 0 })) ?? (() => {}),
    onError(listener) {
      errorListeners.add(listener);
      return () => errorListeners.delete(listener);
    },
    reportError(error) {
      for (const listener of errorListeners) listener(error);
    },
    questions: () => (questions ??= createQuestionClient(client)),
  };
  return client;
}
