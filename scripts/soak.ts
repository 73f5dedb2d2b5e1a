/**
 * `npm run soak`: the long run. First the 1,000 seeded fault schedules (vitest, as in
 * `npm test` but ten times as many), then the memory soak, which needs its own Node process with
 * `--expose-gc` to read the heap after a full collection. Exits non-zero when either fails.
 */
import { spawnSync } from "node:child_process";

const runs = process.env.FAULT_RUNS ?? "1000";
const faults = spawnSync("npx", ["vitest", "run", "--project", "node", "test/faults"], {
  stdio: "inherit",
  env: { ...process.env, FAULT_RUNS: runs },
});
const memory = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", "scripts/soak/memory.ts"], { stdio: "inherit" });

console.log(
  `\n[soak] fault schedules (${runs}): ${faults.status === 0 ? "passed" : `FAILED (exit ${faults.status})`}; memory soak: ${memory.status === 0 ? "passed" : `FAILED (exit ${memory.status})`}`,
);
process.exit(faults.status === 0 && memory.status === 0 ? 0 : 1);
