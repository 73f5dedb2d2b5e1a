// The kit as an OpenClaw feature plugin on a stock gateway: the archive `openclaw plugins pack`
// made, installed with `openclaw plugins install`, Settings → Labs → Custom plugin UI the only
// setting, the Control UI the package serves. Driven in Debian's Chromium by roles and names;
// every scenario checks what the gateway recorded (`question.get`) exactly.
// Run by `npm run test:openclaw` (inside its loopback-only namespace); this file starts the
// plugin's gateway itself, beside the suite's shared one.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page, type WebSocket } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";
import { openclawDir } from "../../scripts/openclaw/paths.mjs";
import { PLUGIN_ID, startPluginGateway } from "../../scripts/openclaw/plugin.mjs";
import type { StartedGateway } from "../../scripts/openclaw/start-gateway.mjs";
import type { Question, QuestionRecord } from "../../src/contract/index.js";
import { axeViolations } from "../control-ui/support/axe.js";
import { editAskUserResults } from "../control-ui/support/edited-history.js";
import { askViaChat } from "../integration/support/gateway-target.js";
import { connectRawGatewayClient, type RawGatewayClient } from "../integration/support/raw-gateway-client.js";

/** Where the Control UI serves a plugin's browser assets: the kit's console lines come from there. */
const PLUGIN_ASSETS = `/__openclaw__/plugins/control-ui/${PLUGIN_ID}/`;
/** A chat turn through the real gateway and the fake model can take a while on a busy machine. */
const eventually = <T>(read: () => Promise<T>, timeout = 60_000) => expect.poll(read, { timeout });
/** A test that runs an agent turn (chat.send, the fake model, ask_user): minutes on a busy 2-core machine. */
const CHAT_TURN_MS = 240_000;

let gateway: StartedGateway;
let base: string;
let browser: Browser;
let context: BrowserContext;
/** An operator connection for what happens elsewhere: sessions, questions, another client's answers. */
let operator: RawGatewayClient;
const kitConsole: string[] = [];
/** The gateway sockets each page opened, and those of them still open. */
const sockets = new Map<Page, { opened: WebSocket[]; open: Set<WebSocket> }>();

async function openPage(on: BrowserContext, path: string): Promise<Page> {
  const page = await on.newPage();
  const own = { opened: [] as WebSocket[], open: new Set<WebSocket>() };
  sockets.set(page, own);
  page.on("websocket", (socket) => {
    own.opened.push(socket);
    own.open.add(socket);
    socket.on("close", () => own.open.delete(socket));
  });
  page.on("console", (message) => {
    if ((message.type() === "error" || message.type() === "warning") && message.location().url.includes(PLUGIN_ASSETS))
      kitConsole.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    if (error.stack?.includes(PLUGIN_ASSETS)) kitConsole.push(`pageerror: ${error.message}`);
  });
  await page.goto(`${base}${path}#token=${gateway.token}`);
  // The navigation entry exists once the Control UI has activated the plugin.
  await questionsLink(page)
    .waitFor({ timeout: 90_000 })
    .catch(async (error: unknown) => {
      const status = await operator.request("plugins.controlUi.status", {});
      throw new Error(`the plugin's Questions entry did not appear; plugins.controlUi.status: ${JSON.stringify(status.payload)}`, { cause: error });
    });
  return page;
}

/** The chat tab in front, as a person looks at it: a tab in the background does not follow the stream. */
const lookAt = (page: Page) => page.bringToFront();

/**
 * The chips at the end of the transcript, scrolled there as a person does: the transcript renders
 * only the rows near the view, and stops following the stream once a new turn starts below it.
 */
async function latestChipTexts(page: Page): Promise<string[]> {
  const viewport = page.viewportSize()!;
  await page.mouse.move(viewport.width * 0.6, viewport.height * 0.5);
  await page.mouse.wheel(0, 50_000);
  return chipTexts(page);
}

const questionsLink = (page: Page) => page.getByRole("link", { name: "Questions", exact: true });

