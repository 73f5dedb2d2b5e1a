/**
 * One side of the comparison: a fresh Chromium context (empty storage) with the probe injected,
 * pointed at the kit's playground, at the gateway's own Control UI, at the Control UI with the kit
 * in it, or at the feature plugin's Questions page, and the four samples one question gives. Clock definitions are in run.ts's header.
 */
import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { type BenchGatewayClient, epochNow } from "./gateway-client.js";

const probe = readFileSync(new URL("./probe.browser.js", import.meta.url), "utf8");

/** The kit's playground, the Control UI as OpenClaw ships it, and the Control UI with the kit in it. */
export type SideName = "kit" | "controlUi" | "kitInControlUi";
export type ClickKind = "inPage" | "cdp";

export interface Sample {
  /** Series 3: question.request handed to the socket → first frame with the question. */
  requestToShown: number;
  /** Series 4: the page's receipt of question.requested → first frame with the question. */
  receiptToShown: number;
  click: ClickKind;
  /** Series 1 or 2, by `click`. */
  clickToStep2: number;
  /** The probe's own mutation scanning inside the spans of series 3/4 and of series 1/2. */
  probeShownMs: number;
  probeStepMs: number;
}

interface ProbeResult {
  end: number;
  found: number | null;
  pointerdown: number | null;
  click: number | null;
  probeMs: number;
}

export interface OpenSide {
  name: string;
  page: Page;
  /** Creates question `n`, times it, answers step 1, times step 2, cancels it and waits until it is gone. */
  sample(n: number, click: ClickKind): Promise<Sample>;
  close(): Promise<void>;
}

const SETTLE_MS = 300;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Two questions, so option 1 of step 1 auto-advances to step 2; tokens make each sample's text unique. */
export function benchQuestions(n: number) {
  return [
    {
      questionId: "target",
      header: "Target",
      question: `Where should build zqa${n} deploy?`,
      options: [{ label: `Staging zoa${n}` }, { label: "Production" }, { label: "Preview" }],
      isOther: true,
    },
    {
      questionId: "region",
      header: "Region",
      question: `Which region first for zqb${n}?`,
      options: [{ label: `Europe zob${n}` }, { label: "America" }, { label: "Asia" }],
      isOther: true,
    },
  ];
}

/** Page epoch minus Node epoch, from the CDP round trip with the smallest spread. */
async function clockOffset(page: Page): Promise<number> {
  let best = { spread: Number.POSITIVE_INFINITY, offset: 0 };
  for (let i = 0; i < 7; i += 1) {
    const before = epochNow();
    const pageEpoch = await call<number>(page, "epoch");
    const after = epochNow();
    if (after - before < best.spread) best = { spread: after - before, offset: pageEpoch - (before + after) / 2 };
  }
  return best.offset;
}

/** Calls the probe by a string expression: no function source crosses (tsx helpers, the Control UI's CSP). */
const call = <T>(page: Page, method: string, ...args: unknown[]) =>
  page.evaluate(`window.__bench.${method}(${args.map((arg) => JSON.stringify(arg)).join(", ")})`) as Promise<T>;

export async function openSide(
  browser: Browser,
  name: string,
  url: string,
  { client, sessionKey, runTag }: { client: BenchGatewayClient; sessionKey: string; runTag: string },
): Promise<OpenSide> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const errors: string[] = [];
  await context.addInitScript({ content: probe });
  const page = await context.newPage();
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto(url);
  const opened = Date.now();
  while (!(await call<boolean>(page, "connected"))) {
    if (Date.now() - opened > 60_000) throw new Error(`${name}: the page did not connect to the gateway within 60 s (${errors.join("; ")})`);
    await sleep(100);
  }
  // Past the connect: the page's first list and render.
  await sleep(1_000);

  async function sample(n: number, click: ClickKind): Promise<Sample> {
    const id = `bench_${runTag}_${n}`;
    await page.mouse.move(2, 2);
    const offset = await clockOffset(page);
    const timeOrigin = await page.evaluate<number>("window.__bench.timeOrigin");
    await call(page, "arm", `zqa${n}`);
    let sentAt = Number.NaN;
    await client.request("question.request", { id, sessionKey, timeoutMs: 600_000, questions: benchQuestions(n) }, (at) => (sentAt = at));
    const shown = await call<ProbeResult>(page, "result", 60_000);
    const receipt = await call<number | null>(page, "receipt", id);
    if (receipt === null) throw new Error(`${name}: the page never received question.requested for ${id} on a WebSocket it opened`);
    const requestToShown = timeOrigin + shown.end - offset - sentAt;
    const receiptToShown = shown.end - receipt;

    await sleep(SETTLE_MS);
    const target = await call<{ x: number; y: number } | null>(page, "target", `zoa${n}`);
    if (!target) throw new Error(`${name}: option 1 of question ${id} is not rendered`);
    if (click === "cdp") {
      // Hover first, as a person would: the hover style is not part of the click.
      await page.mouse.move(target.x, target.y);
      await sleep(50);
    }
    await call(page, "arm", `zqb${n}`);
    if (click === "inPage") await call(page, "clickInPage", `zoa${n}`);
    else await page.mouse.click(target.x, target.y);
    const step2 = await call<ProbeResult>(page, "result", 15_000);
    const start = click === "inPage" ? step2.click : step2.pointerdown;
    if (start === null) throw new Error(`${name}: no ${click === "inPage" ? "click" : "pointerdown"} event seen for ${id}`);

    await sleep(SETTLE_MS);
    await client.request("question.resolve", { id, cancel: true });
    const gone = Date.now();
    // Gone = step 2's options are gone (a UI may keep the question's text in a summary).
    while (await call<boolean>(page, "shown", `zob${n}`)) {
      if (Date.now() - gone > 15_000) throw new Error(`${name}: question ${id} still shown 15 s after it was cancelled`);
      await sleep(25);
    }
    await sleep(SETTLE_MS);
    if (errors.length > 0) throw new Error(`${name}: page errors: ${errors.join("; ")}`);
    return {
      requestToShown,
      receiptToShown,
      click,
      clickToStep2: step2.end - start,
      probeShownMs: shown.probeMs,
      probeStepMs: step2.probeMs,
    };
  }

  return { name, page, sample, close: () => context.close() };
}
