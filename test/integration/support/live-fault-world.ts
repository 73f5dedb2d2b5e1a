/**
 * The fault schedules' world over real sockets and real time: a gateway (embedded or a real
 * OpenClaw), two kits as a host wires them — kit 0 behind a relay that a `cut` step drops and keeps
 * down until the next `pump`, kit 1 (the second client) behind a relay that only records — and a
 * separate raw client that asks and reads records. It implements schedule.ts's ScheduleWorld, so
 * the fake-clock suite's steps and invariants run here unchanged. A real gateway runs in real time,
 * so `advance` and `pump` wait for a condition (every kit connected and caught up with the
 * gateway) instead of moving a clock; a seed replays the same steps, not the same timing.
 */
import type { AskInput, ScheduleWorld } from "../../faults/support/schedule.js";
import type { SentResolve } from "../../faults/support/fault-world.js";
import type { QuestionRecord } from "../../../src/contract/types.js";
import type { AskUserStoreState } from "../../../src/store/types.js";
import type { GatewayTarget } from "./gateway-target.js";
import { connectRawGatewayClient } from "./raw-gateway-client.js";
import { type KitUnderTest, startKit } from "./scenario-kit.js";
import { startWsRelay, type WsRelay } from "./ws-relay.js";

/** A generous cap for one wait: a busy 2-core machine and a real gateway's lagging broadcasts. */
const WAIT_DEADLINE_MS = 45_000;
/** How often a wait re-reads the gateway; the store is re-checked on every change as well. */
const POLL_MS = 150;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request on a fresh raw connection: no socket outlives a step, so a restart cannot strand one. */
async function rawRequest(target: GatewayTarget, method: string, params: unknown) {
  const { client, hello } = await connectRawGatewayClient(target.url, { token: target.token, scopes: ["operator.questions"] });
  try {
    if (!hello.ok) throw new Error(`connect failed: ${JSON.stringify(hello.error)}`);
    return await client.request(method, params);
  } finally {
    await client.close();
  }
}

