/**
 * Keeps an ask-user store in step with a gateway: connection status, hydration after every
 * (re)connect, question events in; and the store's outgoing port built over the question client.
 * The only module that knows both the client and the store.
 */
import type { StoreApi } from "zustand/vanilla";
import type { GatewayClient } from "../client/connection.js";
import { createQuestionClient, type QuestionClient } from "../client/questions.js";
import { defaultTimers, type Timers } from "../contract/timers.js";
import type { QuestionRecord, QuestionResolvedEvent } from "../contract/types.js";
import { trustParsedRecord } from "../store/trusted-records.js";
import type { AskUserStoreState } from "../store/types.js";
import { createGatewayPort, gatewayErrorOf, isTransportError } from "./gateway-port.js";
import { QUESTION_ERROR_REASONS } from "../contract/gateway-text.js";

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
  const questions = "gateway" in source ? source : createQuestionClient(source);
  // Records from a question client this bridge made are parsed already, so the store may skip its
  // own parse; a question client the host passed in may be hand-built, so its records are checked.
  const trusted = "gateway" in source ? (record: QuestionRecord) => record : trustParsedRecord;
  const gateway = questions.gateway;
  const timers = options.timers ?? defaultTimers;
  const retryDelays = options.retryDelaysMs && options.retryDelaysMs.length > 0 ? options.retryDelaysMs : DEFAULT_RETRY_DELAYS_MS;

  let disposed = false;
  let hydration: Promise<void> | null = null;
  let hydrateAgain = false;
  let retryTimer: unknown = null;
  let retryIndex = 0;
  /** One visible problem per connection for a failing `question.list`, not one per retry. */
  let listProblemReported = false;

  // Records that arrive in one burst (ws delivers every frame of a TCP read in one task) go to the
  // store as one batch; any other write flushes them first, so the store sees events in order.
  let arrivedRecords: QuestionRecord[] = [];
  function flushArrivedRecords(): void {
    if (arrivedRecords.length === 0) return;
    const records = arrivedRecords;
    arrivedRecords = [];
    store.getState().upsertRecords(records);
  }

  function write(action: (state: AskUserStoreState) => void): void {
    if (disposed) return;
    flushArrivedRecords();
    action(store.getState());
  }

  function requestHydration(again: boolean): void {
    if (disposed || gateway.getStatus() !== "connected") return;
    if (hydration) {
      if (again) hydrateAgain = true;
      return;
    }
    hydration = hydrate().finally(() => {
      hydration = null;
      if (hydrateAgain) {
        hydrateAgain = false;
        requestHydration(false);
      }
    });
  }

  async function hydrate(): Promise<void> {
    let listed;
    try {
      listed = await questions.list();
    } catch (error) {
      scheduleRetry(gatewayErrorOf(error, "question.list"));
      return;
    }
    if (disposed) return;
    for (const record of listed.questions) trusted(record);
    write((state) => state.upsertRecords(listed.questions));
    const listedIds = new Set<string>();
    for (const record of listed.questions) listedIds.add(record.id);
    // A malformed entry is still on the gateway: do not mistake it for a vanished prompt.
    for (const problem of listed.problems) if (problem.promptId !== undefined) listedIds.add(problem.promptId);

    const state = store.getState();
    const missing = new Set<string>();
    // A prompt being submitted is settled by its own request, not guessed at here.
    for (const id in state.prompts) if (!listedIds.has(id) && state.prompts[id]?.status !== "submitting") missing.add(id);
    for (const id in state.settled) if (state.settled[id]?.locallyExpired && !listedIds.has(id)) missing.add(id);
    for (const id in state.heldResolutions) if (!listedIds.has(id)) missing.add(id);
    const recovered = await Promise.all([...missing].map((id) => recover(id)));
    if (recovered.every(Boolean)) retryIndex = 0;
    // A read that failed for another reason than "not found" leaves the prompt unconfirmed: try again.
    else scheduleRetry(null);
  }

  /** Reads one record the list did not include: terminal now, or gone (`unavailable`). False when unknown yet. */
  async function recover(id: string): Promise<boolean> {
    try {
      const record = trusted(await questions.get(id));
      write((state) => state.upsertRecord(record));
      return true;
    } catch (error) {
      if (gatewayErrorOf(error, "question.get").reason !== QUESTION_ERROR_REASONS.notFound) return false;
      write((state) => state.markUnavailable(id));
      return true;
    }
  }

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

  function scheduleRetry(error: ReturnType<typeof gatewayErrorOf> | null): void {
    if (disposed || gateway.getStatus() !== "connected" || retryTimer !== null) return;
    if (error && !listProblemReported && !isTransportError(error)) {
      listProblemReported = true;
      write((state) => state.reportProblem({ kind: "list-failed", message: error.message }));
    }
    const delay = retryDelays[Math.min(retryIndex, retryDelays.length - 1)] ?? 1_000;
    retryIndex += 1;
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      requestHydration(false);
    }, delay);
  }

  function clearRetry(): void {
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = null;
  }

  const detachPort = store.getState().connectGateway(createGatewayPort(questions, trusted));
  const unsubscribers = [
    gateway.onStatus((status) => {
      write((state) => state.setConnection(status));
      clearRetry();
      if (status === "connected") {
        retryIndex = 0;
        listProblemReported = false;
        // A hydration still running belongs to the previous connection: run once more after it.
        if (hydration) hydrateAgain = true;
        requestHydration(false);
      }
    }),
    gateway.onGap(() => requestHydration(true)),
    questions.onRequested((record) => {
      if (disposed) return;
      if (arrivedRecords.push(trusted(record)) === 1) queueMicrotask(() => !disposed && flushArrivedRecords());
    }),
    questions.onResolved((event) => {
      if (event.status === "cancelled") applyCancelled(event);
      else write((state) => state.applyResolved(event));
    }),
    questions.onProblem((problem) =>
      write((state) => state.reportProblem({ kind: "record-unreadable", message: problem.message, ...(problem.promptId === undefined ? {} : { promptId: problem.promptId }) })),
    ),
  ];

  write((state) => state.setConnection(gateway.getStatus()));
  if (gateway.getStatus() === "connected") requestHydration(false);

  return () => {
    if (disposed) return;
    flushArrivedRecords();
    for (const unsubscribe of unsubscribers) unsubscribe();
    clearRetry();
    detachPort();
    write((state) => state.setConnection("disconnected"));
    disposed = true;
  };
}
