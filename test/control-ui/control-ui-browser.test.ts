// OpenClaw's own Control UI (the Lit app the pinned gateway serves), with the kit in place of its
// native question panel, driven in Debian's Chromium by roles and names as a person would. Every
// scenario checks what the gateway recorded (`question.get`) and that the native panel never shows.
// Run by `npm run test:openclaw`, which serves the Control UI copy with the kit in it
// (scripts/openclaw/control-ui-root.mjs) and sets ASK_USER_CONTROL_UI_URL.
import { gzipSync } from "node:zlib";
import { type Browser, type BrowserContext, chromium, type Page, type WebSocket } from "playwright-core";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";
import { FAKE_REPLY_TEXT } from "../../scripts/openclaw/fake-model.mjs";
import type { Question } from "../../src/contract/index.js";
import { askViaChat } from "../integration/support/gateway-target.js";
import { axeViolations } from "./support/axe.js";
import { editAskUserResults } from "./support/edited-history.js";
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
/** The kit's code on the page: its console messages carry this in their source location. */
const KIT_SCRIPT = "/assets/ask-user-kit/";
/** A question round trip through the real gateway can take a while on a busy machine. */
const eventually = <T>(read: () => Promise<T>, timeout = 30_000) => expect.poll(read, { timeout });
/** An agent's turn waits for the scripted model and the gateway's own work before it asks: longer still. */
const AGENT_TURN_MS = 120_000;
/** Loading the Control UI (its bundle, its first connect and render) on a busy machine. */
const PAGE_LOAD_MS = 90_000;
/** A test that loads another page or waits for an agent's turn (the restart one: a gateway restart). */
const SLOW_TEST_MS = 240_000;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let agent: Agent;
/** An operator connection for what a person does elsewhere: the agent's chat turns, sessions. */
let operator: RawGatewayClient;
const kitConsole: string[] = [];
/** Every uncaught exception on the pages, the app's too: the kit changes how the app's own question panel renders. */
const pageErrors: string[] = [];

const pageUrl = (sessionPath = "main") => `${BASE}/chat/${sessionPath}#token=${TOKEN}`;

/** A browser profile of its own (nothing in localStorage), on the chat of `sessionPath`. */
async function openPage(target: BrowserContext, sessionPath = "main"): Promise<Page> {
  const opened = await target.newPage();
  opened.on("console", (message) => {
    if ((message.type() === "error" || message.type() === "warning") && message.location().url.includes(KIT_SCRIPT))
      kitConsole.push(`${message.type()}: ${message.text()}`);
  });
  opened.on("pageerror", (error) => {
    pageErrors.push(`${error.message}\n${error.stack ?? ""}`);
    if (error.stack?.includes(KIT_SCRIPT)) kitConsole.push(`pageerror: ${error.message}`);
  });
  await opened.goto(pageUrl(sessionPath), { timeout: PAGE_LOAD_MS });
  await composerOf(opened).waitFor({ timeout: PAGE_LOAD_MS });
  return opened;
}

const composerOf = (on: Page) => on.locator(SHOWN_SHELL).getByRole("textbox", { name: "Chat composer" });
const composer = () => composerOf(page);
const panel = (on: Page = page) => on.locator('ask-user-panel [data-slot="ask-user-root"]');
/** The chat on screen's composer shell (the app keeps recent sessions' chats mounted in a pane cache, one marked shown). */
const SHOWN_SHELL = ".chat-pane-cache__pane--visible .agent-chat__composer-shell";
const dockState = (on: Page = page) => on.locator(SHOWN_SHELL).getAttribute("data-ask-user-dock");
const stepShows = (question: string) => panel().locator('[data-slot="ask-user-description"]').filter({ hasText: question, visible: true }).waitFor();
/** The native question panel and summaries on screen (the app's question state stays alive, hidden). */
const nativePanels = (on: Page = page) => on.locator(".chat-question-panel, .chat-question-summary").filter({ visible: true }).count();
/** The step indicator, as "step/total". */
const stepText = async () => {
  const indicator = panel().locator('[data-slot="ask-user-step-indicator"]');
  return `${await indicator.getAttribute("data-step")}/${await indicator.getAttribute("data-total")}`;
};
const button = (name: string | RegExp) => panel().getByRole("button", { name, exact: typeof name === "string" });

