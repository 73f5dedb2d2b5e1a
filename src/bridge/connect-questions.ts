/**
 * Keeps an ask-user store in step with a gateway: connection status, hydration after every
 * (re)connect, question events in; and the store's outgoing port built over the question calls.
 * The only module that knows both the gateway (through a transport) and the store.
 */
import type { StoreApi } from "zustand/vanilla";
import { defaultTimers, type Timers } from "../contract/timers.js";
import type { AskUserTransport } from "../contract/transport.js";
import type { QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";
import type { AskUserStoreState } from "../store/index.js";
import { createGatewayPort } from "./gateway-port.js";
import { createHydration } from "./hydration.js";
import { createQuestionClient } from "./question-client.js";

export interface ConnectQuestionsOptions {
  /** Waits between failed `question.list` / recovery attempts while connected; the last repeats. Default 1 s, 2 s, 4 s. */
  retryDelaysMs?: readonly number[];
  /** How long a resolve or a skip waits for the gateway, at most (the prompt's expiry caps it further). Default 15 000 ms. */
  requestTimeoutMs?: number;
  timers?: Timers;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000];
const TRANSPORT_METHODS = ["request", "onEvent", "getStatus", "onStatus"] as const;

/**
 * Connects `store` to the gateway behind `transport` (the kit's gateway client, or a host's own
 * connection filled into `AskUserTransport`). Returns a function that disconnects the bridge:
 * listeners removed, timers cleared, the port detached (requests in flight still settle) and the
 * store's connection set to disconnected.
 */
export function connectQuestions(transport: AskUserTransport, store: StoreApi<AskUserStoreState>, options: ConnectQuestionsOptions = {}): () => void {
  if (!TRANSPORT_METHODS.every((name) => typeof (transport as Partial<AskUserTransport> | null | undefined)?.[name] === "function")) {
    store.getState().reportProblem({
      message: `connectQuestions needs a transport with ${TRANSPORT_METHODS.join(", ")} (createGatewayClient() from ask-user-kit/client is one). Nothing was connected.`,
    });
    return () => {};
  }
  const timers = options.timers ?? defaultTimers;
  const retryDelays = options.retryDelaysMs && options.retryDelaysMs.length > 0 ? options.retryDelaysMs : DEFAULT_RETRY_DELAYS_MS;
  const questions = createQuestionClient(transport, {
    ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    onProblem: (problem) =>
      write((state) =>
        state.reportProblem({
          kind: "record-unreadable",
          message: problem.message,
          ...(problem.promptId === undefined ? {} : { promptId: problem.promptId }),
        }),
      ),
  });

  let disposed = false;

  // Records that arrive in one burst (ws delivers every frame of a TCP read in one task) go to the
  // store as one batch; any other write flushes them first, so the store sees events in order.
  let arrivedRecords: QuestionRecord[] = [];
  function flushArrivedRecords(): void {
    if (arrivedRecords.length === 0) return;
    const records = arrivedRecords;
    arrivedRecords = [];
    store.getState().receiveRecords(records);
  }

  function write(action: (state: AskUserStoreState) => void): void {
    if (disposed) return;
    flushArrivedRecords();
    action(store.getState());
  }

  const hydration = createHydration({
    questions,
    transport,
    getState: store.getState,
    write,
    timers,
    retryDelays,
    isDisposed: () => disposed,
  });

  /**
   * A `cancelled` broadcast does not say who cancelled; the record's `resolvedBy` does. For a prompt
   * on screen the record is read first, so it ends once with the right words ("Run ended", not
   * "Skipped elsewhere" then "Run ended"); if the read fails the broadcast alone settles it.
   */
  function applyCancelled(event: QuestionResolvedEvent): void {
    const state = store.getState();
    const entry = state.prompts[event.id];
    // Our own Skip, or a prompt that has ended already: the broadcast adds nothing to learn.
    const known = (entry?.status === "submitting" && entry.intent === "skip") || Object.hasOwn(state.settled, event.id);
    if (!entry || known) {
      write((current) => current.applyResolved(event));
      if (!known) learnOutcome(event.id);
      return;
    }
    questions.get(event.id).then(
      (record) => {
        write((state) => state.receiveRecords([record]));
        write((state) => state.applyResolved(event));
      },
      () => write((state) => state.applyResolved(event)),
    );
  }

  function learnOutcome(id: string): void {
    questions.get(id).then(
      (record) => write((state) => state.receiveRecords([record])),
      // The event already settled the prompt; without the record it just lacks resolvedBy.
      () => {},
    );
  }

  const detachPort = store.getState().connectGateway(createGatewayPort(questions));
  const unsubscribers = [
    transport.onStatus((status) => {
      write((state) => state.setConnection(status));
      hydration.clearRetry();
      if (status === "connected") hydration.connected();
    }),
    // Without the gap signal, events lost in a gap are recovered at the next reconnect.
    transport.onGap?.(() => hydration.request(true)) ?? (() => {}),
    questions.onRequested((record) => {
      if (disposed) return;
      if (arrivedRecords.push(record) === 1) queueMicrotask(() => !disposed && flushArrivedRecords());
    }),
    questions.onResolved((event) => {
      if (event.status === "cancelled") applyCancelled(event);
      else write((state) => state.applyResolved(event));
    }),
  ];

  write((state) => state.setConnection(transport.getStatus()));
  if (transport.getStatus() === "connected") hydration.request(false);

  return () => {
    if (disposed) return;
    flushArrivedRecords();
    for (const unsubscribe of unsubscribers) unsubscribe();
    hydration.clearRetry();
    detachPort();
    write((state) => state.setConnection("disconnected"));
    disposed = true;
  };
}
