/**
 * `npm run bench`: builds the package, then runs every benchmark and prints its figures, each
 * timing as a ratio to a baseline measured in the same run, at the sizes a session has (200
 * settled prompts kept per session, a list of 50 pending questions), with a summary side by side
 * at the end. Benchmarks print numbers; no test asserts on time. Growth at sizes no session
 * reaches is `npm run soak`'s, as memory checks.
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { measureBundleSize } from "./bundle-size.js";
import { measureControlUiSize } from "./control-ui-size.js";
import { measureElementSize } from "./element-size.js";
import { measureInteractionLatency } from "./interaction-latency.js";
import { measureListToPanel } from "./list-to-panel.js";
import { measurePanelRenders } from "./panel-renders.js";
import type { BenchFigure } from "./stats.js";

const root = fileURLToPath(new URL("..", import.meta.url));

function section(title: string): void {
  console.log(`\n── ${title} ${"─".repeat(Math.max(0, 70 - title.length))}`);
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

const figures: BenchFigure[] = [];
section("panel renders: typing, mount, a settle beside 200 chips, in Chromium (bench/panel-renders.ts)");
figures.push(...(await measurePanelRenders()));

section("question.list of 50 → question painted, in Chromium (bench/list-to-panel.ts)");
figures.push(...(await measureListToPanel()));

section("interaction latency in Chromium (bench/interaction-latency.ts)");
figures.push(...(await measureInteractionLatency()));

section("summary");
for (const figure of figures) {
  if (figure.goal === undefined) console.log(`  ——     ${figure.name}: ${figure.value.toFixed(2)}× (reported, no goal)`);
  else console.log(`  ${figure.value <= figure.goal ? "meets" : "MISSES"}  ${figure.name}: ${figure.value.toFixed(2)}× (goal ≤ ${figure.goal}×)`);
}
console.log(`  (bundle size and the render counts of the panel are above, each with its own goal)`);
console.log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
