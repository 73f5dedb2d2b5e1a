/**
 * Option pick → next step painted, in Chromium: the kit's AskUserPanel vs the same three steps
 * built straight on a bare Radix RadioGroup (the baseline), on one page, real clicks, samples
 * interleaved. Each sample runs from the click's input timestamp to the first painted frame that
 * shows the next step (requestAnimationFrame, then a task). Goal (issue 11): kit median ≤ 1.1× the baseline.
 * Frames come at the display rate (60 Hz here), so that figure moves in steps of a frame; the
 * main-thread part alone (input → handlers and React's commit done, before style and paint) is
 * printed next to it. Unthrottled frames (--disable-frame-rate-limit) were tried and only added
 * noise on a shared 2-core machine.
 *
 * Uses Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through playwright-core.
 *   npx tsx bench/interaction-latency.ts
 */
import { fileURLToPath } from "node:url";
import { openBenchPage } from "./bench-page.js";
import { median, quantile, ratio, type BenchFigure } from "./stats.js";

const ROUNDS = 60;
const WARMUP = 5;
/** Issue 11: the kit's painted median at most this many times the bare RadioGroup's. */
const GOAL = 1.1;
const page = fileURLToPath(new URL("./interaction/", import.meta.url));

export async function measureInteractionLatency(): Promise<BenchFigure[]> {
  const { browser, tab, errors, close } = await openBenchPage(page, { minify: true });
  try {
    await tab.waitForFunction(() => (window as unknown as { bench?: { ready(): boolean } }).bench?.ready() === true);

    /** One pick on `side` from step `step` (1 or 2) to the next step; alternates options so the pick always changes. */
    async function pick(side: "kit" | "radix", step: number, round: number): Promise<{ painted: number; committed: number }> {
      const label = step === 1 ? (round % 2 ? "Production" : "Preview") : round % 2 ? "America" : "Asia";
      await tab.evaluate(([s, next]) => (window as unknown as { bench: { arm(side: string, step: number): void } }).bench.arm(s, next), [
        side,
        step + 1,
      ] as const);
      await tab.locator(`#${side}`).getByRole("radio", { name: label, exact: true }).click();
      return tab.evaluate(() => (window as unknown as { bench: { result(): Promise<{ painted: number; committed: number }> } }).bench.result());
    }

    const samples = { kit: [] as number[], radix: [] as number[] };
    const work = { kit: [] as number[], radix: [] as number[] };
    for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
      // ABBA: drift during a round (GC, a busy neighbour) falls on both sides alike.
      const order = round % 2 === 0 ? (["kit", "radix"] as const) : (["radix", "kit"] as const);
      await tab.evaluate(() => (window as unknown as { bench: { reset(): Promise<void> } }).bench.reset());
      for (const side of order) {
        for (const step of [1, 2]) {
          const { painted, committed } = await pick(side, step, round);
          if (round >= WARMUP) {
            samples[side].push(painted);
            work[side].push(committed);
          }
        }
      }
    }
    if (errors.length > 0) throw new Error(`the bench page reported errors: ${errors.join("; ")}`);

    const kit = median(samples.kit);
    const radix = median(samples.radix);
    const version = browser.version();
    console.log(`option pick → next step painted (Chromium ${version}, ${samples.kit.length} interleaved picks per side)`);
    console.log(`  bare Radix RadioGroup: median ${radix.toFixed(1)} ms  p90 ${quantile(samples.radix, 0.9).toFixed(1)} ms`);
    console.log(
      `  kit AskUserPanel:      median ${kit.toFixed(1)} ms  p90 ${quantile(samples.kit, 0.9).toFixed(1)} ms  ratio ${ratio(kit, radix)} (goal ≤ ${GOAL}×)`,
    );
    const kitWork = median(work.kit);
    const radixWork = median(work.radix);
    console.log(
      `  main thread only (input → React commit done): Radix ${radixWork.toFixed(2)} ms, kit ${kitWork.toFixed(2)} ms, ratio ${ratio(kitWork, radixWork)}`,
    );
    return [{ name: "option pick → next step painted, kit / bare Radix", value: kit / radix, goal: GOAL }];
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureInteractionLatency();
