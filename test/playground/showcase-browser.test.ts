// The playground as the kit's showcase, in Debian's Chromium: a demo started while one waits says
// so in a sentence with a way forward (no HTTP status), and that way forward works; the tool
// result is folded under a "Tool result" disclosure below the chip; "Several at once" docks three
// questions; "Another session" brings up the other-session notice; the theme and language
// toggles change the kit and the page and survive a reload; at 390 px every demo is in reach.
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type PlaygroundPage, openPlaygroundPage, waitConnected } from "./playground-page.js";
import type { PlaygroundProcess } from "./playground-process.js";

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

let opened: PlaygroundPage | undefined;
let playground: PlaygroundProcess;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  opened = await openPlaygroundPage();
  ({ playground, page, pageErrors } = opened);
}, 90_000);

afterAll(() => opened?.close());

const connected = () => waitConnected(page);
const dock = () => page.locator('[data-slot="ask-user-dock"]');
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 10_000 });
const panelOpen = () => page.locator('[data-slot="ask-user-dock"][data-state="open"] [data-slot="ask-user-root"]').waitFor({ timeout: 10_000 });
const demoButton = (name: string) => page.getByRole("navigation").getByRole("button", { name, exact: true });
const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
/** Relative luminance-ish: the sum of the RGB channels of a computed `rgb(…)` colour. */
const brightness = (color: string) => (color.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).reduce((sum, channel) => sum + Number(channel), 0);

/** Answers the docked single-select with the pointer: its first option, then Submit. */
async function answerDocked() {
  await panelOpen();
  await dock().getByRole("radio").first().click();
  await dock().getByRole("button", { name: "Submit", exact: true }).click();
  await eventually(() => dock().getAttribute("data-state")).not.toBe("open");
}

/** POST /api/runs as another client would, straight to the server. */
async function postRun(body: unknown) {
  const response = await fetch(`${playground.url}/api/runs`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as { run?: { sessionKey: string | null; intro: string }; error?: string; reason?: string },
  };
}

