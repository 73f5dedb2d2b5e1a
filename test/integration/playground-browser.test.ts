// The playground page in Debian's Chromium (playwright-core, no downloaded browser): a demo asked
// through the embedded gateway is answered with the keyboard alone, or with a plain-text reply in
// the composer, and the page shows the tool result the agent got; a gateway restart is survived.
import { type Browser, type Page, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";
import { type PlaygroundProcess, startPlayground } from "../playground/playground-process.js";


let playground: PlaygroundProcess;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  playground = await startPlayground();
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto(playground.url);
  await connected();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await playground?.stop();
});

const connected = () => page.locator('.connection[data-connection="connected"]').waitFor({ timeout: 20_000 });

/** The newest agent turn once its tool call returned, with what it shows. */
async function finishedTurn() {
  const turn = page.locator("article[data-run-id]").last();
  await expect.poll(() => turn.getAttribute("data-run-status"), { timeout: 20_000 }).toBe("finished");
  return {
    json: JSON.parse(await turn.locator(".tool-result-json").innerText()) as unknown,
    text: await turn.locator(".tool-result-text").innerText(),
    chip: await turn.locator('[data-slot="ask-user-summary"]').innerText(),
  };
}

describe("playground page", () => {
  test("the single-select demo is answered with the keyboard alone and the tool result is shown", async () => {
    await page.getByRole("button", { name: "Single-select" }).click();
    const panel = page.locator('[data-slot="ask-user-dock"] [data-slot="ask-user-root"]');
    await panel.waitFor();
    await expect.poll(() => panel.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => page.getByRole("radio", { name: /Staging/ }).count()).toBe(1);

    await page.keyboard.press("1");
    await page.keyboard.press("Enter");

    const result = { status: "answered", answers: { answers: { deploy_target: ["Staging (Recommended)"] } } };
    const turn = await finishedTurn();
    expect(turn.json).toEqual(result);
    expect(turn.text).toBe(`Deploy to: Staging (Recommended)\n\n${JSON.stringify(result, null, 2)}`);
    expect(turn.chip).toContain("Deploy to");
    // The panel is gone and the composer, with focus back in it, took its place.
    await expect.poll(() => page.getByLabel("Message").evaluate((element) => element === document.activeElement)).toBe(true);
  }, 60_000);

  test("a demo started from the composer docks collapsed and takes a plain-text reply", async () => {
    const composer = page.getByLabel("Message");
    await composer.focus();
    await page.keyboard.type("/multi");
    await page.keyboard.press("Enter");
    await page.locator('[data-slot="ask-user-dock"][data-state="collapsed"]').waitFor({ timeout: 20_000 });

    await page.keyboard.type("1, 3");
    await page.keyboard.press("Enter");

    const result = { status: "answered", answers: { answers: { checks: ["Unit tests (Recommended)", "Lint"] } } };
    const turn = await finishedTurn();
    expect(turn.json).toEqual(result);
    expect(turn.chip).toContain("Checks");
  }, 60_000);

  test("after a gateway restart the page reconnects and answers the next question", async () => {
    await page.getByRole("button", { name: "Restart gateway" }).click();
    await page.locator('.connection:not([data-connection="connected"])').waitFor({ timeout: 10_000 });
    await connected();

    await page.getByRole("button", { name: "Single-select" }).click();
    await page.locator('[data-slot="ask-user-dock"] [data-slot="ask-user-root"]').waitFor({ timeout: 20_000 });
    await page.keyboard.press("2");
    await page.keyboard.press("Enter");
    expect((await finishedTurn()).json).toEqual({ status: "answered", answers: { answers: { deploy_target: ["Production"] } } });
  }, 60_000);

  test("a reload shows every earlier run once, with its tool result", async () => {
    const before = await page.locator("article[data-run-id]").evaluateAll((turns) => turns.map((turn) => turn.getAttribute("data-run-id")));
    expect(before).toHaveLength(3);
    await page.reload();
    await connected();
    const turns = page.locator("article[data-run-id]");
    await expect.poll(() => turns.evaluateAll((found) => found.map((turn) => turn.getAttribute("data-run-id")))).toEqual(before);
    expect(await page.locator(".tool-result").count()).toBe(3);
  }, 30_000);

  test.each([390, 1280])("at %i px wide nothing scrolls sideways and the composer sits at the bottom", async (width) => {
    await page.setViewportSize({ width, height: 800 });
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    const footer = await page.locator(".app-footer").boundingBox();
    expect(footer).not.toBeNull();
    expect(Math.round((footer?.y ?? 0) + (footer?.height ?? 0))).toBe(800);
  });

  test("the page logged no errors", () => {
    expect(pageErrors).toEqual([]);
  });
});
