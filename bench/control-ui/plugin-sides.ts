/**
 * The feature plugin's part of bench:control-ui, on its own stock gateway (the packed archive
 * installed by `openclaw plugins install`, the lab on, the package's own Control UI):
 *   - question.request → shown (series 3 and 4) and click → step 2 (series 1 and 2) on the
 *     plugin's Questions page vs the native dock of the same page and gateway, in alternating
 *     blocks, each block's first question kept apart (cold: the page had shown none yet);
 *   - the bytes of the plugin's assets, and how many of them the page fetched before its gateway
 *     connection was up (the Control UI imports plugin assets once it has connected).
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { PLUGIN_ID, pluginUiDir } from "../../scripts/openclaw/plugin.mjs";
import type { BenchGatewayClient } from "./gateway-client.js";
import { openSide, type Sample } from "./sides.js";

/** Where the Control UI serves a plugin's browser assets. */
export const PLUGIN_ASSETS = `/__openclaw__/plugins/control-ui/${PLUGIN_ID}/`;

export type PluginSideName = "questionsPage" | "nativeDock";

export interface PluginSamples {
  warm: Record<PluginSideName, Sample[]>;
  cold: Record<PluginSideName, Sample[]>;
}

export interface PluginPageUrls {
  chat: string;
  questions: string;
}

/** The chat page of `sessionKey` and the Questions page, on the plugin gateway at `base`. */
export function pluginPageUrls(base: string, token: string, sessionKey: string): PluginPageUrls {
  const rest = sessionKey.split(":").slice(1).map(encodeURIComponent).join("/");
  return {
    chat: `${base}/chat/${rest}#token=${token}`,
    questions: `${base}/plugin?plugin=${encodeURIComponent(PLUGIN_ID)}&id=questions#token=${token}`,
  };
}

export async function measurePluginSides(
  browser: Browser,
  {
    client,
    sessionKey,
    urls,
    blocks,
    perBlock,
    warmup,
    firstSample,
    interrupted,
    onBlock,
  }: {
    client: BenchGatewayClient;
    sessionKey: string;
    urls: PluginPageUrls;
    blocks: number;
    perBlock: number;
    warmup: number;
    /** The sample number to start at: ids stay unique across the bench's parts. */
    firstSample: number;
    interrupted(): boolean;
    onBlock(block: number, side: PluginSideName): void;
  },
): Promise<PluginSamples> {
  const warm: Record<PluginSideName, Sample[]> = { questionsPage: [], nativeDock: [] };
  const cold: Record<PluginSideName, Sample[]> = { questionsPage: [], nativeDock: [] };
  const pages: Record<PluginSideName, string> = { questionsPage: urls.questions, nativeDock: urls.chat };
  let n = firstSample;
  for (let block = 0; block < blocks && !interrupted(); block += 1) {
    const order: PluginSideName[] = block % 2 === 0 ? ["questionsPage", "nativeDock"] : ["nativeDock", "questionsPage"];
    for (const name of order) {
      if (interrupted()) break;
      const side = await openSide(browser, name, pages[name], { client, sessionKey, runTag: randomBytes(2).toString("hex") });
      try {
        cold[name].push(await side.sample(++n, block % 2 === 0 ? "inPage" : "cdp"));
        for (let i = 1; i < warmup; i += 1) await side.sample(++n, i % 2 === 0 ? "inPage" : "cdp");
        for (let i = 0; i < perBlock && !interrupted(); i += 1) warm[name].push(await side.sample(++n, (block + i) % 2 === 0 ? "inPage" : "cdp"));
      } finally {
        await side.close();
      }
      onBlock(block, name);
    }
  }
  return { warm, cold };
}

export interface PluginBytes {
  files: { name: string; bytes: number; gzip: number }[];
  /** Plugin assets the page requested before its connection's hello-ok, and their encoded bytes. */
  beforeConnect: { count: number; bytes: number };
  /** All plugin assets the page requested, and their encoded bytes. */
  loaded: { count: number; bytes: number };
}

/** Opens the chat page in a fresh context and reads, from the page's own resource timing, when the plugin's files came. */
export async function measurePluginBytes(browser: Browser, chatUrl: string): Promise<PluginBytes> {
  const files = ["index.js", "index.css"].map((name) => {
    const code = readFileSync(join(pluginUiDir, name));
    return { name, bytes: code.length, gzip: gzipSync(code).length };
  });
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  try {
    await context.addInitScript({ content: readFileSync(new URL("./probe.browser.js", import.meta.url), "utf8") });
    const page = await context.newPage();
    await page.goto(chatUrl);
    // The plugin's navigation entry: the page has activated the plugin, so its files have loaded.
    await page.getByRole("link", { name: "Questions", exact: true }).waitFor({ timeout: 90_000 });
    const seen = (await page.evaluate(`(() => {
      const helloAt = window.__bench.helloAt();
      const entries = performance.getEntriesByType("resource").filter((entry) => entry.name.includes(${JSON.stringify(PLUGIN_ASSETS)}));
      return { helloAt, entries: entries.map((entry) => ({ start: entry.startTime, bytes: entry.encodedBodySize })) };
    })()`)) as { helloAt: number | null; entries: { start: number; bytes: number }[] };
    if (seen.helloAt === null) throw new Error("plugin page: no hello-ok seen on the page's WebSocket");
    const sum = (list: { bytes: number }[]) => ({ count: list.length, bytes: list.reduce((total, entry) => total + entry.bytes, 0) });
    const helloAt = seen.helloAt;
    return { files, beforeConnect: sum(seen.entries.filter((entry) => entry.start < helloAt)), loaded: sum(seen.entries) };
  } finally {
    await context.close();
  }
}
