import { isConnectionFailure, type RequestFailure, requestFailureOf } from "../contract/request-failure.js";
import { QUESTION_ERROR_REASONS } from "../contract/gateway-text.js";
import type { Timers } from "../contract/timers.js";
import type { AskUserTransport } from "../contract/transport.js";
import { GATEWAY_METHODS } from "../contract/wire.js";
import type { AskUserStoreState } from "../store/index.js";
import type { ListResult, QuestionClient } from "./question-client.js";

interface HydrationDeps {
  questions: QuestionClient;
  transport: AskUserTransport;
  getState: () => AskUserStoreState;
  /** Applies a store write unless the bridge is disposed (and flushes queued arrivals first). */
  write: (action: (state: AskUserStoreState) => void) => void;
  timers: Timers;
  retryDelays: readonly number[];
  isDisposed: () => boolean;
}

interface Hydration {
  /** Lists and recovers now, or once more after the run in flight (`again`: a gap was seen mid-run). */
  request(again: boolean): void;
  /** A new connection: retry counters reset, and a run of the old connection is followed by another. */
  connected(): void;
  clearRetry(): void;
}

/**
 * After every (re)connect: `question.list`, then `question.get` for each prompt this store knows
 * that the list no longer has (ended while we were away, or gone: `unavailable`). A failing list
 * or a recovery read that failed for another reason than "not found" is retried with backoff while
 * connected, so no prompt stays answerable on the strength of a read that never came back.
 */
export function createHydration(deps: HydrationDeps): Hydration {
  const { questions, transport, write, timers, retryDelays } = deps;
  let running: Promise<void> | null = null;
  let runAgain = false;
  let retryTimer: unknown = null;
  let retryIndex = 0;
  /** One visible problem per connection for a failing `question.list`, not one per retry. */
  let listProblemReported = false;

  function request(again: boolean): void {
    if (deps.isDisposed() || transport.getStatus() !== "connected") return;
    if (running) {
      if (again) runAgain = true;
      return;
    }
    running = hydrate().finally(() => {
      running = null;
      if (runAgain) {
        runAgain = false;
        request(false);
      }
    });
  }

  async function hydrate(): Promise<void> {
    let listed: ListResult;
    try {
      listed = await questions.list();
    } catch (error) {
      scheduleRetry(requestFailureOf(error, GATEWAY_METHODS.questionList));
      return;
    }
    if (deps.isDisposed()) return;
    write((state) => state.receiveRecords(listed.questions));
    const listedIds = new Set<string>();
    for (const record of listed.questions) listedIds.add(record.id);
    // A malformed entry is still on the gateway: do not mistake it for a vanished prompt.
    for (const problem of listed.problems) if (problem.promptId !== undefined) listedIds.add(problem.promptId);

    const state = deps.getState();
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
      const record = await questions.get(id);
      write((state) => state.receiveRecords([record]));
      return true;
    } catch (error) {
      if (requestFailureOf(error, GATEWAY_METHODS.questionGet).reason !== QUESTION_ERROR_REASONS.notFound) {
        // Unknown yet: the gateway may have ended it, so it is not answerable until a retry reads it.
        write((state) => state.markChecking(id));
        return false;
      }
      write((state) => state.markUnavailable(id));
      return true;
    }
  }

  function scheduleRetry(error: RequestFailure | null): void {
    if (deps.isDisposed() || transport.getStatus() !== "connected" || retryTimer !== null) return;
    if (error && !listProblemReported && !isConnectionFailure(error)) {
      listProblemReported = true;
      write((state) => state.reportProblem({ kind: "list-failed", message: error.message }));
    }
    const delay = retryDelays[Math.min(retryIndex, retryDelays.length - 1)] ?? 1_000;
    retryIndex += 1;
    retryTimer = timers.setTimeout(() => {
      retryTimer = null;
      request(false);
    }, delay);
  }

  function clearRetry(): void {
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    retryTimer = null;
  }

  return {
    request,
    connected() {
      retryIndex = 0;
      listProblemReported = false;
      // A run still going belongs to the previous connection: run once more after it.
      if (running) runAgain = true;
      request(false);
    },
    clearRetry,
  };
}