async function showQuestions(page: Page) {
  await questionsLink(page).click();
  await page.getByRole("heading", { level: 1, name: "Questions" }).waitFor({ timeout: 30_000 });
}

/** A waiting question on the Questions page, by its first header (each scenario's own). */
const inboxItem = (page: Page, header: string) => page.getByRole("group", { name: new RegExp(`^Question in .+: ${header}$`) });
const inboxIds = (page: Page) =>
  page.locator('[data-slot="ask-user-inbox-item"]').evaluateAll((items) => items.map((item) => item.getAttribute("data-prompt-id")));
const chips = (page: Page) => page.locator(".ask-user-kit-plugin-chip");
const chipTexts = (page: Page) => chips(page).locator('[data-slot="ask-user-summary-lines"]').allInnerTexts();

async function record(id: string): Promise<QuestionRecord> {
  const reply = await operator.request("question.get", { id });
  if (!reply.ok) throw new Error(`question.get ${id} failed: ${JSON.stringify(reply.error)}`);
  return (reply.payload as { question: QuestionRecord }).question;
}

async function pendingIds(): Promise<QuestionRecord[]> {
  const reply = await operator.request("question.list", {});
  if (!reply.ok) throw new Error(`question.list failed: ${JSON.stringify(reply.error)}`);
  return (reply.payload as { questions: QuestionRecord[] }).questions;
}

/** The agent's turn asks `input` through ask_user (the fake model); resolves with the question's record id. */
async function askInChat(input: unknown, sessionKey = "main"): Promise<string> {
  const runId = await askViaChat(gateway.url, gateway.token, input, { sessionKey });
  let id: string | undefined;
  await eventually(async () => (id = (await pendingIds()).find((question) => question.runId === runId)?.id), CHAT_TURN_MS / 2).toBeDefined();
  return id!;
}

async function ask(questions: Question[], sessionKey: string, timeoutMs = 600_000): Promise<string> {
  const id = `plugin-${Math.random().toString(36).slice(2, 10)}`;
  const reply = await operator.request("question.request", { id, questions, sessionKey, timeoutMs });
  if (!reply.ok) throw new Error(`question.request failed: ${JSON.stringify(reply.error)}`);
  return id;
}

async function newSession(label: string): Promise<string> {
  const created = await operator.request("sessions.create", { agentId: "main", label });
  if (!created.ok) throw new Error(`sessions.create failed: ${JSON.stringify(created.error)}`);
  return (created.payload as { key: string }).key;
}

async function inTheme(page: Page, scheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme: scheme });
  await eventually(() => page.evaluate(() => document.documentElement.getAttribute("data-theme-mode"))).toBe(scheme);
}

beforeAll(async () => {
  gateway = await startPluginGateway({ log: (line) => console.log(`[plugin gateway] ${line}`) });
  base = `http://127.0.0.1:${gateway.port}`;
  const connected = await connectRawGatewayClient(gateway.url, { token: gateway.token, scopes: ["operator.admin"] });
  if (!connected.hello.ok) throw new Error(`operator connect failed: ${JSON.stringify(connected.hello.error)}`);
  operator = connected.client;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await operator?.close();
  await gateway?.stop();
}, 60_000);

