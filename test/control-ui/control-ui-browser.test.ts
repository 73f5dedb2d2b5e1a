// OpenClaw's own Control UI (the Lit app the pinned gateway serves), with the kit in place of its
// native question panel, driven in Debian's Chromium by roles and names as a person would. Every
// scenario checks what the gateway recorded (`question.get`) and that the native panel never shows.
// Run by `npm run test:openclaw`, which serves the Control UI copy with the kit in it
// (scripts/openclaw/control-ui-root.mjs) and sets ASK_USER_CONTROL_UI_URL.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";
import { FAKE_REPLY_TEXT } from "../../scripts/openclaw/fake-model.mjs";
import type { Question } from "../../src/contract/index.js";
import { askViaChat } from "../integration/support/gateway-target.js";
import { connectRawGatewayClient, type RawGatewayClient } from "../integration/support/raw-gateway-client.js";
import { type Agent, multiChoice, singleChoice, startAgent } from "../integration/support/scenario-kit.js";

const BASE = process.env.ASK_USER_CONTROL_UI_URL;
const GATEWAY_URL = process.env.ASK_USER_GATEWAY_URL;
const TOKEN = process.env.ASK_USER_GATEWAY_TOKEN;
if (!BASE || !GATEWAY_URL || !TOKEN)
  throw new Error(
    "the Control UI tests need ASK_USER_CONTROL_UI_URL, ASK_USER_GATEWAY_URL and ASK_USER_GATEWAY_TOKEN; run them with `npm run test:openclaw`.",
  );

const MAIN = "agent:main:main";
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** The kit's code on the page: its console messages carry this in their source location. */
const KIT_SCRIPT = "/assets/ask-user-kit/";
/** A question round trip through the real gateway and two sockets can take a while on a busy machine. */
const eventually = <T>(read: () => Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });

let browser: Browser;
let context: BrowserContext;
let page: Page;
let agent: Agent;
/** An operator connection for what a person does elsewhere: the agent's chat turns, sessions. */
let operator: RawGatewayClient;
const kitConsole: string[] = [];

const pageUrl = (sessionPath = "main") => `${BASE}/chat/${sessionPath}#token=${TOKEN}`;

/** A browser profile of its own (nothing in localStorage), on the chat of `sessionPath`. */
async function openPage(target: BrowserContext, sessionPath = "main"): Promise<Page> {
  const opened = await target.newPage();
  opened.on("console", (message) => {
    if ((message.type() === "error" || message.type() === "warning") && message.location().url.includes(KIT_SCRIPT))
      kitConsole.push(`${message.type()}: ${message.text()}`);
  });
  opened.on("pageerror", (error) => {
    if (error.stack?.includes(KIT_SCRIPT)) kitConsole.push(`pageerror: ${error.message}`);
  });
  await opened.goto(pageUrl(sessionPath));
  await composerOf(opened).waitFor({ timeout: 60_000 });
  return opened;
}

const composerOf = (on: Page) => on.locator(SHOWN_SHELL).getByRole("textbox", { name: "Chat composer" });
const composer = () => composerOf(page);
const panel = (on: Page = page) => on.locator('ask-user-panel [data-slot="ask-user-root"]');
/** The chat on screen's composer shell (the app keeps recent sessions' chats mounted in a pane cache, one marked shown). */
const SHOWN_SHELL = ".chat-pane-cache__pane--visible .agent-chat__composer-shell";
const dockState = (on: Page = page) => on.locator(SHOWN_SHELL).getAttribute("data-ask-user-dock");
const stepShows = (question: string) => panel().locator('[data-slot="ask-user-description"]').filter({ hasText: question, visible: true }).waitFor();
const nativePanels = (on: Page = page) => on.locator(".chat-question-panel, .chat-question-summary").count();
/** The step indicator, as "step/total". */
const stepText = async () => {
  const indicator = panel().locator('[data-slot="ask-user-step-indicator"]');
  return `${await indicator.getAttribute("data-step")}/${await indicator.getAttribute("data-total")}`;
};
const button = (name: string | RegExp) => panel().getByRole("button", { name, exact: typeof name === "string" });