async function ask(questions: Question[], { sessionKey = MAIN, timeoutMs }: { sessionKey?: string; timeoutMs?: number } = {}): Promise<string> {
  const id = `cui-${Math.random().toString(36).slice(2, 10)}`;
  const reply = await agent.raw.request("question.request", { id, questions, sessionKey, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  if (!reply.ok) throw new Error(`question.request failed: ${JSON.stringify(reply.error)}`);
  return id;
}

/** The kit's panel shows `question` (by its text), docked in the composer shell, and focused. */
async function shown(question: string, on: Page = page, timeout = 30_000) {
  await panel(on).locator('[data-slot="ask-user-description"]').filter({ hasText: question, visible: true }).waitFor({ timeout });
  expect(await dockState(on)).toBe("open");
  expect(await nativePanels(on)).toBe(0);
  // The panel takes focus in the frame after its first one; a key pressed before that goes to the page.
  await eventually(() => panel(on).evaluate((root) => root.contains(document.activeElement))).toBe(true);
}

/** The panel left and the composer is back (before the kit's code has loaded, the shell has no dock state at all). */
async function closed(on: Page = page) {
  await eventually(() => dockState(on)).toBeOneOf(["idle", null]);
  expect(await panel(on).count()).toBe(0);
  expect(await composerOf(on).isVisible()).toBe(true);
  expect(await nativePanels(on)).toBe(0);
}

const record = (id: string) => agent.record(id);
/** What `question.get` says about how it ended, exactly (status and answers, nothing else). */
const outcome = async (id: string) => {
  const { status, answers } = await record(id);
  return { status, ...(answers === undefined ? {} : { answers }) };
};

/** A new chat session of the main agent, and its path in the Control UI's routes. */
async function newSession(name: string): Promise<{ key: string; label: string; path: string }> {
  const label = `${name}-${Math.random().toString(36).slice(2, 8)}`;
  const created = await operator.request("sessions.create", { agentId: "main", label });
  if (!created.ok) throw new Error(`sessions.create failed: ${JSON.stringify(created.error)}`);
  const key = (created.payload as { key: string }).key;
  return {
    key,
    label,
    path: `main/${key
      .replace(/^agent:main:/, "")
      .split(":")
      .map(encodeURIComponent)
      .join("/")}`,
  };
}

/** The app's own navigation (its router follows history), as a link in the sidebar does. */
const navigate = (path: string, on: Page = page) =>
  on.evaluate((to) => {
    history.pushState(null, "", `/chat/${to}`);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);

/** The chips after the shown transcript (questions no tool card stands for), as [prompt id, outcome]. */
const endChips = (on: Page = page) =>
  on
    .locator('.chat-pane-cache__pane--visible .ask-user-control-ui-end [data-slot="ask-user-summary"]')
    .evaluateAll((chips) => chips.map((chip) => [(chip as HTMLElement).dataset.promptId, (chip as HTMLElement).dataset.outcome]));

/** The kit's files the page has fetched, by name. */
const kitFiles = (on: Page) =>
  on.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.includes("/assets/ask-user-kit/"))
      .map((path) => path.split("/").pop()),
  );

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
  // A document the test serves itself (the release test's) counts to Chromium as from the public
  // internet, and its local-network checks would then refuse the page's socket to the loopback gateway.
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, "--disable-features=LocalNetworkAccessChecks"] });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await openPage(context);
}, SLOW_TEST_MS);

afterAll(async () => {
  await browser?.close();
  await operator?.close();
  await agent?.close();
});

