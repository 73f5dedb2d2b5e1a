/**
 * Issue 4's render figures, in Chromium (bench/panel-renders/ is the page):
 *  1. components re-rendered per keystroke in Other of an open three-question AskUserPanel
 *     (goal ≤ 3), counted by name through React's DevTools hook (render-counter.ts);
 *  2. mount time of that panel, as a ratio to the same first step built straight on a Radix
 *     RadioGroup, medians of interleaved (ABBA) flushed mounts;
 *  3. with 200 summary chips mounted (the most a session keeps), settling one prompt: how many
 *     chips render (goal: exactly 1, the new one; 0 re-rendered) and that settle's render+commit
 *     as a ratio to the baseline, a bare React keyed list of 200 memo items taking the same change
 *     (bench/panel-renders/chips.tsx); the same settle beside 1 chip is printed too.
 * Times run from the action to React's synchronous commit (`flushSync`); for mounts "+ layout"
 * adds the style and layout forced right after. The counter is off while anything is timed.
 *
 * Uses Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through playwright-core.
 *   npx tsx bench/panel-renders.ts
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { openBenchPage } from "./bench-page.js";
import type { ChipSide } from "./panel-renders/chips.js";
import { type RenderedComponent, tally } from "./panel-renders/render-counter.js";
import { type BenchFigure, median, quantile, ratio } from "./stats.js";

const KEYSTROKES = 30;
const MOUNT_ROUNDS = 200;
const MOUNT_WARMUP = 20;
const RESOLVE_ROUNDS = 30;
const RESOLVE_WARMUP = 4;
/** The most settled prompts the store keeps per session (src/store/transcript-bound.ts). */
const KEPT = 200;
/** The issue's goal for one keystroke in Other. */
const KEYSTROKE_BUDGET = 3;

const page = fileURLToPath(new URL("./panel-renders/", import.meta.url));

/** The page's `window.bench` (bench/panel-renders/main.tsx). */
interface PageBench {
  counterAttached(): boolean;
  startCounting(): void;
  counted(): Promise<{ rendered: RenderedComponent[]; commits: number }>;
  mounts(rounds: number, warmup: number): Promise<Record<"kit" | "radix", { commit: number[]; layout: number[] }>>;
  setupChips(side: ChipSide, count: number): number;
  resolveOnce(side: ChipSide, count: boolean): Promise<{ promptId: string; commit: number; chips: number; rendered: RenderedComponent[] }>;
}

function call<R>(tab: Page, method: keyof PageBench, ...args: unknown[]): Promise<R> {
  return tab.evaluate(
    ([name, rest]) =>
      (window as unknown as { bench: Record<string, (...a: unknown[]) => unknown> }).bench[name as string]!(...(rest as unknown[])) as R,
    [method, args] as const,
  ) as Promise<R>;
}

const listed = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([name, count]) => (count === 1 ? name : `${name} ×${count}`))
    .join(", ") || "nothing";

async function keystrokes(tab: Page): Promise<{ first: RenderedComponent[]; later: RenderedComponent[][] }> {
  await tab.locator("#panel").getByRole("textbox", { name: "Your own answer for Target" }).click();
  const strokes: RenderedComponent[][] = [];
  for (let index = 0; index < KEYSTROKES; index += 1) {
    await call(tab, "startCounting");
    await tab.keyboard.press("abcdefghij"[index % 10]!);
    strokes.push((await call<{ rendered: RenderedComponent[] }>(tab, "counted")).rendered);
  }
  return { first: strokes[0]!, later: strokes.slice(1) };
}

const CHIP_SIDES: readonly ChipSide[] = ["kit", "bare", "one"];

async function resolves(tab: Page): Promise<Record<ChipSide, number[]>> {
  const samples: Record<ChipSide, number[]> = { kit: [], one: [], bare: [] };
  for (let round = 0; round < RESOLVE_WARMUP + RESOLVE_ROUNDS; round += 1) {
    // The order rotates each round: drift falls on every side alike.
    for (let index = 0; index < CHIP_SIDES.length; index += 1) {
      const side = CHIP_SIDES[(index + round) % CHIP_SIDES.length]!;
      const { commit } = await call<{ commit: number }>(tab, "resolveOnce", side, false);
      if (round >= RESOLVE_WARMUP) samples[side].push(commit);
    }
  }
  return samples;
}

const ms = (values: readonly number[]) => `median ${median(values).toFixed(2)} ms  p90 ${quantile(values, 0.9).toFixed(2)} ms`;