async function ask(questions: Question[], { sessionKey = MAIN, timeoutMs }: { sessionKey?: string; timeoutMs?: number } = {}): Promise<string> {
  const id = `cui-${Math.random().toString(36).slice(2, 10)}`;
  const reply = await agent.raw.request("question.request", {
    id,
    questions,
    sessionKey,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  if (!reply.ok) throw new Error(`question.request failed: ${JSON.stringify(reply.error)}`);
  return id;
}

/** The kit's panel shows `question` (by its text), docked in the composer shell, and focused. */
async function shown(question: string, on: Page = page) {
  await panel(on).locator('[data-slot="ask-user-description"]').filter({ hasText: question, visible: true }).waitFor({ timeout: 30_000 });
  expect(await dockState(on)).toBe("open");
  expect(await nativePanels(on)).toBe(0);
}

/** The panel left and the composer is back. */
async function closed(on: Page = page) {
  await eventually(() => dockState(on)).toBe("idle");
  expect(await panel(on).count()).toBe(0);
  expect(await composerOf(on).isVisible()).toBe(true);
  expect(await nativePanels(on)).toBe(0);
}

const record = (id: string) => agent.record(id);

/** Ends every question still pending (a failed scenario must not leave one docked for the next). */
async function endPending() {
  const reply = await agent.raw.request("question.list", {});
  for (const question of (reply.payload as { questions: { id: string }[] }).questions)
    await agent.raw.request("question.resolve", { id: question.id, cancel: true });
}

beforeAll(async () => {
  agent = await startAgent({ kind: "openclaw", url: GATEWAY_URL, token: TOKEN, close: async () => {}, restart: async () => {} });
  const connected = await connectRawGatewayClient(GATEWAY_URL, { token: TOKEN, scopes: ["operator.admin"] });
  if (!connected.hello.ok) throw new Error(`operator connect failed: ${JSON.stringify(connected.hello.error)}`);
  operator = connected.client;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await openPage(context);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await operator?.close();
  await agent?.close();
});

beforeEach(async () => {
  await endPending();
  await closed();
  // Text left in the composer by a failed scenario would dock the next question folded.
  await composer().fill("");
});

describe("the kit inside OpenClaw's Control UI (real gateway)", () => {
  test("single-select: the kit's panel docks above the composer, the pick is the answer, the panel closes", async () => {
    const id = await ask([singleChoice()]);
    await shown("Where should this deploy?");
    expect(await composer().isVisible()).toBe(false);
    await panel()
      .getByRole("radio", { name: /Production/ })
      .click();
    await button("Submit").click();
    await closed();
    expect(await record(id)).toMatchObject({ status: "answered", answers: { answers: { target: ["Production"] } } });
  });

  test("multi-select with Other: picks, then the typed answer", async () => {
    const id = await ask([multiChoice()]);
    await shown("Which checks should run?");
    await panel().getByRole("checkbox", { name: /Lint/ }).click();
    await panel().getByRole("checkbox", { name: /E2E/ }).click();
    await panel().getByRole("textbox", { name: "Your own answer for Checks" }).fill("smoke on staging");
    await button("Submit").click();
    await closed();
    expect(await record(id)).toMatchObject({ status: "answered", answers: { answers: { checks: ["Lint", "E2E", "smoke on staging"] } } });
  });

  test("three questions, one step each: Back keeps what was chosen, Submit sends all three", async () => {
    const env = {
      ...singleChoice("env"),
      header: "Env",
      question: "Which environment variables?",
      options: [{ label: "Keep" }, { label: "Reset" }],
    };
    const id = await ask([singleChoice(), multiChoice(), env]);
    await shown("Where should this deploy?");
    await panel()
      .getByRole("radio", { name: /Staging/ })
      .click();
    // A single-select pick advances on its own (not on the last step).
    await stepShows("Which checks should run?");
    expect(await stepText()).toBe("2/3");
    await panel()
      .getByRole("checkbox", { name: /Unit tests/ })
      .click();
    await button("Next").click();
    await stepShows("Which environment variables?");
    await button("Back").click();
    await stepShows("Which checks should run?");
    expect(
      await panel()
        .getByRole("checkbox", { name: /Unit tests/ })
        .isChecked(),
    ).toBe(true);
    await button("Next").click();
    await panel().getByRole("radio", { name: /Reset/ }).click();
    expect(await stepText()).toBe("3/3");
    await button("Submit").click();
    await closed();
    expect(await record(id)).toMatchObject({
      status: "answered",
      answers: { answers: { target: ["Staging (Recommended)"], checks: ["Unit tests"], env: ["Reset"] } },
    });
  });

  test("Skip with nothing typed ends it at once; with a typed answer it asks first", async () => {
    const plain = await ask([singleChoice()]);
    await shown("Where should this deploy?");
    await button("Skip").click();
    await closed();
    expect((await record(plain)).status).toBe("cancelled");

    const typed = await ask([singleChoice()]);
    await shown("Where should this deploy?");
    await panel().getByRole("textbox", { name: "Your own answer for Target" }).fill("a preview environment");
    await button("Skip").click();
    await panel().getByText("Skip without sending your typed answer?").waitFor();
    // Nothing reached the gateway before the confirmation.
    expect((await record(typed)).status).toBe("pending");
    await button("Skip anyway").click();
    await closed();
    expect((await record(typed)).status).toBe("cancelled");
  });

  test("collapse gives the composer back (usable, focused); expand restores the draft", async () => {
    const id = await ask([singleChoice()]);
    await shown("Where should this deploy?");
    await panel().getByRole("textbox", { name: "Your own answer for Target" }).fill("canary first");
    await page.getByRole("button", { name: "Collapse question" }).click();
    await eventually(() => dockState()).toBe("collapsed");
    await eventually(() => composer().evaluate((element) => element === document.activeElement)).toBe(true);
    await composer().pressSequentially("a note for later");
    expect(await composer().inputValue()).toBe("a note for later");
    expect((await record(id)).status).toBe("pending");
    await page.getByRole("button", { name: /^Question · Target/ }).click();
    await shown("Where should this deploy?");
    expect(await panel().getByRole("textbox", { name: "Your own answer for Target" }).inputValue()).toBe("canary first");
    await button("Submit").click();
    await closed();
    // The composer kept what was typed in it while the panel was folded.
    expect(await composer().inputValue()).toBe("a note for later");
    await composer().fill("");
    expect(await record(id)).toMatchObject({ status: "answered", answers: { answers: { target: ["canary first"] } } });
  });

  test("answered by another client: the panel closes and the gateway keeps that client's answer", async () => {
    const id = await ask([singleChoice()]);
    await shown("Where should this deploy?");
    await panel().getByRole("textbox", { name: "Your own answer for Target" }).fill("typed here, never sent");
    await agent.resolve(id, { target: ["Production"] });
    await closed();
    expect(await record(id)).toMatchObject({ status: "answered", answers: { answers: { target: ["Production"] } } });
  });

  test("expired at the gateway: the panel closes", async () => {
    const id = await ask([singleChoice()], { timeoutMs: 4_000 });
    await shown("Where should this deploy?");
    await closed();
    expect((await record(id)).status).toBe("expired");
  });

  test("cancelled by another client: the panel closes", async () => {
    const id = await ask([singleChoice()]);
    await shown("Where should this deploy?");
    const reply = await agent.raw.request("question.resolve", { id, cancel: true });
    expect(reply.ok).toBe(true);
    await closed();
    expect((await record(id)).status).toBe("cancelled");
  });

  test("the agent's turn gets the kit's chip at its tool card; a reload and a fresh browser profile rebuild it from the chat history", async () => {
    const input = {
      questions: [{ id: "region", header: "Region", question: "Which region hosts it?", options: [{ label: "eu-west" }, { label: "us-east" }] }],
    };
    const runId = await askViaChat(GATEWAY_URL, TOKEN, input, { sessionKey: "main" });
    await shown("Which region hosts it?");
    await panel()
      .getByRole("radio", { name: /us-east/ })
      .click();
    await button("Submit").click();
    await closed();
    const chipOf = (on: Page) => on.locator(`.chat-bubble--tool-shell[data-message-id*=${JSON.stringify(runId)}] + .ask-user-control-ui-chip`);
    await eventually(() => chipOf(page).innerText()).toContain("Region: us-east");

    await page.reload();
    await composer().waitFor({ timeout: 60_000 });
    await eventually(() => chipOf(page).innerText()).toContain("Region: us-east");
    expect(await nativePanels()).toBe(0);

    const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const other = await openPage(fresh);
      expect(await other.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("ask-user-kit")))).toEqual([]);
      await eventually(() => chipOf(other).innerText()).toContain("Region: us-east");
      expect(await nativePanels(other)).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  test("a gateway restart mid-prompt: the lost question closes, and the next one is answered", async () => {
    const lost = await ask([singleChoice()]);
    await shown("Where should this deploy?");
    const control = process.env.ASK_USER_GATEWAY_CONTROL_URL;
    if (!control) throw new Error("the restart scenario needs ASK_USER_GATEWAY_CONTROL_URL (set by `npm run test:openclaw`)");
    const restarted = await fetch(new URL("/restart", control), { method: "POST" });
    expect(restarted.status).toBe(200);
    // The question lived in the old gateway's memory: the kit learns it is gone and closes it.
    // The agent's and operator's sockets died with the old gateway: new ones for what follows.
    await agent.close();
    agent = await startAgent({ kind: "openclaw", url: GATEWAY_URL, token: TOKEN, close: async () => {}, restart: async () => {} });
    await operator.close();
    operator = (await connectRawGatewayClient(GATEWAY_URL, { token: TOKEN, scopes: ["operator.admin"] })).client;
    await closed();
    expect((await agent.raw.request("question.get", { id: lost })).ok).toBe(false);

    const next = await ask([singleChoice()]);
    await shown("Where should this deploy?");
    await panel()
      .getByRole("radio", { name: /Production/ })
      .click();
    await button("Submit").click();
    await closed();
    expect(await record(next)).toMatchObject({ status: "answered", answers: { answers: { target: ["Production"] } } });
  });

  test("switching sessions: each shows only its own prompts; the Control UI's own chat still works", async () => {
    const created = await operator.request("sessions.create", {
      agentId: "main",
      label: `cui-switch-${Math.random().toString(36).slice(2, 6)}`,
    });
    expect(created.ok).toBe(true);
    const otherKey = (created.payload as { key: string }).key;
    const id = await ask([singleChoice()], { sessionKey: otherKey });
    // On main it does not dock; a question of main's arriving after it does (so the first had arrived too).
    const mine = await ask([{ ...singleChoice(), question: "Asked in main?" }]);
    await shown("Asked in main?");
    expect(await panel().getByText("Where should this deploy?").count()).toBe(0);
    await agent.raw.request("question.resolve", { id: mine, cancel: true });
    await closed();

    // The app's own navigation (its router follows history), as a link in the sidebar does.
    const otherPath = `main/${otherKey
      .replace(/^agent:main:/, "")
      .split(":")
      .map(encodeURIComponent)
      .join("/")}`;
    await page.evaluate((path) => {
      history.pushState(null, "", `/chat/${path}`);
      dispatchEvent(new PopStateEvent("popstate"));
    }, otherPath);
    await shown("Where should this deploy?");
    await panel()
      .getByRole("radio", { name: /Staging/ })
      .click();
    await button("Submit").click();
    await closed();
    expect(await record(id)).toMatchObject({
      status: "answered",
      sessionKey: otherKey,
      answers: { answers: { target: ["Staging (Recommended)"] } },
    });

    await page.evaluate(() => {
      history.pushState(null, "", "/chat/main");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await closed();
    // Sending a message from the Control UI's composer still runs the agent's turn.
    await composer().fill("hello from the composer");
    await composer().press("Enter");
    await page.getByText("hello from the composer").first().waitFor({ timeout: 30_000 });
    await page.getByText(FAKE_REPLY_TEXT).last().waitFor({ timeout: 60_000 });
  });

  test.each(["light", "dark"] as const)("axe finds nothing in the kit's panel (%s theme), which takes the Control UI's colours", async (scheme) => {
    await page.emulateMedia({ colorScheme: scheme });
    await eventually(() => page.evaluate(() => document.documentElement.getAttribute("data-theme-mode"))).toBe(scheme);
    const id = await ask([singleChoice(), multiChoice()]);
    await shown("Where should this deploy?");
    const colours = await page.evaluate(() => {
      const root = document.querySelector('ask-user-panel [data-slot="ask-user-root"]')!;
      const probe = document.createElement("div");
      probe.style.background = "var(--card)";
      document.body.append(probe);
      const card = getComputedStyle(probe).backgroundColor;
      probe.remove();
      return { panel: getComputedStyle(root).backgroundColor, card };
    });
    expect(colours.panel).toBe(colours.card);
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: { run(context: Element, options: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> };
        }
      ).axe;
      const result = await axe.run(document.querySelector("ask-user-panel")!, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"] },
      });
      return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    });
    expect(violations).toEqual([]);
    await button("Skip").click();
    await closed();
    expect((await record(id)).status).toBe("cancelled");
  });

  test("the kit logged no error or warning on the page", () => {
    // Chromium's own line for a refused socket (while the restart scenario's gateway was down) is
    // the browser's, not the kit's; every socket on the page is opened through the kit's wrap, so
    // the browser names the kit's script as its source.
    const browserNetworkLines =
      /^error: WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/' failed: Error in connection establishment: net::ERR_CONNECTION_REFUSED$/;
    expect(kitConsole.filter((line) => !browserNetworkLines.test(line))).toEqual([]);
  });
});
