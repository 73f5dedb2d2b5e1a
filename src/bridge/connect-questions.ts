/**
 * Keeps an ask-user store in step with a gateway: connection status, hydration after every
 * (re)connect, question events, and the store's submissions turned into exactly one
 * `question.resolve` each. The only module that knows both the client and the store.
 */
import type { StoreApi } from "zustand/vanilla";
import { QUESTION_ERROR_REASONS } from "../contract/index.js";
import type { QuestionRecord } from "../contract/types.js";
import { trustParsedRecord } from "../store/trusted-records.js";
import type { AskUserStoreState, PromptEntry, PromptError } from "../store/types.js";
import type { GatewayClient, TimerApi } from "../client/connection.js";
import { ClientErrorCodes, GatewayError, toGatewayError } from "../client/errors.js";
import { createQuestionClient, type QuestionClient } from "../client/questions.js";

export interface ConnectQuestionsOptions {
  /** Waits between failed `question.list` attempts while connected; the last repeats. Default 1 s, 2 s, 4 s. */
  retryDelaysMs?: readonly number[];
  timers?: TimerApi;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 2_000, 4_000];
const TRANSPORT_CODES: readonly string[] = [ClientErrorCodes.NOT_CONNECTED, ClientErrorCodes.DISCONNECTED, ClientErrorCodes.CLOSED];
/** Client codes that are their own reason when the gateway gave none. */
const CLIENT_REASONS: readonly string[] = [ClientErrorCodes.TIMEOUT, ClientErrorCodes.EXPIRED, ClientErrorCodes.MALFORMED_PAYLOAD];