/** Retries `check` (which throws while the condition does not hold) until it passes or the deadline. */
export async function eventually<T>(what: string, check: () => T | Promise<T>, deadlineMs = WAIT_DEADLINE_MS): Promise<T> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until)
        throw new Error(`${what} did not hold within ${deadlineMs} ms: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
    }
    await pause(POLL_MS);
  }
}

const openIds = (state: AskUserStoreState) => Object.keys(state.prompts);

export async function createLiveFaultWorld(target: GatewayTarget, name: string) {
  const sent: SentResolve[] = [];
  const relays: WsRelay[] = [await startWsRelay(target.url, 0, sent), await startWsRelay(target.url, 1, sent)];
  const kits: Array<KitUnderTest & { index: number }> = relays.map((relay, index) => ({ index, ...startKit(relay.url, target.token) }));
  const asked: string[] = [];
  const asking = new Set<Promise<unknown>>();
  let restarting: Promise<void> | undefined;
  let restarts = 0;
  let held = false;
  let records: QuestionRecord[] = [];
  // A terminal record never changes, but the gateway forgets it (15 s after it ended, or on a
  // restart). Remembered, it keeps being checked, so a wrong outcome cannot pass by outliving it.
  const terminal = new Map<string, QuestionRecord>();

  /** Every record the gateway holds of this world's questions, plus whatever else it lists pending. */
  async function readGateway(): Promise<QuestionRecord[]> {
    const byId = new Map<string, QuestionRecord>();
    const listed = await rawRequest(target, "question.list", {});
    if (!listed.ok) throw new Error(`question.list failed: ${JSON.stringify(listed.error)}`);
    for (const record of (listed.payload as { questions: QuestionRecord[] }).questions) byId.set(record.id, record);
    for (const id of asked) {
      if (byId.has(id)) continue;
      const reply = await rawRequest(target, "question.get", { id });
      if (reply.ok) byId.set(id, (reply.payload as { question: QuestionRecord }).question);
      else if ((reply.error?.details as { reason?: string } | undefined)?.reason !== "QUESTION_NOT_FOUND")
        throw new Error(`question.get ${id} failed: ${JSON.stringify(reply.error)}`);
    }
    for (const record of byId.values()) if (record.status !== "pending") terminal.set(record.id, record);
    return [...byId.values()];
  }

  /** The faults in flight have played out: the relay is back, every kit is connected and shows what the gateway has pending. */
  async function settle(): Promise<void> {
    await Promise.allSettled([...asking]);
    // A restart that fails breaks every later step; say so rather than time out on each.
    await restarting;
    if (held) {
      relays[0]!.restore();
      held = false;
    }
    await eventually("every kit connected and caught up", async () => {
      for (const kit of kits) {
        const state = kit.store.getState();
        if (state.connection !== "connected") throw new Error(`kit ${kit.index} is ${state.connection}`);
        const busy = Object.values(state.prompts).find((entry) => entry.status === "submitting" || entry.checking);
        if (busy) throw new Error(`kit ${kit.index} still ${busy.checking ? "checking" : "submitting"} ${busy.id}`);
      }
      const pending = (await readGateway()).filter((record) => record.status === "pending").map((record) => record.id);
      for (const kit of kits) {
        const missing = pending.filter((id) => !openIds(kit.store.getState()).includes(id));
        if (missing.length > 0) throw new Error(`kit ${kit.index} does not show pending ${missing.join(", ")}`);
      }
    });
  }

  const world = {
    gateway: {
      ask(input: AskInput) {
        const id = `${name}-${asked.length}`;
        asked.push(id);
        // question.request takes the wire shape; ask_user's tool would add isOther itself.
        const questions = input.questions.map(({ id: questionId, ...rest }) => ({ questionId, ...rest, isOther: true }));
        const request = rawRequest(target, "question.request", { id, questions, timeoutMs: input.timeoutSeconds * 1_000 }).finally(() =>
          asking.delete(request),
        );
        asking.add(request);
        return request;
      },
      restart() {
        restarts += 1;
        // Questions already asked reach the gateway first, so the restart loses them for certain.
        restarting = Promise.allSettled([...asking]).then(() => target.restart());
        // A failure surfaces at the next settle; this handler only keeps it from being unhandled meanwhile.
        restarting.catch(() => {});
      },
      /** What the gateway holds now, as last read by `refresh()`. */
      records: () => records,
    },
    kits,
    sent,
    advance: () => settle(),
    pump: () => settle(),
    /** Kit 0's network drops and stays down until the next pump; the second client stays connected. */
    cutAll() {
      relays[0]!.cut({ stayDown: true });
      held = true;
    },
  } satisfies ScheduleWorld;

  return {
    ...world,
    get restarts() {
      return restarts;
    },
    /** Reads the gateway's records for `gateway.records()` (a real gateway answers asynchronously). */
    async refresh() {
      records = await readGateway();
    },
    /**
     * The records `kit` is checked against: what the gateway holds now, plus the remembered
     * terminal records it has forgotten — except where the kit says unavailable, which is the
     * right thing to show for a record the gateway no longer has.
     */
    recordsFor(kit: number): QuestionRecord[] {
      const held = new Set(records.map((record) => record.id));
      const state = kits[kit]!.store.getState();
      const forgotten = [...terminal.values()].filter((record) => !held.has(record.id) && state.settled[record.id]?.status !== "unavailable");
      return [...records, ...forgotten];
    },
    heal: settle,
    /** Stops the kits and relays, then cancels what this world left pending so the next one starts clean. */
    async dispose() {
      await Promise.allSettled([...asking, restarting]);
      for (const kit of kits) kit.stop();
      await Promise.all(relays.map((relay) => relay.close()));
      for (const record of await readGateway().catch(() => [])) {
        if (record.status === "pending" && asked.includes(record.id))
          await rawRequest(target, "question.resolve", { id: record.id, cancel: true }).catch(() => {});
      }
    },
  };
}

export type LiveFaultWorld = Awaited<ReturnType<typeof createLiveFaultWorld>>;
