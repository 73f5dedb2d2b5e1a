// Screenshots of the playground for a person to look at (not a test): every state the showcase
// has, at 390 and 1280 px, light and dark, in Debian's Chromium. One fresh playground per width and
// theme, so each set starts from an empty conversation.
//
//   node --import tsx test/playground/screenshots.ts [out-dir]     (default /tmp/playground-shots)
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Page, chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";
import { startPlayground } from "./playground-process.js";

const outDir = process.argv[2] ?? "/tmp/playground-shots";
mkdirSync(outDir, { recursive: true });

// SHOT_WIDTHS=390 SHOT_THEMES=dark narrow a run down.
const WIDTHS = (process.env.SHOT_WIDTHS ?? "390,1280").split(",").map(Number);
const THEMES = (process.env.SHOT_THEMES ?? "light,dark").split(",");
const LANGUAGE = process.env.SHOT_LANG === "vi" ? "vi" : "en";
/** SHOT_TOUCH=1: a phone (coarse pointer, touch), where the kit's targets grow and key hints go. */
const TOUCH = process.env.SHOT_TOUCH === "1";

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
try {
  for (const width of WIDTHS) {
    for (const theme of THEMES) {
      const playground = await startPlayground();
      try {
        const page = await browser.newPage({
          viewport: { width, height: width < 600 ? 844 : 800 },
          ...(TOUCH ? { isMobile: true, hasTouch: true } : {}),
        });
        page.on("pageerror", (error) => process.stderr.write(`page error: ${error.message}\n`));
        await page.goto(`${playground.url}/?theme=${theme}&lang=${LANGUAGE}`);
        await page.locator('.connection[data-connection="connected"]').waitFor({ timeout: 20_000 });
        await shoot(page, `${width}-${theme}-01-start`);
        if (width < 600) {
          await page.locator(".demo-toggle").click();
          await shoot(page, `${width}-${theme}-02-demos-open`);
          await page.locator(".demo-toggle").click();
        }
        await demo(page, 0);
        await panelOpen(page);
        await shoot(page, `${width}-${theme}-03-pending`);
        await demo(page, 0);
        await page.locator('.turn-note[data-note="sessionBusy"]').waitFor();
        await shoot(page, `${width}-${theme}-04-busy-note`);
        // The busy demo's button has focus now: answer with the pointer.
        await page.locator('[data-slot="ask-user-dock"] [role="radio"]').first().click();
        await page.locator('[data-slot="ask-user-dock"] [data-slot="ask-user-submit"]').click();
        await page.locator('article[data-run-status="finished"]').first().waitFor();
        await page.waitForTimeout(400);
        await shoot(page, `${width}-${theme}-05-answered-chip`);
        await page.locator(".tool-result > summary").first().click();
        await shoot(page, `${width}-${theme}-06-tool-result-open`);
        await page.locator(".tool-result > summary").first().click();
        await scenario(page, 1);
        await page.locator('[data-slot="ask-user-other-sessions"]').waitFor({ timeout: 10_000 });
        await page.waitForTimeout(300);
        await shoot(page, `${width}-${theme}-07-other-session`);
        await scenario(page, 0);
        await page.locator('.turn-note[data-note="severalAsked"]').waitFor({ timeout: 10_000 });
        await page.waitForTimeout(500);
        await shoot(page, `${width}-${theme}-08-several`);
        await page.close();
      } finally {
        await playground.stop();
      }
    }
  }
} finally {
  await browser.close();
}

async function shoot(page: Page, name: string): Promise<void> {
  const path = join(outDir, `${LANGUAGE === "en" ? "" : `${LANGUAGE}-`}${TOUCH ? "touch-" : ""}${name}.png`);
  await page.screenshot({ path });
  process.stdout.write(`${path}\n`);
}

/** Clicks the demo bar's button (opening the folded bar first on a narrow screen). */
async function clickInDemoBar(page: Page, group: number, index: number): Promise<void> {
  const toggle = page.locator(".demo-toggle");
  if (await toggle.isVisible()) await toggle.click();
  await page.locator(".demo-bar .demo-group").nth(group).locator("button").nth(index).click();
}

function demo(page: Page, index: number): Promise<void> {
  return clickInDemoBar(page, 0, index);
}

function scenario(page: Page, index: number): Promise<void> {
  return clickInDemoBar(page, 1, index);
}

async function panelOpen(page: Page): Promise<void> {
  await page.locator('[data-slot="ask-user-dock"][data-state="open"] [data-slot="ask-user-root"]').waitFor({ timeout: 10_000 });
  await page.waitForTimeout(400);
}
