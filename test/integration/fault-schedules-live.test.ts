// The fault schedules' smaller leg over real sockets: the steps and invariants of
// test/faults (schedule.ts), played against a gateway in real time. `npm test` runs it against
// the embedded gateway; `npm run test:openclaw` runs the very same file against a real OpenClaw
// gateway. Every schedule cuts kit 0's socket through a relay while a prompt is open and has the
// second client answer; the restart schedules also restart the gateway mid-prompt (a real one
// loses its questions). Afterwards the kits must match what a separate raw client reads from the
// gateway (question.list / question.get), with nothing sent twice or altered, no draft lost and
// no uncaught error.
//
//   FAULT_SEED=<seed> [FAULT_PATH=<path>] npm run test:openclaw -- test/integration/fault-schedules-live.test.ts -t restart
//   (or `npx vitest run test/integration/fault-schedules-live.test.ts` for the embedded gateway)
// replays the steps of one failing schedule (fast-check prints seed and path); timing is real, so
// a replay repeats the steps, not the exact interleaving.
import fc from "fast-check";
import { afterAll, beforeAll, describe, test } from "vitest";
import { type Action, checkInvariants, type Intent, KITS, play, steps } from "../faults/support/schedule.js";
import { type GatewayTarget, useGatewayTarget } from "./support/gateway-target.js";
import { createLiveFaultWorld, eventually } from "./support/live-fault-world.js";

const openclaw = process.env.ASK_USER_GATEWAY === "openclaw";
// A real restart is a stop and a cold start of the gateway: ~25–40 s on a quiet machine, 70–100 s
// measured at load 12 on 2 cores. So the real leg restarts once; cut schedules take ~1 s each.
const RUNS = Number(process.env.FAULT_LIVE_RUNS ?? (openclaw ? 6 : 12));
const RESTART_RUNS = Number(process.env.FAULT_LIVE_RESTART_RUNS ?? (openclaw ? 1 : 6));
const REPLAY =
  process.env.FAULT_SEED === undefined
    ? {}
    : { seed: Number(process.env.FAULT_SEED), ...(process.env.FAULT_PATH ? { path: process.env.FAULT_PATH } : {}) };
// Shrinking would replay dozens of real-time schedules (each restart a gateway start): report the
// first failure as it is. A replay with a path runs that one schedule, not the runs after it.
const PARAMETERS = { endOnFailure: true, ...REPLAY, ...("path" in REPLAY ? { numRuns: 1 } : {}) };

let target: GatewayTarget;
beforeAll(async () => {
  target = await useGatewayTarget();
}, 60_000);
afterAll(async () => {
  await target?.close();
  console.log(
    `[faults:live] ${target?.kind} gateway: ${tally.schedules} schedules passed, ${tally.resolves} resolve frames sent, ${tally.restarts} gateway restarts, ${tally.unavailable} prompts shown unavailable after one`,
  );
});

const answer0 = { type: "answer" as const, kit: 0 };
/** Steps between the faults; `advance` is a settle here, as `pump` is. No restarts: those are placed. */
const between = fc.array(
  fc.oneof(
    { weight: 2, arbitrary: steps.ask },
    { weight: 3, arbitrary: steps.type },
    { weight: 3, arbitrary: steps.answer },
    { weight: 1, arbitrary: steps.skip },
    { weight: 1, arbitrary: steps.retry },
    { weight: 1, arbitrary: steps.cut },
    { weight: 2, arbitrary: steps.pump },
  ),
  { maxLength: 5 },
);
/**
 * An open prompt with a draft, then kit 0's socket cut (and kept down until the next pump) and the
 * second client answering, in that order, with random steps around and between them.
 */
const cutAndAnswer = fc
  .tuple(between, between, between, fc.constantFrom(answer0, { type: "pump" as const }))
  .map(([a, b, c, last]): Action[] => [
    { type: "ask", questions: 1, timeoutSeconds: 900 },
    { type: "pump" },
    { type: "type", kit: 0, text: "canary" },
    ...a,
    { type: "cut" },
    ...b,
    { type: "answer", kit: 1 },
    ...c,
    last,
  ]);
/** The same, with a gateway restart placed somewhere after the first prompt is open. */
const withRestart = fc.tuple(cutAndAnswer, fc.nat()).map(([actions, at]): Action[] => {
  const index = 3 + (at % (actions.length - 2));
  return [...actions.slice(0, index), { type: "restart" }, ...actions.slice(index)];
});

/** Uncaught errors and unhandled rejections while a schedule runs belong to that schedule. */
function catchUncaught() {
  const errors: unknown[] = [];
  const keep = (error: unknown) => void errors.push(error);
  process.on("uncaughtException", keep);
  process.on("unhandledRejection", keep);
  return {
    errors,
    stop() {
      process.off("uncaughtException", keep);
      process.off("unhandledRejection", keep);
    },
  };
}

let schedules = 0;
const tally = { schedules: 0, resolves: 0, restarts: 0, unavailable: 0 };
async function runSchedule(actions: Action[]): Promise<void> {
  const world = await createLiveFaultWorld(target, `fault-${process.pid}-${++schedules}`);
  const intents: Intent[] = Array.from({ length: KITS }, () => ({ sends: new Map(), typed: new Map() }));
  const uncaught = catchUncaught();
  try {
    await world.pump();
    await play(world, actions, intents);
    await world.heal();
    await eventually("the kits agree with the gateway", async () => {
      await world.refresh();
      // Kit by kit: each is held to the records it may still be asked to match (recordsFor).
      for (const kit of world.kits)
        checkInvariants({ ...world, kits: [kit], gateway: { ...world.gateway, records: () => world.recordsFor(kit.index) } }, intents);
    });
    if (uncaught.errors.length > 0) throw new Error(`uncaught during the schedule: ${uncaught.errors.map(String).join("; ")}`);
    tally.schedules += 1;
    tally.resolves += world.sent.length;
    tally.restarts += world.restarts;
    // Prompts a kit ended as unavailable: the gateway forgot them (the restart) while they were open.
    tally.unavailable += world.kits.reduce(
      (sum, kit) => sum + Object.values(kit.store.getState().settled).filter((entry) => entry.status === "unavailable").length,
      0,
    );
  } finally {
    uncaught.stop();
    await world.dispose();
  }
}

describe(`fault schedules over real sockets (${openclaw ? "real OpenClaw gateway" : "embedded gateway"})`, () => {
  test(`${RUNS} schedules: kit 0 cut mid-prompt, the second client answers`, { timeout: 60_000 + RUNS * 120_000 }, async () => {
    await fc.assert(fc.asyncProperty(cutAndAnswer, runSchedule), { numRuns: RUNS, ...PARAMETERS });
  });

  test(`${RESTART_RUNS} schedules with a gateway restart mid-prompt`, { timeout: 60_000 + RESTART_RUNS * 240_000 }, async () => {
    await fc.assert(fc.asyncProperty(withRestart, runSchedule), { numRuns: RESTART_RUNS, ...PARAMETERS });
  });
});
