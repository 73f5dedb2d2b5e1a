/**
 * 500 reconnect cycles of one kit (gateway client + bridge + store) against the embedded gateway
 * over loopback WebSockets. Each cycle the gateway restarts (dropping the socket with 1012), the
 * client reconnects and hydrates, a question is asked and answered end to end, and a host-like
 * consumer subscribes to the store and the client and unsubscribes again. After cycles 50 and 500
 * the heap, the live handles and timers, and the work per cycle are read; all must stay flat.
 */
import WebSocket from "ws";
import { connectQuestions } from "../../src/bridge/index.js";
import { createGatewayClient } from "../../src/client/index.js";
import { createAskUserStore, selectPrompt } from "../../src/store/index.js";
import { createLocalGateway, type LocalGateway } from "../../src/testing/index.js";
import { serveLocalGateway } from "../../src/testing/node.js";
import { activeResources, heapAfterGc, memoryStorage, until } from "./measure.js";

export interface CycleReading {
  cycle: number;
  heapBytes: number;
  resources: Record<string, number>;
  /** Requests the kit sent per cycle, averaged since the previous reading. */
  framesPerCycle: number;
  /** Store notifications per cycle, averaged since the previous reading. */
  storeWritesPerCycle: number;
}

const TOKEN = "soak-token";
const QUESTION = {
  questions: [{ id: "target", header: "Target", question: "Where should it go?", options: [{ label: "Staging" }, { label: "Production" }] }],
};

/** The embedded gateway with a tap counting the kit's frames (the gateway itself is untouched). */
function counted(gateway: LocalGateway, onFrame: () => void): LocalGateway {
  return {
    ...gateway,
    accept(transport, info) {
      const connection = gateway.accept(transport, info);
      return { receive: (text) => (onFrame(), connection.receive(text)), closed: () => connection.closed() };
    },
  };
}

export async function soakReconnectCycles(cycles = 500, readAt: readonly number[] = [50, 500]): Promise<CycleReading[]> {
  let frames = 0;
  const inner = createLocalGateway({ token: TOKEN });
  const served = await serveLocalGateway({ gateway: counted(inner, () => (frames += 1)) });
  // Short backoff: the soak is about what a reconnect leaves behind, not about its pacing.
  const client = createGatewayClient({ url: served.url, token: TOKEN, WebSocket, backoff: { initialMs: 5, maxMs: 20 } });
  // Each cycle's answered prompt stays in the transcript by design (about 2.5 KB, see the heap
  // bound in memory.ts); summaries are not persisted, so storage adds nothing per cycle.
  const store = createAskUserStore({ storage: memoryStorage() });
  const disconnect = connectQuestions(client, store);
  let storeWrites = 0;
  store.subscribe(() => (storeWrites += 1));

  const readings: CycleReading[] = [];
  let framesAtLast = 0;
  let writesAtLast = 0;
  let cycleAtLast = 0;
  try {
    await until(() => client.getStatus() === "connected", "the first connection");
    for (let cycle = 1; cycle <= cycles; cycle++) {
      const framesBefore = frames;
      served.gateway.restart();
      // Reconnected, and its `connect` and hydrating `question.list` reached the gateway.
      await until(() => client.getStatus() === "connected" && frames >= framesBefore + 2, `reconnect ${cycle}`);

      // A host view mounting and unmounting: its subscriptions must go with it. Each holds ~16 KB
      // of view state, so one left behind per cycle shows in the heap bound (≤ 12 KB a cycle).
      const view = new Array<number>(4_096).fill(cycle);
      const offStore = store.subscribe(() => void view.length);
      const offStatus = client.onStatus(() => void view.length);
      const offTick = client.onEvent("tick", () => void view.length);

      const outcome = served.gateway.ask(QUESTION);
      await until(() => Object.values(store.getState().prompts).some((entry) => entry.status === "pending" && !entry.checking), `question ${cycle}`);
      const id = Object.values(store.getState().prompts).find((entry) => entry.status === "pending")!.id;
      store.getState().pickOption(id, "target", "Production");
      store.getState().submit(id);
      await until(() => selectPrompt(store.getState(), id)?.status === "answered", `answer ${cycle}`);
      const result = await outcome;
      if (result.status !== "answered") throw new Error(`soak: cycle ${cycle} ended ${result.status}, not answered`);
      offStore();
      offStatus();
      offTick();

      if (readAt.includes(cycle)) {
        const span = cycle - cycleAtLast;
        readings.push({
          cycle,
          heapBytes: await heapAfterGc(),
          resources: activeResources(),
          framesPerCycle: (frames - framesAtLast) / span,
          storeWritesPerCycle: (storeWrites - writesAtLast) / span,
        });
        framesAtLast = frames;
        writesAtLast = storeWrites;
        cycleAtLast = cycle;
      }
    }
  } finally {
    disconnect();
    client.close();
    store.destroy();
    await served.close();
  }
  return readings;
}
