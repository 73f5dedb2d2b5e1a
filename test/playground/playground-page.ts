// One playground (its own server process, embedded gateway) open in Debian's Chromium at 1280 px,
// connected, with every console error and page error collected: the start of each browser suite.
import { type Browser, type Page, chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";
import { type PlaygroundProcess, startPlayground } from "./playground-process.js";

export interface PlaygroundPage {
  playground: PlaygroundProcess;
  browser: Browser;
  page: Page;
  /** Console errors and uncaught page errors, in order. */
  pageErrors: string[];
  close(): Promise<void>;
}

/** Waits until the page's gateway connection shows as connected. */
export const waitConnected = (page: Page) => page.locator('.connection[data-connection="connected"]').waitFor({ timeout: 20_000 });

export async function openPlaygroundPage(): Promise<PlaygroundPage> {
  const playground = await startPlayground();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const pageErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(playground.url);
  await waitConnected(page);
  return {
    playground,
    browser,
    page,
    pageErrors,
    async close() {
      await browser.close();
      await playground.stop();
    },
  };
}
