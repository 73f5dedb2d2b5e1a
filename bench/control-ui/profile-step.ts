/**
 * Where the kit's step change spends its time: a Chromium performance trace (CDP Tracing, with
 * the V8 sampling profiler) of real clicks on bench/interaction's page (the kit's AskUserPanel
 * and the bare Radix RadioGroup baseline, unminified so component names survive), from each
 * click's pointerdown to the first Paint after it. Prints, per side, the renderer main thread's
 * time in that window by kind (input events by type, forced style/layout inside script, frame
 * style/layout/paint) and the functions with the most self time in the sampled profile.
 *   npx tsx bench/control-ui/profile-step.ts [--picks 20]
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { openBenchPage } from "../bench-page.js";
import { TRACE_CATEGORIES, reportTrace } from "./trace-report.js";

const picksIndex = process.argv.indexOf("--picks");
const PICKS = picksIndex >= 0 ? Number(process.argv[picksIndex + 1]) : 20;
type Bench = { bench: { reset(): Promise<void>; arm(side: string, step: number): void; result(): Promise<{ painted: number }> } };

const page = fileURLToPath(new URL("../interaction/", import.meta.url));
const { browser, tab, close } = await openBenchPage(page, { minify: false });
try {
  await tab.waitForFunction(() => (window as unknown as { bench?: { ready(): boolean } }).bench?.ready() === true);
  const pick = async (side: "kit" | "radix", step: number, round: number) => {
    const label = step === 1 ? (round % 2 ? "Production" : "Preview") : round % 2 ? "America" : "Asia";
    await tab.evaluate(([s, next]) => (window as unknown as Bench).bench.arm(s, next), [side, step + 1] as const);
    await tab.locator(`#${side}`).getByRole("radio", { name: label, exact: true }).click();
    return (await tab.evaluate(() => (window as unknown as Bench).bench.result())).painted;
  };
  // Rounds count on across runs, so each pick changes the option (a checked Radix item's name gains its dot).
  const rounds = { kit: 0, radix: 0 };
  const run = async (side: "kit" | "radix", count: number) => {
    const painted: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const round = rounds[side]++;
      await tab.evaluate(() => (window as unknown as Bench).bench.reset());
      for (const step of [1, 2]) painted.push(await pick(side, step, round));
    }
    return painted;
  };
  // Warm the JIT on both sides first.
  await run("kit", 5);
  await run("radix", 5);
  for (const side of (process.env.PROFILE_SIDES ?? "kit,radix").split(",") as ("kit" | "radix")[]) {
    await browser.startTracing(tab, { categories: TRACE_CATEGORIES });
    const painted = await run(side, PICKS / 2);
    const buffer = await browser.stopTracing();
    if (process.env.PROFILE_TRACE_DIR) writeFileSync(`${process.env.PROFILE_TRACE_DIR}/step-${side}.json`, buffer);
    reportTrace(side, buffer, painted);
    if (process.env.PROFILE_TRACE_DIR) {
      // The built page's script, so the line numbers above can be read.
      const source = await tab.evaluate(async () => (await fetch((document.querySelector("script[type=module]") as HTMLScriptElement).src)).text());
      writeFileSync(`${process.env.PROFILE_TRACE_DIR}/page.js`, source);
    }
  }
} finally {
  await close();
}