describe("the kit as an OpenClaw feature plugin (stock gateway, real Control UI)", () => {
  let chat: Page;

  test("installed from the packed archive, the lab its only setting: the page's own index.html, the plugin activated, one gateway socket", async () => {
    const config = JSON.parse(readFileSync(join(gateway.home, "openclaw.json"), "utf8")) as {
      gateway: { controlUi?: unknown };
      plugins?: { entries?: Record<string, { enabled?: boolean }> };
    };
    expect(config.gateway.controlUi).toEqual({ experimental: { customPlugins: true } });
    expect(config.plugins?.entries?.[PLUGIN_ID]).toEqual({ enabled: true });

    // What the package ships, not a copy: the same scripts and stylesheets, nothing of the kit.
    const served = await (await fetch(`${base}/chat/main`)).text();
    const shipped = readFileSync(join(openclawDir, "dist", "control-ui", "index.html"), "utf8");
    // The gateway writes each address from the page's root and versions the icons; the files are the same.
    const assets = (html: string) =>
      [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((match) => match[1]!.replace(/^\.?\//, "").replace(/\?.*$/, ""));
    expect(assets(served)).toEqual(assets(shipped));
    expect(served).not.toMatch(/ask-user/i);

    chat = await openPage(context, "/chat/main");
    const reply = await operator.request("plugins.controlUi.status", {});
    expect(reply.ok).toBe(true);
    const clients = (reply.payload as { clients: { activations: { pluginId: string; status: string }[] }[] }).clients;
    expect(clients).toHaveLength(1);
    expect(clients[0]!.activations).toEqual([expect.objectContaining({ pluginId: PLUGIN_ID, status: "activated" })]);
    const own = sockets.get(chat)!;
    expect(own.opened.map((socket) => new URL(socket.url()).host)).toEqual([new URL(base).host]);
    expect(own.open.size).toBe(1);
  });

  describe("the chip in place of the raw ask_user tool card", () => {
    let inbox: Page;
    const region = (header: string) => ({
      questions: [{ id: "region", header, question: `Which region (${header})?`, options: [{ label: "eu-west" }, { label: "us-east" }] }],
    });

    beforeAll(async () => {
      inbox = await openPage(context, "/chat/main");
      await showQuestions(inbox);
    }, 120_000);

    test(
      "answered on the Questions page: the chat's chip shows the answer, live",
      async () => {
        const id = await askInChat(region("Answered"));
        const item = inboxItem(inbox, "Answered");
        await item.getByRole("radio", { name: /us-east/ }).click();
        await item.getByRole("button", { name: "Submit" }).click();
        await item.waitFor({ state: "detached" });
        expect(await record(id)).toMatchObject({
          id,
          status: "answered",
          sessionKey: "agent:main:main",
          answers: { answers: { region: ["us-east"] } },
        });
        await lookAt(chat);
        await eventually(() => latestChipTexts(chat)).toContain("Answered: us-east");
      },
      CHAT_TURN_MS,
    );

    test(
      "skipped on the Questions page: the chip says Skipped",
      async () => {
        const id = await askInChat(region("Skip"));
        const item = inboxItem(inbox, "Skip");
        await item.getByRole("button", { name: "Skip" }).click();
        await item.waitFor({ state: "detached" });
        const ended = await record(id);
        expect(ended).toMatchObject({ id, status: "cancelled", sessionKey: "agent:main:main" });
        expect(ended.answers).toBeUndefined();
        await lookAt(chat);
        await eventually(() => latestChipTexts(chat)).toContain("Skip: Skipped");
      },
      CHAT_TURN_MS,
    );

    test(
      "cancelled by another client: the page's item leaves, the chip says what the history can (Skipped)",
      async () => {
        const id = await askInChat(region("Cancel"));
        const item = inboxItem(inbox, "Cancel");
        await item.waitFor();
        const reply = await operator.request("question.resolve", { id, cancel: true });
        expect(reply.ok).toBe(true);
        await item.waitFor({ state: "detached" });
        expect(await record(id)).toMatchObject({ id, status: "cancelled" });
        await lookAt(chat);
        await eventually(() => latestChipTexts(chat)).toContain("Cancel: Skipped");
      },
      CHAT_TURN_MS,
    );

    test(
      "expired (the call's own timeout): the chip says Expired",
      async () => {
        const id = await askInChat({ ...region("Expire"), timeoutSeconds: 30 });
        const item = inboxItem(inbox, "Expire");
        await item.waitFor();
        await item.waitFor({ state: "detached", timeout: 90_000 });
        expect(await record(id)).toMatchObject({ id, status: "expired" });
        await lookAt(chat);
        await eventually(() => latestChipTexts(chat)).toContain("Expire: Expired");
      },
      2 * CHAT_TURN_MS,
    );

    test(
      "after a reload and in a fresh profile, the same four chips from the history alone",
      async () => {
        const expected = ["Answered: us-east", "Skip: Skipped", "Cancel: Skipped", "Expire: Expired"];
        await chat.reload();
        await questionsLink(chat).waitFor({ timeout: 90_000 });
        await eventually(() => chipTexts(chat)).toEqual(expected);

        const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        try {
          const other = await openPage(fresh, "/chat/main");
          expect(await other.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("ask-user-kit")))).toEqual([]);
          await eventually(() => chipTexts(other)).toEqual(expected);
        } finally {
          await fresh.close();
        }
      },
      CHAT_TURN_MS,
    );

    test(
      "a hand-edited ask_user result in the history: the chip says the outcome is unknown, names the field and shows the tool's own text",
      async () => {
        const edited = "The person said: us-east (edited by hand)";
        const fresh = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        try {
          // Every history reply the page receives has the "Answered" call's result rewritten: no details, other text.
          const header = (input: unknown) => (input as { questions?: { header?: string }[] } | undefined)?.questions?.[0]?.header;
          await editAskUserResults(fresh, ({ input }) => header(input) === "Answered", edited);
          const other = await openPage(fresh, "/chat/main");
          const unreadable = chips(other).filter({ hasText: edited });
          await unreadable.waitFor({ timeout: 60_000 });
          expect(await unreadable.locator('[data-slot="ask-user-summary-unknown"]').innerText()).toBe("Outcome unknown");
          expect(await unreadable.locator('[data-slot="ask-user-summary-unreadable"]').innerText()).toMatch(
            /^The stored result could not be read \(\/result[^)]*\)\. The tool's own text:$/,
          );
          expect(await unreadable.getByRole("region", { name: "The tool's own text" }).innerText()).toBe(edited);
          // The other rows are read as before.
          await eventually(() => chipTexts(other)).toEqual(["Skip: Skipped", "Cancel: Skipped", "Expire: Expired"]);
          expect(await axeViolations(other, ".ask-user-kit-plugin-chip")).toEqual([]);
        } finally {
          await fresh.close();
        }
      },
      CHAT_TURN_MS,
    );

    test.each(["light", "dark"] as const)(
      "axe finds nothing in the chips (%s)",
      async (scheme) => {
        await inTheme(chat, scheme);
        await chips(chat).first().getByRole("button", { name: "Show details" }).click();
        expect(await axeViolations(chat, ".ask-user-kit-plugin-chip")).toEqual([]);
        await chips(chat).first().getByRole("button", { name: "Hide details" }).click();
      },
      120_000,
    );
  });

  describe("the Questions page", () => {
    let page: Page;
    /** Another session of the main agent, by the label a person gave it. */
    const opsName = `ops-${Math.random().toString(36).slice(2, 6)}`;
    let ops: string;

    beforeAll(async () => {
      ops = await newSession(opsName);
      page = await openPage(context, "/chat/main");
      await showQuestions(page);
    }, 120_000);

    /** The Control UI's chat route for a session key, as the plugin's link writes it. */
    const chatPath = (key: string) =>
      `/chat/${key
        .replace(/^agent:/, "")
        .split(":")
        .map(encodeURIComponent)
        .join("/")}`;
    const target: Question = {
      questionId: "target",
      header: "Target",
      question: "Where should this deploy?",
      options: [{ label: "Staging" }, { label: "Production" }],
      isOther: true,
    };
    const checks: Question = {
      questionId: "checks",
      header: "Checks",
      question: "Which checks should run?",
      options: [{ label: "Lint" }, { label: "E2E" }],
      multiSelect: true,
      isOther: true,
    };

    test("a question of another session, answered in place with the stepper (keys, Other); its session's name, age and link", async () => {
      const id = await ask([target, checks], ops);
      const item = page.getByRole("group", { name: `Question in ${opsName}: Target`, exact: true });
      await item.waitFor();
      const header = page.locator(`[data-slot="ask-user-inbox-item"][data-prompt-id="${id}"] [data-slot="ask-user-inbox-item-header"]`);
      await eventually(() => header.innerText()).toMatch(new RegExp(`^${opsName}\\s+asked (now|\\d+ seconds? ago)\\s+Open ${opsName}$`));
      expect(await page.getByRole("link", { name: `Open ${opsName}` }).getAttribute("href")).toBe(chatPath(ops));
      // A number key picks (single-select moves on by itself), then Other's text for the second step.
      await item.focus();
      await page.keyboard.press("2");
      await item.getByRole("textbox", { name: "Your own answer for Checks" }).waitFor();
      await item.getByRole("checkbox", { name: /Lint/ }).click();
      await item.getByRole("textbox", { name: "Your own answer for Checks" }).fill("smoke on staging");
      await item.getByRole("button", { name: "Submit" }).click();
      await item.waitFor({ state: "detached" });
      expect(await record(id)).toMatchObject({
        id,
        status: "answered",
        sessionKey: ops,
        answers: { answers: { target: ["Production"], checks: ["Lint", "smoke on staging"] } },
      });
    });

    test("Skip cancels it at the gateway", async () => {
      const id = await ask([target], ops);
      const item = inboxItem(page, "Target");
      await item.getByRole("button", { name: "Skip" }).click();
      await item.waitFor({ state: "detached" });
      const ended = await record(id);
      expect(ended.status).toBe("cancelled");
      expect(ended.answers).toBeUndefined();
    });

    test("newest first, live in a second tab; one answered elsewhere leaves both; the countdown shows near the end", async () => {
      const older = await ask([{ ...target, header: "Older" }], ops);
      const newer = await ask([{ ...target, header: "Newer" }], "agent:main:main", 50_000);
      await eventually(() => inboxIds(page)).toEqual([newer, older]);
      const second = await openPage(context, "/chat/main");
      try {
        await showQuestions(second);
        await eventually(() => inboxIds(second)).toEqual([newer, older]);
        await inboxItem(second, "Newer").getByRole("timer").waitFor();
        const reply = await operator.request("question.resolve", { id: older, answers: { answers: { target: ["Staging"] } } });
        expect(reply.ok).toBe(true);
        await eventually(() => inboxIds(page)).toEqual([newer]);
        await eventually(() => inboxIds(second)).toEqual([newer]);
        expect(await record(older)).toMatchObject({ status: "answered", answers: { answers: { target: ["Staging"] } } });
        await operator.request("question.resolve", { id: newer, cancel: true });
        await eventually(() => inboxIds(second)).toEqual([]);
        await second.getByText("Nothing is waiting for your answer.").waitFor();
      } finally {
        await second.close();
      }
    });

    test("the sidebar still marks another session's question; the link opens that session", async () => {
      const id = await ask([target], ops);
      await inboxItem(page, "Target").waitFor();
      // The Control UI's own attention mark on that session's row in the sidebar.
      const marked = page
        .getByRole("link")
        .filter({ hasText: opsName })
        .filter({ has: page.getByRole("img", { name: /Waiting for your answer/ }) });
      await marked.first().waitFor();
      await page.getByRole("link", { name: `Open ${opsName}` }).click();
      await eventually(async () => new URL(page.url()).pathname).toMatch(/^\/chat\//);
      // That session's chat, where the Control UI's own panel docks its question (plugin mode keeps it).
      await page.locator(".chat-question-panel").getByText("Where should this deploy?").first().waitFor();
      await operator.request("question.resolve", { id, cancel: true });
      await showQuestions(page);
    });

    test.each(["light", "dark"] as const)("axe finds nothing on the page (%s)", async (scheme) => {
      const id = await ask([target, checks], ops);
      await inTheme(page, scheme);
      await inboxItem(page, "Target").waitFor();
      expect(await axeViolations(page, '[data-slot="ask-user-inbox"]')).toEqual([]);
      await operator.request("question.resolve", { id, cancel: true });
      await eventually(() => inboxIds(page)).toEqual([]);
    });
  });

  test("the kit logged no error or warning on any page", () => {
    expect(kitConsole).toEqual([]);
  });
});
