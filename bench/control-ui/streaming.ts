/**
 * What the kit costs the Control UI page while a chat streams: the same streamed reply (the fake
 * model's `{"stream":N}`, N words one chunk apart) watched by a page with the kit ("on") and the
 * page as OpenClaw ships it ("off"), in alternating order, each run a fresh browser context. Run
 * twice: the harness (the kit in place of the native panel vs `?ask-user-kit=off`) and the feature
 * plugin (a stock gateway with the plugin vs the page as shipped). Before it, each page answers one
 * question in the panel it docks (the kit's, which loads the kit and leaves its chip, or the
 * native one), so both pages hold the same transcript.
 * Per run, from `chat.send` to the frame that shows the reply's last word:
 *   - long tasks (PerformanceObserver `longtask`, over 50 ms): how many, and their total;
 *   - the main thread's task and script time (CDP `Performance.getMetrics` TaskDuration and
 *     ScriptDuration, before and after);
 *   - inside long animation frames (`long-animation-frame`, which name each script's source),
 *     the script time of the kit's own files (the side's `kitAssets` path), and how many of the
 *     kit's style triggers fired (its `animationstart` events): what the kit itself did.
 */
import { randomBytes } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { median } from "../stats.js";
import type { BenchGatewayClient } from "./gateway-client.js";

export interface StreamingRun {
  longTasks: number;
  longTaskMs: number;
  taskMs: number;
  scriptMs: number;
  kitScriptMs: number;
  kitTriggers: number;
}

export type StreamingSide = "kitOn" | "kitOff";