describe("playground showcase", () => {
  test("a demo started while one waits says why in a sentence, and its button goes to another session", async () => {
    await demoButton("Single-select").click();
    await panelOpen();
    await demoButton("Multi-select").click();

    const note = page.locator('.turn-note[data-note="sessionBusy"]');
    await note.waitFor({ timeout: 10_000 });
    const text = await note.innerText();
    expect(text).toContain("A question is already waiting in agent:main:main");
    expect(await page.locator('[role="log"]').innerText()).not.toMatch(/409|failed \(|\/api\/runs/);
    // Folded away, the question is one click from the note.
    await dock().getByRole("button", { name: "Collapse question" }).click();
    await eventually(() => dock().getAttribute("data-state")).toBe("collapsed");
    await note.getByRole("button", { name: "Show the question" }).click();
    await eventually(() => dock().getAttribute("data-state")).toBe("open");

    await note.getByRole("button", { name: "Another session" }).click();
    const notice = page.locator('[data-slot="ask-user-other-sessions"]');
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.getAttribute("data-session-key")).toBe("agent:main:ops");
    await page.locator('.turn-note[data-note="askedElsewhere"]').waitFor();
    await answerDocked();
  }, 60_000);

  test("the chip sits in its turn and the tool result is folded under a Tool result disclosure", async () => {
    const turn = page.locator('article[data-run-id][data-run-status="finished"]').first();
    await turn.waitFor({ timeout: 10_000 });
    const result = turn.locator("details.tool-result");
    expect(await result.count()).toBe(1);
    expect(await result.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    expect(await result.locator(":scope > summary").innerText()).toMatch(/^Tool result\s+answered$/);
    expect(await turn.locator(".tool-result-text").isVisible()).toBe(false);
    // The chip comes before the folded trace, in the same turn.
    const order = await turn.evaluate((element) => {
      const chip = element.querySelector('[data-slot="ask-user-summary"]');
      const trace = element.querySelector(".turn-trace");
      return chip && trace ? chip.compareDocumentPosition(trace) & Node.DOCUMENT_POSITION_FOLLOWING : 0;
    });
    expect(order).not.toBe(0);

    await result.locator(":scope > summary").click();
    expect(await turn.locator(".tool-result-text").isVisible()).toBe(true);
    expect(await turn.locator(".tool-result-text").innerText()).toMatch(/^Target: /);
  });

  test("“Several at once” docks three questions, the panel steps between them", async () => {
    // Cleared first: the ops question from the first test must not be counted here.
    await page.getByRole("button", { name: "Go to ops" }).click();
    await panelOpen();
    await answerDocked();
    await page.goBack();
    await eventually(async () => new URL(page.url()).searchParams.get("session")).toBeNull();

    await demoButton("Several at once").click();
    await page.locator('.turn-note[data-note="severalAsked"]').waitFor({ timeout: 15_000 });
    expect(await page.locator('.turn-note[data-note="severalAsked"]').innerText()).toContain("3 questions are waiting");
    await panelOpen();
    await eventually(() => dock().locator('[data-slot="ask-user-root"]').innerText()).toMatch(/\b\d\/3\b/);
    expect(await page.locator("article[data-sessionless]").count()).toBe(2);
    // Sessionless, so they dock in another session too.
    await page.getByLabel("Session").selectOption("agent:main:ops");
    await panelOpen();
    await eventually(() => dock().locator('[data-slot="ask-user-root"]').innerText()).toMatch(/\b\d\/2\b/);
    await page.goBack();
  }, 60_000);

  test("dark, then a reload: still dark, and the kit's panel is dark too", async () => {
    await page.getByRole("radio", { name: "Light" }).check();
    const light = await background();
    await page.getByRole("radio", { name: "Dark" }).check();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    const dark = await background();
    expect(brightness(dark)).toBeLessThan(brightness(light));

    await page.reload();
    await connected();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await page.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true);
    expect(await background()).toBe(dark);
    await panelOpen();
    const panelBackground = await dock()
      .locator('[data-slot="ask-user-root"]')
      .evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(brightness(panelBackground)).toBeLessThan(200);

    // System follows the browser's scheme, with no attribute of its own.
    await page.getByRole("radio", { name: "System" }).check();
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-theme"))).toBe(false);
    await page.emulateMedia({ colorScheme: "light" });
    expect(await background()).toBe(light);
    await page.emulateMedia({ colorScheme: "dark" });
    expect(await background()).toBe(dark);
    await page.emulateMedia({ colorScheme: "light" });
  }, 60_000);

  test("Vietnamese, then a reload: the kit's panel and the page both speak it", async () => {
    await page.getByRole("radio", { name: "Tiếng Việt" }).check();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("vi");
    await page.reload();
    await connected();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("vi");
    expect(await page.getByRole("radio", { name: "Tiếng Việt" }).isChecked()).toBe(true);
    await panelOpen();
    await dock().getByRole("button", { name: "Bỏ qua", exact: true }).waitFor();
    expect(await page.getByRole("navigation").getByRole("button", { name: "Chọn một", exact: true }).count()).toBe(1);
    expect(await page.getByLabel("Phiên").inputValue()).toBe("agent:main:main");

    await page.getByRole("radio", { name: "English" }).check();
    await dock().getByRole("button", { name: "Skip", exact: true }).waitFor();
  }, 60_000);

  test("at 390 px the demo bar folds behind one button, and opened, every demo is in reach", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    const toggle = page.getByRole("button", { name: "Demos" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await demoButton("Single-select").isVisible()).toBe(false);
    expect(await page.getByLabel("Session").isVisible()).toBe(true);
    await toggle.click();
    const buttons = page.locator(".demo-bar button");
    expect(await buttons.count()).toBe(7);
    for (const box of await buttons.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.width).toBeGreaterThan(0);
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(390);
    }
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    // A demo run from the unfolded bar folds it, and focus stays in reach instead of on <body>.
    await demoButton("Single-select").click();
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await demoButton("Single-select").isVisible()).toBe(true);
  }, 30_000);

  test.each(["light", "dark"] as const)(
    "axe finds nothing on the page in %s, with notes, a folded result and the panel open",
    async (theme) => {
      await page.getByRole("radio", { name: theme === "light" ? "Light" : "Dark" }).check();
      await demoButton("Single-select").click();
      await page.locator('.turn-note[data-note="sessionBusy"]').last().waitFor();
      await panelOpen();
      await page.addScriptTag({ path: AXE_PATH });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run(context: Element, options: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
          }
        ).axe;
        const result = await axe.run(document.body, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"] } });
        return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
      });
      expect(violations).toEqual([]);
    },
    30_000,
  );

  test("the page logged no errors but the refusals it asked for", () => {
    // Chromium logs every 4xx response; the busy demo's 409 is the one this file provokes.
    expect(pageErrors.filter((text) => !/status of 409 \(Conflict\)/.test(text))).toEqual([]);
  });
});

// Last: the questions these leave waiting would dock on the page above.
describe("playground server, showcase additions", () => {
  test("a busy session's refusal carries reason session-busy; a bad language is refused as a bad request", async () => {
    expect((await postRun({ demo: "single", sessionKey: "agent:main:api-check" })).status).toBe(201);
    expect(await postRun({ demo: "multi", sessionKey: "agent:main:api-check" })).toMatchObject({
      status: 409,
      body: { reason: "session-busy" },
    });
    expect(await postRun({ demo: "single", language: "fr" })).toMatchObject({ status: 400, body: { reason: "bad-request" } });
  });

  test("sessionKey null asks with no session; language vi asks in Vietnamese", async () => {
    const loose = await postRun({ demo: "single", sessionKey: null, language: "vi" });
    expect(loose.status).toBe(201);
    expect(loose.body.run?.sessionKey).toBeNull();
    expect(loose.body.run?.intro).toMatch(/Trước khi phát hành/);
  });
});
