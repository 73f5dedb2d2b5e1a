// Screenshots of the kit's OpenClaw feature plugin on a stock Control UI, for a person to look at:
// light and dark, 1280 and 390 px wide — the Questions page with questions of two sessions, and
// the chips of answered and skipped ask_user calls in a fresh browser profile.
//   npx tsx scripts/control-ui-plugin-screenshots.ts ["<URL printed by npm run control-ui>"] [folder]
// Without a URL it starts its own plugin gateway (scripts/openclaw/plugin.mjs) and stops it after.
// Default folder: .tmp/control-ui-plugin-screenshots.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import WebSocket from "ws";
import { createGatewayClient, type GatewayClient } from "../src/client/index.js";
import { sampleQuestions, threeStepsInput } from "../src/testing/sample-questions.js";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.js";
import { PLUGIN_ID, startPluginGateway } from "./openclaw/plugin.mjs";
import type { StartedGateway } from "./openclaw/start-gateway.mjs";

const [given, folder = ".tmp/control-ui-plugin-screenshots"] = process.argv.slice(2).filter((arg) => arg !== "--");
let gateway: StartedGateway | undefined;
let base: string;
let token: string;
if (given) {
  const url = new URL(given);
  base = url.origin;
  token = new URLSearchParams(url.hash.slice(1)).get("token") ?? "";
} else {
  gateway = await startPluginGateway({ log: (line) => console.log(`[shots] ${line}`) });
  base = `http://127.0.0.1:${gateway.port}`;
  token = gateway.token;
}
mkdirSync(folder, { recursive: true });

const agent: GatewayClient = createGatewayClient({
  url: base.replace(/^http/, "ws"),
  token,
  client: { id: "cli", mode: "cli" },
  scopes: ["operator.admin"],
  WebSocket,
});
await new Promise<void>((resolve) => agent.onStatus((status) => status === "connected" && resolve()));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function open(scheme: "light" | "dark", width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, colorScheme: scheme, deviceScaleFactor: 1 });
  const page = await context.newPage();
  // The chips below say the plugin is active (a narrow screen keeps its navigation entry in a drawer).
  await page.goto(`${base}/chat/main#token=${token}`);
  return { context, page };
}

/** The Questions page: the sidebar's entry, or its address where the sidebar is a closed drawer. */
async function showQuestions(page: Page) {
  const link = page.getByRole("link", { name: "Questions", exact: true });
  if (await link.isVisible()) await link.click();
  else await page.goto(`${base}/plugin?plugin=${PLUGIN_ID}&id=questions#token=${token}`);
  await page.getByRole("heading", { level: 1, name: "Questions" }).waitFor({ timeout: 90_000 });
}

/** An agent turn that asks `input` through ask_user (the fake model); resolves with its record id. */
async function askInChat(header: string): Promise<string> {
  const runId = `shots-${header}-${Date.now()}`;
  const input = {
    questions: [{ id: "region", header, question: "Which region hosts the staging copy?", options: [{ label: "eu-west" }, { label: "us-east" }] }],
  };
  await agent.request("chat.send", { sessionKey: "main", message: JSON.stringify(input), idempotencyKey: runId });
  for (;;) {
    const { questions } = await agent.request<{ questions: { id: string; runId?: string }[] }>("question.list", {});
    const found = questions.find((question) => question.runId === runId);
    if (found) return found.id;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

try {
  // A question still waiting in main (npm run control-ui's demo) holds the session's next turn.
  const waiting = await agent.request<{ questions: { id: string; sessionKey?: string; runId?: string }[] }>("question.list", {});
  for (const question of waiting.questions.filter((candidate) => candidate.sessionKey === "agent:main:main")) {
    if (question.runId?.startsWith("control-ui-demo-"))
      await agent.request("question.resolve", {
        id: question.id,
        answers: { answers: { deploy_target: ["Production"], checks: ["Unit tests", "Changelog"], notify: ["The team channel"] } },
      });
    else await agent.request("question.resolve", { id: question.id, cancel: true });
  }
  // Chips of an answered and a skipped call, ended by the other client (the plugin shows them the same).
  const answered = await askInChat("Region");
  await agent.request("question.resolve", { id: answered, answers: { answers: { region: ["eu-west"] } } });
  const skipped = await askInChat("Mirror");
  await agent.request("question.resolve", { id: skipped, cancel: true });
  // Two waiting questions for the page, of two other sessions (one in main would dock over the chips).
  // Labels are unique per gateway: a second run on the same gateway gets new ones.
  const suffix = Math.random().toString(36).slice(2, 5);
  const release = await agent.request<{ key: string }>("sessions.create", { agentId: "main", label: `release-review-${suffix}` });
  await agent.request("question.request", {
    id: `shots-release-${Date.now()}`,
    questions: sampleQuestions(threeStepsInput),
    sessionKey: release.key,
    timeoutMs: 3_600_000,
  });
  const design = await agent.request<{ key: string }>("sessions.create", { agentId: "main", label: `design-sync-${suffix}` });
  await agent.request("question.request", {
    id: `shots-design-${Date.now()}`,
    questions: sampleQuestions({ questions: [threeStepsInput.questions[2]!] }),
    sessionKey: design.key,
    timeoutMs: 3_600_000,
  });

  for (const scheme of ["light", "dark"] as const) {
    for (const width of [1280, 390]) {
      const name = (state: string) => join(folder, `${state}-${scheme}-${width}.png`);
      const { context, page } = await open(scheme, width);
      const chips = page.locator(".ask-user-kit-plugin-chip");
      await chips.nth(1).waitFor({ timeout: 90_000 });
      await chips.last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: name("chips-fresh-profile") });
      await showQuestions(page);
      await page.locator('[data-slot="ask-user-inbox-item"]').nth(1).waitFor();
      await page.screenshot({ path: name("questions"), fullPage: true });
      await context.close();
    }
  }
  console.log(`screenshots in ${folder}`);
} finally {
  await browser.close();
  agent.close();
  await gateway?.stop();
}