export async function measurePanelRenders(): Promise<BenchFigure[]> {
  // Production React; unminified so the counter reports every component by its own name.
  const { browser, tab, errors, close } = await openBenchPage(page, { minify: false });
  try {
    await tab.waitForFunction(() => "bench" in window);
    if (!(await call<boolean>(tab, "counterAttached"))) throw new Error("the render counter was installed after react-dom loaded: it sees no commit");
    console.log(`Chromium ${browser.version()}, production React`);

    // 1. Typing in Other.
    const typed = await keystrokes(tab);
    const laterCounts = typed.later.map((stroke) => stroke.length);
    const laterNames = tally(typed.later.flat());
    console.log(`\n1. one keystroke in Other of an open three-question AskUserPanel (${KEYSTROKES} keystrokes)`);
    console.log(`  first character (the step becomes answered): ${typed.first.length} components: ${listed(tally(typed.first))}`);
    console.log(
      `  each later character: median ${median(laterCounts)}, max ${Math.max(...laterCounts)} components (over ${typed.later.length}: ${listed(laterNames)})`,
    );

    // 2. Mount.
    const mounts = await call<Record<"kit" | "radix", { commit: number[]; layout: number[] }>>(tab, "mounts", MOUNT_ROUNDS, MOUNT_WARMUP);
    const kitMount = median(mounts.kit.commit);
    const radixMount = median(mounts.radix.commit);
    console.log(`\n2. mount of a three-question panel, ${MOUNT_ROUNDS} interleaved flushed mounts per side`);
    console.log(`  bare Radix RadioGroup step:  render+commit ${ms(mounts.radix.commit)}   + layout ${ms(mounts.radix.layout)}`);
    console.log(`  kit AskUserPanel:            render+commit ${ms(mounts.kit.commit)}   + layout ${ms(mounts.kit.layout)}`);
    console.log(
      `  ratio kit / Radix: render+commit ${ratio(kitMount, radixMount)}, + layout ${ratio(median(mounts.kit.layout), median(mounts.radix.layout))}`,
    );

    // 3. Summary chips.
    const mounted = {
      kit: await call<number>(tab, "setupChips", "kit", KEPT),
      one: await call<number>(tab, "setupChips", "one", 1),
      bare: await call<number>(tab, "setupChips", "bare", KEPT),
    };
    if (mounted.kit !== KEPT || mounted.one !== 1 || mounted.bare !== KEPT)
      throw new Error(`chips mounted: kit ${mounted.kit}, one ${mounted.one}, bare ${mounted.bare}; expected ${KEPT}, 1, ${KEPT}`);
    const countedResolve = await call<{ promptId: string; chips: number; rendered: RenderedComponent[] }>(tab, "resolveOnce", "kit", true);
    const chipRenders = countedResolve.rendered.filter((component) => component.name === "AskUserSummary");
    const newChip = chipRenders.filter((chip) => chip.promptId === countedResolve.promptId && chip.mounted);
    const reRendered = chipRenders.filter((chip) => !chip.mounted);
    const samples = await resolves(tab);
    const kitSettle = median(samples.kit);
    const bareSettle = median(samples.bare);
    console.log(
      `\n3. settling one prompt beside ${KEPT} mounted summary chips (${RESOLVE_ROUNDS} rotated settles per side; each adds a chip and drops the oldest)`,
    );
    console.log(
      `  chips rendered: ${chipRenders.length} (${chipRenders.map((chip) => `${chip.promptId} ${chip.mounted ? "mounted" : "re-rendered"}`).join(", ") || "none"}); chips re-rendered: ${reRendered.length}; chips on screen after: ${countedResolve.chips}`,
    );
    console.log(`  every component rendered by that settle: ${listed(tally(countedResolve.rendered))}`);
    console.log(`  bare React keyed list, ${KEPT} memo items:  render+commit ${ms(samples.bare)}`);
    console.log(`  kit AskUserTranscript, ${KEPT} chips:       render+commit ${ms(samples.kit)}`);
    console.log(`  kit AskUserTranscript, 1 chip:           render+commit ${ms(samples.one)}`);
    console.log(`  ratio kit / bare list: ${ratio(kitSettle, bareSettle)}; kit ${KEPT} chips / kit 1 chip: ${ratio(kitSettle, median(samples.one))}`);
    if (errors.length > 0) throw new Error(`the bench page reported errors: ${errors.join("; ")}`);

    const worstKeystroke = Math.max(typed.first.length, ...laterCounts);
    console.log(
      `\n  ${worstKeystroke <= KEYSTROKE_BUDGET ? "meets" : "MISSES"}  components per keystroke in Other: at most ${worstKeystroke} (goal ≤ ${KEYSTROKE_BUDGET})`,
    );
    const oneChip = chipRenders.length === 1 && newChip.length === 1 && reRendered.length === 0;
    console.log(
      `  ${oneChip ? "meets" : "MISSES"}  chips rendered by one settle beside ${KEPT}: ${chipRenders.length}, re-rendered ${reRendered.length} (goal: exactly 1, the new one; 0 re-rendered)`,
    );
    return [{ name: `settle beside ${KEPT} chips, render+commit, kit / bare React keyed list`, value: kitSettle / bareSettle }];
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measurePanelRenders();
