/**
 * A `question.list` of 50 pending records to the question painted, in Chromium: the kit (gateway
 * client → bridge → store → AskUserDock) vs a bare WebSocket that parses the reply with
 * `JSON.parse` and renders the first question straight on Radix (bench/list-to-panel/). Both
 * sides list from the same embedded gateway, served in this process over loopback, with samples
 * interleaved (ABBA). This is what a person waits for when a page with pending questions opens or
 * reconnects. Reported with no goal.
 *
 * Uses Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium) through playwright-core.
 *   npx tsx bench/list-to-panel.ts
 */
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { serveLocalGateway } from "../src/testing/node.js";
import { openBenchPage } from "./bench-page.js";
import { type BenchFigure, median, quantile, ratio } from "./stats.js";

const RECORDS = 50;
const ROUNDS = 40;
const WARMUP = 5;
const page = fileURLToPath(new URL("./list-to-panel/", import.meta.url));

const question = (index: number) => ({
  questions: [
    {
      id: "target",
      header: "Target",
      question: `Where should release ${index} deploy?`,
      options: [{ label: "Staging", description: "No customers" }, { label: "Production" }, { label: "Preview" }],
    },
    { id: "notify", header: "Notify", question: "Who should hear about it?", options: [{ label: "Team" }, { label: "Nobody" }] },
  ],
});

function call<R>(tab: Page, method: string, ...args: unknown[]): Promise<R> {
  return tab.evaluate(
    ([name, rest]) =>
      (window as unknown as { bench: Record<string, (...a: unknown[]) => unknown> }).bench[name as string]!(...(rest as unknown[])) as R,
    [method, args] as const,
  ) as Promise<R>;
}

export async function measureListToPanel(): Promise<BenchFigure[]> {
  const served = await serveLocalGateway({});
  // One session each, never answered: each ask stays pending for the whole run, and ends when the gateway closes.
  const asks = Array.from({ length: RECORDS }, (_, index) =>
    served.gateway.ask(question(index), { sessionKey: `agent:main:s${index}`, runId: `run_${index}` }).catch(() => {}),
  );
  const { browser, tab, errors, close } = await openBenchPage(page, { minify: true });
  try {
    for (let polls = 0; served.gateway.records().length < RECORDS; polls += 1) {
      if (polls > 1_000) throw new Error(`the gateway holds ${served.gateway.records().length} records, expected ${RECORDS}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await tab.waitForFunction(() => "bench" in window);
    await call(tab, "open", served.url);
    const samples = { kit: [] as number[], raw: [] as number[] };
    for (let round = 0; round < WARMUP + ROUNDS; round += 1) {
      const order = round % 2 === 0 ? (["kit", "raw"] as const) : (["raw", "kit"] as const);
      for (const side of order) {
        const { painted, records } = await call<{ painted: number; records: number }>(tab, "once", side);
        if (records !== RECORDS) throw new Error(`${side}: ${records} records listed, expected ${RECORDS}`);
        if (round >= WARMUP) samples[side].push(painted);
      }
    }
    await call(tab, "close");
    if (errors.length > 0) throw new Error(`the bench page reported errors: ${errors.join("; ")}`);
    const kit = median(samples.kit);
    const raw = median(samples.raw);
    console.log(
      `question.list of ${RECORDS} pending records → first question painted (Chromium ${browser.version()}, embedded gateway over loopback, ${ROUNDS} interleaved lists per side)`,
    );
    console.log(`  bare WebSocket + JSON.parse + Radix step: median ${raw.toFixed(1)} ms  p90 ${quantile(samples.raw, 0.9).toFixed(1)} ms`);
    console.log(
      `  kit client → bridge → store → dock:      median ${kit.toFixed(1)} ms  p90 ${quantile(samples.kit, 0.9).toFixed(1)} ms  ratio ${ratio(kit, raw)}`,
    );
    return [{ name: `question.list of ${RECORDS} → question painted, kit / bare WebSocket + Radix`, value: kit / raw }];
  } finally {
    await close();
    await served.close();
    await Promise.all(asks);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureListToPanel();
