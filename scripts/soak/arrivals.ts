/**
 * Questions arriving and settling through the bridge into one store, as a long-lived page sees
 * them: `question.requested` then `question.resolved` events from a host transport (the kit's
 * `AskUserTransport`, filled in as a host fills it from its own client), in bursts of 100 per task
 * as a socket read delivers them, with drafts and summaries persisted. The heap (after a full
 * collection), the store's maps and the persisted bytes are read at each checkpoint; afterwards
 * the bridge is disconnected and the transport's listeners and the process's timers are counted.
 */
import { connectQuestions } from "../../src/bridge/index.js";
import type { AskUserTransport, ConnectionStatus } from "../../src/contract/index.js";
import { createAskUserStore } from "../../src/store/index.js";
import { localSummaries } from "../../src/store/local-summaries.js";
import { activeResources, heapAfterGc, memoryStorage } from "./measure.js";

export interface ArrivalReading {
  arrivals: number;
  heapBytes: number;
  openPrompts: number;
  settledPrompts: number;
  storedBytes: number;
}

export interface ArrivalsResult {
  readings: ArrivalReading[];
  /** Transport listeners (events and status) still attached after the bridge disconnected. */
  listenersAfterDisconnect: number;
  /** `Timeout` handles before connecting and after disconnecting and destroying the store. */
  timersBefore: number;
  timersAfter: number;
}

const BURST = 100;

/** A connected host transport whose events the soak pushes; it counts who listens. */
function hostTransport() {
  const events = new Map<string, Set<(payload: unknown) => void>>();
  const statuses = new Set<(status: ConnectionStatus) => void>();
  const transport: AskUserTransport = {
    request: async (method) => {
      if (method === "question.list") return { questions: [] };
      throw Object.assign(new Error(`soak transport: ${method} is not served`), { code: "UNAVAILABLE" });
    },
    onEvent(event, listener) {
      const set = events.get(event) ?? new Set();
      events.set(event, set.add(listener));
      return () => void set.delete(listener);
    },
    getStatus: () => "connected",
    onStatus(listener) {
      statuses.add(listener);
      return () => void statuses.delete(listener);
    },
  };
  const emit = (event: string, payload: unknown) => {
    for (const listener of [...(events.get(event) ?? [])]) listener(payload);
  };
  const listeners = () => statuses.size + [...events.values()].reduce((sum, set) => sum + set.size, 0);
  return { transport, emit, listeners };
}

function record(index: number, now: number) {
  return {
    id: `soak-${index}`,
    questions: [
      {
        questionId: "target",
        header: "Target",
        question: `Where should release ${index} go?`,
        options: [{ label: "Staging", description: "No customers" }, { label: "Production" }],
      },
    ],
    createdAtMs: now + index,
    expiresAtMs: now + index + 900_000,
    status: "pending",
    sessionKey: "agent:main:main",
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

export async function soakArrivals(checkpoints: readonly number[]): Promise<ArrivalsResult> {
  const now = Date.now();
  const timersBefore = activeResources().Timeout ?? 0;
  const summaryStorage = memoryStorage();
  const draftStorage = memoryStorage();
  const store = createAskUserStore({ storage: draftStorage, summaries: localSummaries({ storage: summaryStorage }) });
  const host = hostTransport();
  const disconnect = connectQuestions(host.transport, store);
  const storedBytes = () => [...summaryStorage.items, ...draftStorage.items].reduce((sum, [key, value]) => sum + key.length + value.length, 0);

  const readings: ArrivalReading[] = [];
  let next = 0;
  for (const checkpoint of checkpoints) {
    while (next < checkpoint) {
      const first = next;
      for (; next < Math.min(checkpoint, first + BURST); next += 1) host.emit("question.requested", record(next, now));
      await turn();
      for (let index = first; index < next; index += 1)
        host.emit("question.resolved", { id: `soak-${index}`, status: "answered", answers: { answers: { target: ["Staging"] } } });
      await turn();
    }
    const state = store.getState();
    readings.push({
      arrivals: next,
      heapBytes: await heapAfterGc(),
      openPrompts: Object.keys(state.prompts).length,
      settledPrompts: Object.keys(state.settled).length,
      storedBytes: storedBytes(),
    });
  }
  disconnect();
  store.destroy();
  await turn();
  return { readings, listenersAfterDisconnect: host.listeners(), timersBefore, timersAfter: activeResources().Timeout ?? 0 };
}
