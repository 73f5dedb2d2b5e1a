/**
 * Summary chips in Chromium as a long chat settles prompts: 30,000 through one store with its
 * AskUserTranscript mounted. At each checkpoint: the chips and DOM nodes on screen and the page's
 * JS heap after a full collection (through the DevTools protocol). The transcript keeps 200 per
 * session, so all three must be flat from the first checkpoint on.
 */
import { fileURLToPath } from "node:url";
import { openBenchPage } from "../../bench/bench-page.js";

export interface ChipsReading {
  settled: number;
  chips: number;
  nodes: number;
  heapBytes: number;
}

const page = fileURLToPath(new URL("./chips/", import.meta.url));

export async function soakChips(checkpoints: readonly number[]): Promise<ChipsReading[]> {
  const { tab, errors, close } = await openBenchPage(page, { minify: true });
  try {
    await tab.waitForFunction(() => "soak" in window);
    const devtools = await tab.context().newCDPSession(tab);
    const readings: ChipsReading[] = [];
    for (const checkpoint of checkpoints) {
      const onScreen = await tab.evaluate(
        (upTo) =>
          (window as unknown as { soak: { settle(n: number): Promise<{ settled: number; chips: number; nodes: number }> } }).soak.settle(upTo),
        checkpoint,
      );
      let heapBytes = Number.POSITIVE_INFINITY;
      for (let round = 0; round < 3; round += 1) {
        await devtools.send("HeapProfiler.collectGarbage");
        heapBytes = Math.min(heapBytes, (await devtools.send("Runtime.getHeapUsage")).usedSize);
      }
      readings.push({ ...onScreen, heapBytes });
    }
    if (errors.length > 0) throw new Error(`the soak page reported errors: ${errors.join("; ")}`);
    return readings;
  } finally {
    await close();
  }
}