beforeEach(async () => {
  // A failed scenario must not leave the page on another session, nor a question docked.
  await navigate("main");
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
    // The app's own panel is still mounted for this question (its state stays alive) but builds nothing.
    expect(await page.locator(`${SHOWN_SHELL} openclaw-chat-question-panel`).count()).toBe(1);
    await eventually(() => page.locator("openclaw-chat-question-panel > *").count()).toBe(0);
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
    const env = { ...singleChoice("env"), header: "Env", question: "Which environment variables?", options: [{ label: "Keep" }, { label: "Reset" }] };
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

  test(
    "the agent's turn gets the kit's chip at its tool card; a reload and a fresh browser profile rebuild it from the chat history",
    async () => {
      const input = {
        questions: [{ id: "region", header: "Region", question: "Which region hosts it?", options: [{ label: "eu-west" }, { label: "us-east" }] }],
      };
      const runId = await askViaChat(GATEWAY_URL, TOKEN, input, { sessionKey: "main" });
      await shown("Which region hosts it?", page, AGENT_TURN_MS);
      await panel()
        .getByRole("radio", { name: /us-east/ })
        .click();
      await button("Submit").click();
      await closed();
      const chipOf = (on: Page) => on.locator(`.chat-bubble--tool-shell[data-message-id*=${JSON.stringify(runId)}] > .ask-user-control-ui-chip`);
      await eventually(() => chipOf(page).innerText()).toContain("Region: us-east");
      expect(await axeViolations(page, `.chat-bubble--tool-shell[data-message-id*=${JSON.stringify(runId)}] > .ask-user-control-ui-chip`)).toEqual(
        [],
      );

      await page.reload({ timeout: PAGE_LOAD_MS });
      await composer().waitFor({ timeout: PAGE_LOAD_MS });
      await eventually(() => chipOf(page).innerText()).toContain("Region: us-east");
      expect(await nativePanels()).toBe(0);

      const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const other = await openPage(fresh);
        await eventually(() => chipOf(other).innerText()).toContain("Region: us-east");
        expect(await nativePanels(other)).toBe(0);
      } finally {
        await fresh.close();
      }
    },
    SLOW_TEST_MS,
  );

  test(
    "a gateway restart mid-prompt: the lost question closes, and the next one is answered",
    async () => {
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
      // A restart stops and starts a real gateway, which on a busy machine takes most of a minute.
    },
    SLOW_TEST_MS,
  );

  test(
    "switching sessions: each shows only its own prompts; the Control UI's own chat still works",
    async () => {
      const created = await operator.request("sessions.create", { agentId: "main", label: `cui-switch-${Math.random().toString(36).slice(2, 6)}` });
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
    },
    SLOW_TEST_MS,
  );

  test(
    "questions asked by question.request each leave a chip after the transcript: answered, skipped, expired, answered and cancelled elsewhere; a reload keeps them",
    async () => {
      const session = await newSession("cui-chips");
      await navigate(session.path);
      await closed();
      const asked = (question: string, timeoutMs?: number) =>
        ask([{ ...singleChoice(), question }], { sessionKey: session.key, ...(timeoutMs === undefined ? {} : { timeoutMs }) });

      const answered = await asked("Answered here?");
      await shown("Answered here?");
      await panel()
        .getByRole("radio", { name: /Production/ })
        .click();
      await button("Submit").click();
      await closed();
      expect(await outcome(answered)).toEqual({ status: "answered", answers: { answers: { target: ["Production"] } } });

      const skipped = await asked("Skipped here?");
      await shown("Skipped here?");
      await button("Skip").click();
      await closed();
      expect(await outcome(skipped)).toEqual({ status: "cancelled" });

      const expired = await asked("Left to expire?", 4_000);
      await shown("Left to expire?");
      await closed();
      expect(await outcome(expired)).toEqual({ status: "expired" });

      const elsewhere = await asked("Answered elsewhere?");
      await shown("Answered elsewhere?");
      await agent.resolve(elsewhere, { target: ["Staging (Recommended)"] });
      await closed();
      expect(await outcome(elsewhere)).toEqual({ status: "answered", answers: { answers: { target: ["Staging (Recommended)"] } } });

      const cancelled = await asked("Cancelled elsewhere?");
      await shown("Cancelled elsewhere?");
      expect((await agent.raw.request("question.resolve", { id: cancelled, cancel: true })).ok).toBe(true);
      await closed();
      expect(await outcome(cancelled)).toEqual({ status: "cancelled" });

      const chips = [
        [answered, "answered"],
        [skipped, "skipped"],
        [expired, "expired"],
        [elsewhere, "answered-elsewhere"],
        [cancelled, "skipped-elsewhere"],
      ];
      await eventually(() => endChips()).toEqual(chips);
      const first = page.locator(`.ask-user-control-ui-end [data-slot="ask-user-summary"][data-prompt-id="${answered}"]`);
      expect(await first.innerText()).toContain("Target: Production");
      expect(await axeViolations(page, ".chat-pane-cache__pane--visible .ask-user-control-ui-end")).toEqual([]);
      expect(await nativePanels()).toBe(0);

      // The history holds no record of these: the kit kept them (localStorage), and a reload shows them again.
      await page.reload({ timeout: PAGE_LOAD_MS });
      await composer().waitFor({ timeout: PAGE_LOAD_MS });
      await eventually(() => endChips()).toEqual(chips);
      expect(await nativePanels()).toBe(0);
      await navigate("main");
      await closed();
    },
    SLOW_TEST_MS,
  );

  test("the keyboard inside the Control UI: digits pick, the Other key, Ctrl+Enter and Enter go on, Esc collapses; the page's own typing-goes-to-the-composer still works outside the panel", async () => {
    const env = { ...singleChoice("env"), header: "Env", question: "Which environment variables?", options: [{ label: "Keep" }, { label: "Reset" }] };
    const id = await ask([singleChoice(), env]);
    await shown("Where should this deploy?");
    // Focus is in the panel, not in a text field: the chat page would otherwise send each digit to its composer.
    await page.keyboard.press("2");
    await stepShows("Which environment variables?");
    expect(await stepText()).toBe("2/2");
    await page.keyboard.press("Escape");
    await eventually(() => dockState()).toBe("collapsed");
    await page.getByRole("button", { name: /^Question · Env/ }).click();
    await shown("Which environment variables?");
    await page.keyboard.press("2");
    await page.keyboard.press("Enter");
    await closed();
    expect(await outcome(id)).toEqual({ status: "answered", answers: { answers: { target: ["Production"], env: ["Reset"] } } });

    const typed = await ask([singleChoice()]);
    await shown("Where should this deploy?");
    // The key after the options (2 here) goes to the Other field; Ctrl+Enter in it goes on.
    await page.keyboard.press("3");
    await eventually(() =>
      panel()
        .getByRole("textbox", { name: "Your own answer for Target" })
        .evaluate((field) => field === document.activeElement),
    ).toBe(true);
    await page.keyboard.type("canary");
    await page.keyboard.press("Control+Enter");
    await closed();
    expect(await outcome(typed)).toEqual({ status: "answered", answers: { answers: { target: ["canary"] } } });

    // Outside the panel the page's own shortcut is untouched: a letter typed outside any field goes to the composer.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.type("h");
    await eventually(() => composer().inputValue()).toBe("h");
    await composer().fill("");
  });

  test("another session's question: the sidebar marks that session as waiting for an answer, and opening it docks the question", async () => {
    const session = await newSession("cui-other");
    const id = await ask([{ ...singleChoice(), question: "Asked in another session?" }], { sessionKey: session.key });
    // On main it does not dock; the app's own question state (kept alive) marks the session in the sidebar.
    const row = page.getByRole("link", { name: new RegExp(session.label) });
    const mark = row.locator(".sidebar-session-attention__icon--question");
    await eventually(() => mark.getAttribute("aria-label")).toMatch(/^Waiting for your answer\s+Asked in another session\?/);
    expect(await panel().count()).toBe(0);

    await row.click();
    await shown("Asked in another session?");
    await page.keyboard.press("1");
    await page.keyboard.press("Enter");
    await closed();
    expect(await outcome(id)).toEqual({ status: "answered", answers: { answers: { target: ["Staging (Recommended)"] } } });
    await eventually(() => mark.count()).toBe(0);
    await navigate("main");
    await closed();
  });

  test(
    "one gateway socket per page: the kit's requests travel on the app's own connection",
    async () => {
      const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const sockets: WebSocket[] = [];
        const opened = await fresh.newPage();
        opened.on("websocket", (socket) => sockets.push(socket));
        await opened.goto(pageUrl(), { timeout: PAGE_LOAD_MS });
        await composerOf(opened).waitFor({ timeout: PAGE_LOAD_MS });
        const id = await ask([singleChoice()]);
        await shown("Where should this deploy?", opened);
        await panel(opened)
          .getByRole("radio", { name: /Production/ })
          .click();
        await panel(opened).getByRole("button", { name: "Submit", exact: true }).click();
        await closed(opened);
        expect(await outcome(id)).toEqual({ status: "answered", answers: { answers: { target: ["Production"] } } });
        expect(sockets.map((socket) => socket.isClosed())).toEqual([false]);
      } finally {
        await fresh.close();
      }
    },
    SLOW_TEST_MS,
  );

  test(
    "the page's startup pays under 1 KB gzip for the kit; the rest loads with the first question",
    async () => {
      const session = await newSession("cui-lazy");
      const html = await (await fetch(`${BASE}/chat/${session.path}`)).text();
      const tag = /<script type="module" src="([^"]*\/assets\/ask-user-kit\/[^"]+)"><\/script>\s*/.exec(html);
      expect(tag).not.toBeNull();
      const startup = Buffer.from(await (await fetch(new URL(tag![1]!, `${BASE}/`))).arrayBuffer());
      const gzip = (bytes: string | Buffer) => gzipSync(bytes, { level: 9 }).length;
      // The file, and what its tag adds to the page's HTML.
      const paid = gzip(startup) + gzip(html) - gzip(html.replace(tag![0], ""));
      expect(paid).toBeLessThanOrEqual(1024);

      const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        const opened = await openPage(fresh, session.path);
        expect(await kitFiles(opened)).toEqual(["start.js"]);
        const id = await ask([singleChoice()], { sessionKey: session.key });
        await shown("Where should this deploy?", opened);
        expect(await kitFiles(opened)).toEqual(["start.js", expect.stringMatching(/^kit-[\w-]+\.js$/)]);
        await panel(opened).getByRole("button", { name: "Skip", exact: true }).click();
        await closed(opened);
        expect(await outcome(id)).toEqual({ status: "cancelled" });
      } finally {
        await fresh.close();
      }
    },
    SLOW_TEST_MS,
  );

  test(
    "on another Control UI release the native panel stays, and the console says so once",
    async () => {
      const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        // The same page files, stamped as another release.
        await fresh.route(/\/chat\//, async (route) => {
          const response = await route.fetch();
          await route.fulfill({ response, body: (await response.text()).replace("?openclaw=2026.9.6", "?openclaw=2026.10.1") });
        });
        const opened = await fresh.newPage();
        const said: string[] = [];
        opened.on("console", (message) => {
          if (message.text().startsWith("[ask-user-kit]")) said.push(`${message.type()}: ${message.text()}`);
        });
        await opened.goto(pageUrl(), { timeout: PAGE_LOAD_MS });
        await composerOf(opened).waitFor({ timeout: PAGE_LOAD_MS });
        const id = await ask([{ ...singleChoice(), question: "Native panel here?" }]);
        const native = opened.locator(".chat-question-panel");
        await native.getByText("Native panel here?").waitFor({ timeout: 30_000 });
        expect(await opened.locator("ask-user-panel").count()).toBe(0);
        await native.getByRole("radio", { name: /Production/ }).click();
        await native.getByRole("button", { name: "Submit" }).click();
        await eventually(async () => (await record(id)).status).toBe("answered");
        expect(await outcome(id)).toEqual({ status: "answered", answers: { answers: { target: ["Production"] } } });
        expect(said).toEqual(["warning: [ask-user-kit] kit off: made for OpenClaw 2026.9.6, this is 2026.10.1: native panel kept"]);
        // The kit's own page (the shared one) closed its panel when the native one answered.
        await closed();
      } finally {
        await fresh.close();
      }
    },
    SLOW_TEST_MS,
  );

  test(
    "a hand-edited ask_user result in the history: the chip says the outcome is unknown, names the field and shows the tool's own text",
    async () => {
      const session = await newSession("cui-edited");
      const input = {
        questions: [
          { id: "region", header: "Region", question: "Which region hosts the edited turn?", options: [{ label: "eu-west" }, { label: "us-east" }] },
        ],
      };
      const runId = await askViaChat(GATEWAY_URL, TOKEN, input, { sessionKey: session.key });
      // The agent's turn calls the tool once the (scripted) model has answered: on a busy machine, many seconds.
      await eventually(
        async () =>
          ((await agent.raw.request("question.list", {})).payload as { questions: { runId?: string }[] }).questions.some(
            (question) => question.runId === runId,
          ),
        AGENT_TURN_MS,
      ).toBe(true);
      const asked = ((await agent.raw.request("question.list", {})).payload as { questions: { id: string; runId?: string }[] }).questions.find(
        (question) => question.runId === runId,
      )!;
      await agent.resolve(asked.id, { region: ["us-east"] });
      expect(await outcome(asked.id)).toEqual({ status: "answered", answers: { answers: { region: ["us-east"] } } });

      const edited = "The person said: us-east (edited by hand)";
      const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      try {
        // Every chat.history reply the page receives has that turn's ask_user result rewritten: no details, other text.
        await editAskUserResults(fresh, ({ message }) => (message.__openclaw as { runId?: string } | undefined)?.runId === runId, edited);
        const opened = await fresh.newPage();
        const said: string[] = [];
        opened.on("console", (message) => {
          if (message.text().startsWith("[ask-user-kit]")) said.push(message.text());
        });
        await opened.goto(pageUrl(session.path), { timeout: PAGE_LOAD_MS });
        await composerOf(opened).waitFor({ timeout: PAGE_LOAD_MS });
        // The Control UI itself no longer knows the edited call for a question: it folds it into "1 other operation".
        await opened.getByRole("button", { name: /other operation/ }).click();
        const chip = opened.locator(
          `.chat-bubble--tool-shell[data-message-id*=${JSON.stringify(runId)}] > .ask-user-control-ui-chip [data-slot="ask-user-summary"]`,
        );
        // The same chip as the feature plugin's: built from the row itself (`<ask-user-summary .toolCall>`).
        await eventually(() => chip.getAttribute("data-outcome")).toBe("unknown");
        expect(await chip.locator('[data-slot="ask-user-summary-unknown"]').innerText()).toBe("Outcome unknown");
        expect(await chip.locator('[data-slot="ask-user-summary-unreadable"]').innerText()).toMatch(
          /^The stored result could not be read \(\/result[^)]*\)\. The tool's own text:$/,
        );
        expect(await chip.getByRole("region", { name: "The tool's own text" }).innerText()).toBe(edited);
        expect(await axeViolations(opened, ".ask-user-control-ui-chip")).toEqual([]);
        expect(said).toEqual([
          expect.stringMatching(
            new RegExp(`^\\[ask-user-kit\\] the ask_user result of question ${asked.id} in the chat history could not be read \\(/result `),
          ),
        ]);
      } finally {
        await fresh.close();
      }
    },
    SLOW_TEST_MS,
  );

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
    const violations = await axeViolations(page, "ask-user-panel");
    expect(violations).toEqual([]);
    await button("Skip").click();
    await closed();
    expect((await record(id)).status).toBe("cancelled");
  });

  test("the kit logged no error or warning on the page, and nothing on it threw", () => {
    expect(kitConsole).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