/** One side's page: where it is, the gateway behind it, and which panel docks its questions. */
export interface StreamingPage {
  url: string;
  client: BenchGatewayClient;
  sessionKey: string;
  panel: "kit" | "native";
  /** The path the kit's scripts are served under, to count their time in long frames. */
  kitAssets: string;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const SETTLE_MS = 3_000;

async function metrics(session: { send(method: "Performance.getMetrics"): Promise<{ metrics: { name: string; value: number }[] }> }) {
  const { metrics: list } = await session.send("Performance.getMetrics");
  const value = (name: string) => (list.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  return { taskMs: value("TaskDuration"), scriptMs: value("ScriptDuration") };
}

/** One question answered in the page's own panel (the kit's or the native one), its outcome shown. */
async function answerOne(page: Page, { panel: kind, client, sessionKey }: StreamingPage): Promise<void> {
  const id = `stream_${randomBytes(3).toString("hex")}`;
  const question = `Stream warm-up ${id}?`;
  await client.request("question.request", {
    id,
    sessionKey,
    timeoutMs: 600_000,
    questions: [{ questionId: "pick", header: "Pick", question, options: [{ label: "Yes" }, { label: "No" }] }],
  });
  const panel = page.locator(kind === "kit" ? 'ask-user-panel [data-slot="ask-user-root"]' : ".chat-question-panel");
  await panel.getByText(question).waitFor({ timeout: 60_000 });
  await panel.getByRole("radio", { name: /Yes/ }).click();
  await panel.getByRole("button", { name: "Submit", exact: true }).click();
  const outcome =
    kind === "kit" ? `.ask-user-control-ui-end [data-slot="ask-user-summary"][data-prompt-id="${id}"]` : `[data-virtual-row-key="question:${id}"]`;
  await page.locator(outcome).waitFor({ timeout: 30_000 });
}

async function run(browser: Browser, side: StreamingPage, words: number): Promise<StreamingRun> {
  const { url, client, sessionKey } = side;
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page
      .locator(".chat-pane-cache__pane--visible .agent-chat__composer-shell")
      .getByRole("textbox", { name: "Chat composer" })
      .waitFor({ timeout: 60_000 });
    await answerOne(page, side);
    // Past the page's own start-up work (its lazy modules, first history render), on both sides.
    await sleep(SETTLE_MS);
    await page.evaluate(`((kitAssets) => {
      window.__longTasks = [];
      window.__kitScriptMs = 0;
      window.__kitTriggers = 0;
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); }).observe({ type: "longtask" });
      new PerformanceObserver((list) => {
        for (const frame of list.getEntries()) for (const script of frame.scripts) if (script.sourceURL.includes(kitAssets)) window.__kitScriptMs += script.duration;
      }).observe({ type: "long-animation-frame" });
      addEventListener("animationstart", (event) => { if (event.animationName.startsWith("ask-user-kit-")) window.__kitTriggers += 1; }, true);
    })(${JSON.stringify(side.kitAssets)})`);
    const session = await context.newCDPSession(page);
    await session.send("Performance.enable");
    const before = await metrics(session);
    const end = `streamend${randomBytes(3).toString("hex")}`;
    await client.request("chat.send", { sessionKey, message: JSON.stringify({ stream: words, end }), idempotencyKey: `bench-stream-${end}` });
    await page.getByText(end).first().waitFor({ timeout: 120_000 });
    // The frame that shows it.
    await page.evaluate("new Promise((done) => requestAnimationFrame(() => setTimeout(done)))");
    const after = await metrics(session);
    const longTasks = (await page.evaluate("window.__longTasks")) as number[];
    const kit = (await page.evaluate("({ scriptMs: window.__kitScriptMs, triggers: window.__kitTriggers })")) as {
      scriptMs: number;
      triggers: number;
    };
    return {
      longTasks: longTasks.length,
      longTaskMs: longTasks.reduce((sum, ms) => sum + ms, 0),
      taskMs: after.taskMs - before.taskMs,
      scriptMs: after.scriptMs - before.scriptMs,
      kitScriptMs: kit.scriptMs,
      kitTriggers: kit.triggers,
    };
  } finally {
    await context.close();
  }
}

/** `runs` runs per side, alternating which goes first. */
export async function measureStreaming(
  browser: Browser,
  {
    sides,
    runs,
    words,
    onRun,
  }: {
    sides: Record<StreamingSide, StreamingPage>;
    runs: number;
    words: number;
    onRun(side: StreamingSide, index: number): void;
  },
): Promise<Record<StreamingSide, StreamingRun[]>> {
  const results: Record<StreamingSide, StreamingRun[]> = { kitOn: [], kitOff: [] };
  for (let index = 0; index < runs; index += 1) {
    const order: StreamingSide[] = index % 2 === 0 ? ["kitOn", "kitOff"] : ["kitOff", "kitOn"];
    for (const side of order) {
      results[side].push(await run(browser, sides[side], words));
      onRun(side, index);
    }
  }
  return results;
}

/** `what` names the two sides, e.g. "kit on vs off (the page as shipped)". */
export function printStreaming(results: Record<StreamingSide, StreamingRun[]>, words: number, what: string): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const row = (label: string, pick: (run: StreamingRun) => number, format: (value: number) => string) => {
    const on = median(results.kitOn.map(pick));
    const off = median(results.kitOff.map(pick));
    console.log(
      `${label.padEnd(44)} | ${format(on).padStart(10)} | ${format(off).padStart(10)} | ${off === 0 ? (on === 0 ? "1.00" : "—") : (on / off).toFixed(2)}`,
    );
  };
  console.log(
    `\nwhile a chat streams (${words} words, one chunk each; median of ${results.kitOn.length} runs per side, alternating; each page first answered one question in the panel it docks): ${what}`,
  );
  console.log(`${"".padEnd(44)} |         on |        off | on / off`);
  row(
    "long tasks (> 50 ms), count",
    (r) => r.longTasks,
    (value) => value.toFixed(0),
  );
  row("long tasks, total", (r) => r.longTaskMs, ms);
  row("main-thread task time (CDP TaskDuration)", (r) => r.taskMs, ms);
  row("script time (CDP ScriptDuration)", (r) => r.scriptMs, ms);
  row("the kit's own scripts in long frames", (r) => r.kitScriptMs, ms);
  row(
    "the kit's style triggers fired",
    (r) => r.kitTriggers,
    (value) => value.toFixed(0),
  );
}
