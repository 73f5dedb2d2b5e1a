/**
 * The suite-under-load proof: runs `npm test` several times in a row while the machine is
 * saturated — two busy-loop processes per core, started here and stopped here by their PIDs — and
 * prints each run's result and duration with the load average. A suite that waits for conditions,
 * never for times, passes every run.
 *
 *   npm run test:load            three runs
 *   npm run test:load -- 1       one run
 */
import { type ChildProcess, spawn } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";

const runs = Number(process.argv[2] ?? 3);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`usage: npm run test:load -- [runs]; runs must be a positive whole number, not '${process.argv[2]}'`);
  process.exit(2);
}

const BUSY_LOOP = "for (;;) {}";
const busy: ChildProcess[] = [];
function startLoad(): void {
  for (let i = 0; i < availableParallelism() * 2; i += 1) busy.push(spawn(process.execPath, ["-e", BUSY_LOOP], { stdio: "ignore" }));
}
function stopLoad(): void {
  for (const child of busy.splice(0)) child.kill("SIGKILL");
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopLoad();
    process.exit(130);
  });
}
process.on("exit", stopLoad);

function npmTest(): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["test"], { stdio: ["ignore", "inherit", "inherit"] });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(" ");
const results: { run: number; code: number; seconds: number; loadBefore: string; loadAfter: string }[] = [];
startLoad();
console.log(`load proof: ${busy.length} busy loops on ${availableParallelism()} cores; ${runs} run(s) of npm test`);
for (let run = 1; run <= runs; run += 1) {
  const loadBefore = load();
  const started = performance.now();
  const code = await npmTest();
  results.push({ run, code, seconds: Math.round((performance.now() - started) / 1000), loadBefore, loadAfter: load() });
}
stopLoad();

console.log("\nrun | result | seconds | load average before → after (1, 5, 15 min)");
for (const result of results) {
  console.log(
    `${result.run} | ${result.code === 0 ? "passed" : `FAILED (exit ${result.code})`} | ${result.seconds} | ${result.loadBefore} → ${result.loadAfter}`,
  );
}
process.exit(results.every((result) => result.code === 0) ? 0 : 1);
