// Randomized fault schedules: kits answer, type and skip while the relay in front of the embedded
// gateway drops, doubles, delays, reorders and cuts frames, the gateway restarts, a second client
// answers and prompts expire. After the faults heal, every kit must agree with the gateway, and
// nothing may have been sent twice, altered or lost.
//
//   npm test               100 schedules
//   npm run soak           FAULT_RUNS=1000 (prints the counts), then the memory soak (scripts/soak.ts)
//   FAULT_SEED=<seed> FAULT_PATH=<path> npx vitest run test/faults   replays one failure exactly
//                          (fast-check prints both when a schedule fails)
import fc from "fast-check";
import { afterEach, beforeEach, test, vi } from "vitest";
import { createFaultWorld } from "./support/fault-world.js";
import { action, checkInvariants, type Intent, KITS, play, rates } from "./support/schedule.js";

const RUNS = Number(process.env.FAULT_RUNS ?? 100);
const REPLAY =
  process.env.FAULT_SEED === undefined
    ? {}
    : { seed: Number(process.env.FAULT_SEED), ...(process.env.FAULT_PATH ? { path: process.env.FAULT_PATH } : {}) };

beforeEach(() => {
  vi.useFakeTimers({ now: 1_800_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

test(`${RUNS} seeded fault schedules end with every kit agreeing with the gateway`, { timeout: 600_000 }, async () => {
  let schedules = 0;
  let frames = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      rates,
      fc.array(action, { minLength: 4, maxLength: 30 }),
      async (seed, faultRates, actions) => {
        const world = createFaultWorld(seed, faultRates);
        const intents: Intent[] = [];
        try {
          for (let i = 0; i < KITS; i++) {
            world.addKit();
            intents.push({ sends: new Map(), typed: new Map() });
          }
          await world.advance(1_000);
          await play(world, actions, intents);
          world.heal();
          // Long enough for a reconnect after the longest backoff, a hydration and its retries.
          await world.advance(45_000);
          checkInvariants(world, intents);
          schedules += 1;
          frames += world.sent.length;
        } finally {
          world.dispose();
          await vi.runOnlyPendingTimersAsync();
        }
      },
    ),
    { numRuns: RUNS, ...REPLAY },
  );
  if (RUNS > 100) console.log(`[faults] ${schedules} schedules, ${frames} resolve frames, 0 failures`);
});
