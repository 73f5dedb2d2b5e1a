// Screenshots of the kit inside OpenClaw's Control UI, for a person to look at: light and dark,
// 1280 and 390 px wide; the panel docked, at step 2, collapsed; the chip of a question asked by
// question.request, after a reload; the chip of the agent's answered turn in a fresh browser profile
// (rebuilt from the chat history), and the same turn's chip when its history row was edited by hand;
// another session's waiting question, marked in the sidebar.
// Needs `npm run control-ui -- --harness` running:
//   npx tsx scripts/control-ui-screenshots.ts "<the URL it printed>" [folder, default .tmp/control-ui-screenshots]
// The first run answers the demo question that `npm run control-ui` left waiting, so its chip exists.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Page } from "playwright-core";
import WebSocket from "ws";
import { createGatewayClient } from "../src/client/index.js";
import { sampleQuestions, threeStepsInput } from "../src/testing/sample-questions.js";
import { editAskUserResults } from "../test/control-ui/support/edited-history.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.js";

const [pageUrl, folder = ".tmp/control-ui-screenshots"] = process.argv.slice(2);
if (!pageUrl) throw new Error("usage: npx tsx scripts/control-ui-screenshots.ts <URL printed by npm run control-ui> [folder]");
const url = new URL(pageUrl);
const token = new URLSearchParams(url.hash.slice(1)).get("token") ?? "";
mkdirSync(folder, { recursive: true });

const agent = createGatewayClient({ url: `ws://${url.host}`, token, client: { id: "cli", mode: "cli" }, scopes: ["operator.admin"], WebSocket });
await new Promise<void>((resolve) => agent.onStatus((status) => status === "connected" && resolve()));

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const panel = (page: Page) => page.locator('ask-user-panel [data-slot="ask-user-root"]');
const description = (page: Page, text: string) => panel(page).locator('[data-slot="ask-user-description"]').filter({ hasText: text, visible: true });
const toolChip = (page: Page) => page.locator(".chat-bubble--tool-shell > .ask-user-control-ui-chip").last();
const endChip = (page: Page, id: string) => page.locator(`.ask-user-control-ui-end [data-slot="ask-user-summary"][data-prompt-id="${id}"]`);
const MAIN = "agent:main:main";

async function open(scheme: "light" | "dark", width: number, { editedHistory = false } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: width < 600 ? 844 : 800 },
    colorScheme: scheme,
    deviceScaleFactor: 1,
  });
  if (editedHistory) await editAskUserResults(context, () => true, "The person said: canary first (edited by hand)");
  const page = await context.newPage();
  await page.goto(pageUrl!);
  await page.locator(".chat-pane-cache__pane--visible .agent-chat__composer-shell").waitFor({ timeout: 60_000 });
  return { context, page };
}

try {
  // The demo turn's question, if it still waits: answered here so its chip exists.
  const waiting = await agent.request<{ questions: { id: string; runId?: string }[] }>("question.list", {});
  const demo = waiting.questions.find((question) => question.runId?.startsWith("control-ui-demo-"));
  if (demo) {
    const { context, page } = await open("light", 1280);
    await description(page, "Where should this release go first?").waitFor();
    await panel(page).getByRole("radio").first().click();
    await panel(page).getByRole("checkbox").first().click();
    await panel(page).getByRole("button", { name: "Next", exact: true }).click();
    await panel(page).getByRole("radio").first().click();
    await panel(page).getByRole("button", { name: "Submit", exact: true }).click();
    // The chip shows once the agent's turn has the tool's result: on a busy machine, tens of seconds.
    await toolChip(page).waitFor({ timeout: 90_000 });
    await context.close();
  }
  // Another session with a question waiting in it, for the sidebar's mark.
  const other = await agent.request<{ key: string }>("sessions.create", {
    agentId: "main",
    label: `release notes ${Date.now().toString(36).slice(-4)}`,
  });
  const otherId = `shots-other-${Date.now()}`;
  await agent.request("question.request", {
    id: otherId,
    sessionKey: other.key,
    questions: [
      { questionId: "tone", header: "Tone", question: "Which tone for the release notes?", options: [{ label: "Plain" }, { label: "Upbeat" }] },
    ],
  });

  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      const name = (state: string) => join(folder!, `${state}-${scheme}-${width}.png`);
      const { context, page } = await open(scheme, width);
      await toolChip(page).waitFor({ timeout: 30_000 });
      await toolChip(page).scrollIntoViewIfNeeded();
      await page.screenshot({ path: name("chip-fresh-profile") });

      // The history's ask_user rows edited by hand: the Control UI folds the call away, the kit's chip says what it can.
      const edited = await open(scheme, width, { editedHistory: true });
      const unreadable = toolChip(edited.page).locator('[data-outcome="unknown"]');
      const folded = edited.page.getByRole("button", { name: /other operation/ }).first();
      await unreadable.or(folded).waitFor({ timeout: 30_000 });
      if (await folded.isVisible()) await folded.click();
      await unreadable.waitFor({ timeout: 30_000 });
      await toolChip(edited.page).scrollIntoViewIfNeeded();
      await edited.page.screenshot({ path: name("chip-unreadable") });
      await edited.context.close();

      const id = `shots-${scheme}-${width}-${Date.now()}`;
      await agent.request("question.request", { id, questions: sampleQuestions(threeStepsInput), sessionKey: MAIN });
      await description(page, "Where should this release go first?").waitFor();
      await page.screenshot({ path: name("docked") });
      await panel(page).getByRole("radio").first().click();
      await description(page, "Which checks").waitFor();
      await page.screenshot({ path: name("step-2") });
      await page.getByRole("button", { name: "Collapse question" }).click();
      await page.locator('[data-slot="ask-user-collapse-bar"]').waitFor();
      await page.screenshot({ path: name("collapsed") });
      await agent.request("question.resolve", { id, cancel: true });

      // A question no tool card stands for: its chip goes after the transcript, and a reload keeps it.
      const asked = `shots-chip-${scheme}-${width}-${Date.now()}`;
      await agent.request("question.request", {
        id: asked,
        sessionKey: MAIN,
        questions: [
          {
            questionId: "window",
            header: "Window",
            question: "When may the deploy run?",
            options: [{ label: "Tonight" }, { label: "Tomorrow morning" }],
          },
        ],
      });
      await description(page, "When may the deploy run?").waitFor();
      await panel(page)
        .getByRole("radio", { name: /Tomorrow morning/ })
        .click();
      await panel(page).getByRole("button", { name: "Submit", exact: true }).click();
      await endChip(page, asked).waitFor();
      await page.reload();
      await endChip(page, asked).waitFor({ timeout: 60_000 });
      await endChip(page, asked).scrollIntoViewIfNeeded();
      await page.screenshot({ path: name("chip-after-reload") });

      // The other session's waiting question, marked in the sidebar (a drawer on a narrow screen).
      const expand = page.getByRole("button", { name: "Expand sidebar" });
      if (await expand.isVisible()) await expand.click();
      await page
        .getByRole("link", { name: /release notes/ })
        .locator(".sidebar-session-attention__icon--question")
        .first()
        .waitFor({ timeout: 30_000 });
      await page.screenshot({ path: name("other-session-mark") });
      await context.close();
    }
  }
  await agent.request("question.resolve", { id: otherId, cancel: true });
  console.log(`screenshots in ${folder}`);
} finally {
  await browser.close();
  agent.close();
}
