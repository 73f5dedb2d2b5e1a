/**
 * Keeps an ask-user store in step with a gateway: connection status, hydration after every
 * (re)connect, question events in; and the store's outgoing port built over the question client.
 * The only module that knows both the client and the store.
 */
import type { StoreApi } from "zustand/vanilla";
import type { GatewayClient } from "../client/connection.js";
import { parsesEveryPayload } from "../client/parsing-clients.js";
import type { QuestionClient } from "../client/questions.js";
import { defaultTimers, type Timers } from "../contract/timers.js";
import type { QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";
import { trustParsedBatch, trustParsedEvent, trustParsedRecord } from "../store/trusted-records.js";
import type { AskUserStoreState } from "../store/types.js";
import { createGatewayPort } from "./gateway-port.js";
import { createHydration } from "./hydration.js";

export interface ConnectQuestionsOptions {
  /** Waits between failed `question.list` / recovery attempts while connected; the last repeats. Default 1 s, 2 s, 4 s. */
  retryDelaysMs?: readonly number[];
  timers?: Timers;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

/**
 * Connects `store` to the gateway behind `source` (a gateway client, or a question client over
 * one). Returns a function that disconnects the bridge: listeners removed, timers cleared, the
 * port detached (requests in flight still settle) and the store's connection set to disconnected.
 */
export function connectQuestions(
  source: GatewayClient | QuestionClient,
  store: StoreApi<AskUserStoreState>,
  options: ConnectQuestionsOptions = {},
): () => void {
  // A gateway client brings its own question client, so this bridge (and the provider and element
  // over it) carries none for a host that passes its own port instead.
  const own = "gateway" in source ? source : typeof source.questions === "function" ? source.questions() : undefined;
  if (!own) {
    store.getState().reportProblem({
      message: "connectQuestions needs a gateway client from createGatewayClient() or a question client (ask-user-kit/client); a gateway client of your own needs questions() { return createQuestionClient(this); }. Nothing was connected.",
    });
    return () => {};
  }
  // Named again as a non-optional const: the function declarations below do not keep the narrowing.
  const questions: QuestionClient = own;
  // Records and events from a question client the kit made (the gateway client's own, or the host's
  // from createQuestionClient) are parsed already, so the store may skip its own parse; a hand-built
  // question client's are checked.
  const parsed = parsesEveryPayload(questions);
  const trusted = parsed ? trustParsedRecord : (record: QuestionRecord) => record;
  const trustedEvent = parsed ? trustParsedEvent : (event: QuestionResolvedEvent) => event;
  const gateway = questions.gateway;
  const timers = options.timers ?? defaultTimers;
  const retryDelays = options.retryDelaysMs && options.retryDelaysMs.length > 0 ? options.retryDelaysMs : DEFAULT_RETRY_DELAYS_MS;

  let disposed = false;

  // Records that arrive in one burst (ws delivers every frame of a TCP read in one task) go to the
  // store as one batch; any other write flushes them first, so the store sees events in order.
  let arrivedRecords: QuestionRecord[] = [];
  function flushArrivedRecords(): void {
    if (arrivedRecords.length === 0) return;
    const records = arrivedRecords;
    arrivedRecords = [];
    // One mark for the burst rather than one per record.
    store.getState().upsertRecords(parsed ? trustParsedBatch(records) : records);
  }

  function write(action: (state: AskUserStoreState) => void): void {
    if (disposed) return;
    flushArrivedRecords();
    action(store.getState());
  }

  const hydration = createHydration({
    questions,
    gateway,
    getState: store.getState,
    write,
    trusted,
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
        write((state) => state.upsertRecord(trusted(record)));
        write((state) => state.applyResolved(event));
      },
      () => write((state) => state.applyResolved(event)),
    );
  }

  function learnOutcome(id: string): void {
    questions.get(id).then(
      (record) => write((state) => state.upsertRecord(trusted(record))),
      // The event already settled the prompt; without the record it just lacks resolvedBy.
      () => {},
    );
  }

  const detachPort = store.getState().connectGateway(createGatewayPort(questions, trusted));
  const unsubscribers = [
    gateway.onStatus((status) => {
      write((state) => state.setConnection(status));
      hydration.clearRetry();
      if (status === "connected") hydration.connected();
    }),
    gateway.onGap(() => hydration.request(true)),
    questions.onRequested((record) => {
      if (disposed) return;
      if (arrivedRecords.push(record) === 1) queueMicrotask(() => !disposed && flushArrivedRecords());
    }),
    questions.onResolved((resolved) => {
      const event = trustedEvent(resolved);
      if (event.status === "cancelled") applyCancelled(event);
      else write((state) => state.applyResolved(event));
    }),
    questions.onProblem((problem) =>
      write((state) => state.reportProblem({ kind: "record-unreadable", message: problem.message, ...(problem.promptId === undefined ? {} : { promptId: problem.promptId }) })),
    ),
  ];

  write((state) => state.setConnection(gateway.getStatus()));
  if (gateway.getStatus() === "connected") hydration.request(false);

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