/**
 * Connects `store` to the gateway behind `source` (a gateway client, or a question client over
 * one). Returns a function that disconnects the bridge: listeners removed, timers cleared, prompts
 * still submitting returned with `NOT_CONNECTED`, and the store's connection set to disconnected.
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
  const timers: TimerApi = options.timers ?? {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  };
  const retryDelays = options.retryDelaysMs && options.retryDelaysMs.length > 0 ? options.retryDelaysMs : DEFAULT_RETRY_DELAYS_MS;

  let disposed = false;
  /** Prompts with a resolve (or its follow-up `question.get`) on the wire. */
  const inFlight = new Set<string>();
  /** Prompts this bridge skipped: their `cancelled` broadcast is ours, not a run ending. */
  const ourSkips = new Set<string>();

  let hydration: Promise<void> | null = null;
  let hydrateAgain = false;
  let retryTimer: unknown = null;
  let retryIndex = 0;
  /** One visible problem per connection for a failing `question.list`, not one per retry. */
  let listProblemReported = false;

  // Store writes made here can never start a submission, so they skip the scan for one — unless
  // some other subscriber wrote during them (more than the one notification a write produces).
  let ownWriteDepth = 0;
  let notificationsDuringOwnWrite = 0;

  // Records that arrive in one burst (ws delivers every frame of a TCP read in one task) go to the
  // store as one batch; any other write flushes them first, so the store sees events in order.
  let arrivedRecords: QuestionRecord[] = [];
  function flushArrivedRecords(): void {
    if (arrivedRecords.length === 0) return;
    const records = arrivedRecords;
    arrivedRecords = [];
    applyWrite((state) => state.upsertRecords(records));
  }

  function write(action: (state: AskUserStoreState) => void): void {
    if (disposed) return;
    flushArrivedRecords();
    applyWrite(action);
  }

  function applyWrite(action: (state: AskUserStoreState) => void): void {
    if (ownWriteDepth === 0) notificationsDuringOwnWrite = 0;
    ownWriteDepth += 1;
    try {
      action(store.getState());
    } finally {
      ownWriteDepth -= 1;
      if (ownWriteDepth === 0 && notificationsDuringOwnWrite > 1) sendSubmissions(store.getState());
    }
  }

  function sendSubmissions(state: AskUserStoreState): void {
    if (disposed) return;
    for (const id in state.prompts) {
      const entry = state.prompts[id];
      if (entry && entry.status === "submitting" && !inFlight.has(id)) send(entry);
    }
  }

  function send(entry: PromptEntry): void {
    const id = entry.id;
    inFlight.add(id);
    const expiresAtMs = entry.record.expiresAtMs;
    let request: Promise<{ status: "answered"; answers: Record<string, string[]> } | { status: "cancelled" }>;
    if (entry.intent === "skip") {
      ourSkips.add(id);
      request = questions.skip(id, { expiresAtMs });
    } else if (entry.submittedAnswers) {
      request = questions.resolve(id, entry.submittedAnswers, { expiresAtMs });
    } else {
      request = Promise.reject(
        new GatewayError({ code: ClientErrorCodes.INVALID_OPTIONS, message: `prompt "${id}" is submitting without submittedAnswers; nothing to send` }),
      );
    }
    request.then(
      (result) => {
        inFlight.delete(id);
        write((state) => state.resolveSucceeded(id, result));
      },
      (error: unknown) => {
        ourSkips.delete(id);
        void settleFailure(id, toGatewayError(error, ClientErrorCodes.DISCONNECTED, "question.resolve")).finally(() => inFlight.delete(id));
      },
    );
  }

  async function settleFailure(id: string, error: GatewayError): Promise<void> {
    if (error.reason === QUESTION_ERROR_REASONS.notFound) {
      write((state) => state.markUnavailable(id));
      return;
    }
    if (error.reason !== QUESTION_ERROR_REASONS.alreadyTerminal) {
      write((state) => state.resolveFailed(id, promptError(error)));
      return;
    }
    // Someone else won (first writer wins): show their outcome, read from the record.
    try {
      const record = trusted(await questions.get(id));
      write((state) => state.upsertRecord(record));
      // A record still pending means the other resolve is mid-commit; let the person try again.
      if (store.getState().prompts[id]?.status === "submitting") write((state) => state.resolveFailed(id, promptError(error)));
    } catch (getError) {
      const failure = toGatewayError(getError, ClientErrorCodes.DISCONNECTED, "question.get");
      if (failure.reason === QUESTION_ERROR_REASONS.notFound) write((state) => state.markUnavailable(id));
      else write((state) => state.resolveFailed(id, promptError(TRANSPORT_CODES.includes(failure.code) ? failure : error)));
    }
  }

  /** Prompts left `submitting` with no request behind them go back to pending, drafts kept. */
  function failOrphanedSubmissions(message: string): void {
    const state = store.getState();
    for (const id in state.prompts) {
      if (state.prompts[id]?.status === "submitting" && !inFlight.has(id)) {
        write((current) => current.resolveFailed(id, { message, reason: ClientErrorCodes.NOT_CONNECTED, code: ClientErrorCodes.NOT_CONNECTED }));
      }
    }
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
      scheduleRetry(toGatewayError(error, ClientErrorCodes.DISCONNECTED, "question.list"));
      return;
    }
    if (disposed) return;
    retryIndex = 0;
    for (const record of listed.questions) trusted(record);
    write((state) => state.upsertRecords(listed.questions));
    const listedIds = new Set<string>();
    for (const record of listed.questions) listedIds.add(record.id);
    // A malformed entry is still on the gateway: do not mistake it for a vanished prompt.
    for (const problem of listed.problems) if (problem.promptId !== undefined) listedIds.add(problem.promptId);

    const state = store.getState();
    const missing = new Set<string>();
    for (const id in state.prompts) if (!listedIds.has(id) && !inFlight.has(id)) missing.add(id);
    for (const id in state.settled) if (state.settled[id]?.locallyExpired && !listedIds.has(id)) missing.add(id);
    for (const id in state.heldResolutions) if (!listedIds.has(id)) missing.add(id);
    await Promise.all([...missing].map((id) => recover(id)));
  }

  /** Reads one record the list did not include: terminal now, or gone (`unavailable`). */
  async function recover(id: string): Promise<void> {
    try {
      const record = trusted(await questions.get(id));
      write((state) => state.upsertRecord(record));
    } catch (error) {
      // Malformed records were already reported; transport failures retry on the next connect.
      if (toGatewayError(error, ClientErrorCodes.DISCONNECTED, "question.get").reason === QUESTION_ERROR_REASONS.notFound) {
        write((state) => state.markUnavailable(id));
      }
    }
  }

  function learnOutcome(id: string): void {
    questions.get(id).then(
      (record) => write((state) => state.upsertRecord(trusted(record))),
      // The event already settled the prompt; without the record it just lacks resolvedBy.
      () => {},
    );
  }

  function scheduleRetry(error: GatewayError): void {
    if (disposed || gateway.getStatus() !== "connected") return;
    if (!listProblemReported && !TRANSPORT_CODES.includes(error.code)) {
      listProblemReported = true;
      write((state) => state.reportProblem({ message: `Could not load pending questions (question.list): ${error.message}` }));
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

  const unsubscribers = [
    store.subscribe((state) => {
      if (ownWriteDepth > 0) notificationsDuringOwnWrite += 1;
      else sendSubmissions(state);
    }),
    gateway.onStatus((status) => {
      write((state) => state.setConnection(status));
      clearRetry();
      if (status === "connected") {
        retryIndex = 0;
        listProblemReported = false;
        // A hydration still running belongs to the previous connection: run once more after it.
        if (hydration) hydrateAgain = true;
        requestHydration(false);
      } else {
        failOrphanedSubmissions("Not connected to the gateway.");
      }
    }),
    gateway.onGap(() => requestHydration(true)),
    questions.onRequested((record) => {
      if (disposed) return;
      if (arrivedRecords.push(trusted(record)) === 1) queueMicrotask(() => !disposed && flushArrivedRecords());
    }),
    questions.onResolved((event) => {
      const ours = ourSkips.delete(event.id);
      write((state) => state.applyResolved(event));
      // The broadcast omits resolvedBy; the record tells a run that ended from a person who skipped.
      if (event.status === "cancelled" && !ours) learnOutcome(event.id);
    }),
    questions.onProblem((problem) => write((state) => state.reportProblem(problem))),
  ];

  write((state) => state.setConnection(gateway.getStatus()));
  if (gateway.getStatus() === "connected") requestHydration(false);
  sendSubmissions(store.getState());

  return () => {
    if (disposed) return;
    flushArrivedRecords();
    for (const unsubscribe of unsubscribers) unsubscribe();
    clearRetry();
    inFlight.clear();
    failOrphanedSubmissions("The gateway bridge was disconnected.");
    write((state) => state.setConnection("disconnected"));
    disposed = true;
  };
}

function promptError(error: GatewayError): PromptError {
  if (TRANSPORT_CODES.includes(error.code)) {
    return { message: error.message, reason: ClientErrorCodes.NOT_CONNECTED, code: error.code };
  }
  const reason = error.reason ?? (CLIENT_REASONS.includes(error.code) ? error.code : undefined);
  return { message: error.message, ...(reason !== undefined ? { reason } : {}), code: error.code };
}
