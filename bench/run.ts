/**
 * `npm run bench`: builds the package, then runs every benchmark and prints its figures, each
 * timing as a ratio to a baseline measured in the same run, with a summary against the goals.
 * Benchmarks print numbers; no test asserts on time.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { measureBundleSize } from "./bundle-size.js";
import { measureControlUiSize } from "./control-ui-size.js";
import { measureElementSize } from "./element-size.js";
import { measureInteractionLatency } from "./interaction-latency.js";
import { measureResolveRoundTrip } from "./resolve-round-trip.js";
import type { BenchFigure } from "./stats.js";

const root = fileURLToPath(new URL("..", import.meta.url));

function section(title: string): void {
  console.log(`\n── ${title} ${"─".repeat(Math.max(0, 70 - title.length))}`);
}

/** The self-running benches keep their own process: a fresh heap and JIT, nothing shared with the others. */
function runScript(file: string): void {
  execFileSync(process.execPath, ["--import", "tsx", file], { cwd: root, stdio: "inherit" });
}

const started = performance.now();
section("build (npm run build)");
execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
console.log("built dist/");

section("bundle size");
await measureBundleSize();

section("custom element without React (bench/element-size.ts)");
await measureElementSize();

section("the kit in OpenClaw's Control UI page (bench/control-ui-size.ts)");
await measureControlUiSize();

section("store actions (bench/store-actions.ts)");
runScript("bench/store-actions.ts");

section("client events (bench/client-events.ts)");
runScript("bench/client-events.ts");

section("panel renders, mount and chips in Chromium (bench/panel-renders.ts)");
runScript("bench/panel-renders.ts");

const figures: BenchFigure[] = [];
section("resolve round trip (bench/resolve-round-trip.ts)");
figures.push(...(await measureResolveRoundTrip()));

section("interaction latency in Chromium (bench/interaction-latency.ts)");
figures.push(...(await measureInteractionLatency()));

section("summary");
for (const figure of figures) {
  if (figure.goal === undefined) console.log(`  ——     ${figure.name}: ${figure.value.toFixed(2)}× (reported, no goal)`);
  else console.log(`  ${figure.value <= figure.goal ? "meets" : "MISSES"}  ${figure.name}: ${figure.value.toFixed(2)}× (goal ≤ ${figure.goal}×)`);
}
console.log(`  (bundle size, store actions, client events and panel renders are above, each with its own goal)`);
console.log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
