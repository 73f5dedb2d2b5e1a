/**
 * The kit under a strict Content-Security-Policy — no inline scripts or styles, no eval — in a
 * real Chromium: a small host page (test/browser/csp-page) is built with Vite, served from a
 * loopback server that sends the policy as a header, and operated like a person would. Any CSP
 * violation (`securitypolicyviolation` events, "Refused to…" console errors) or page error fails.
 *
 * Runs in Node (it starts a server and a browser): Vitest's `node` project must include
 * `test/browser/**\/*.node-test.ts`.
 */
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { type Browser, chromium, type Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, expect, test } from "vitest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";

const POLICY = "default-src 'self'; script-src 'self'; style-src 'self'";
const PAGE_SOURCE = fileURLToPath(new URL("./csp-page/", import.meta.url));
const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
};

let outDir: string;
let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), "ask-user-kit-csp-"));
  await build({
    root: PAGE_SOURCE,
    configFile: false,
    logLevel: "warn",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: false, assetsInlineLimit: 0, modulePreload: { polyfill: false } },
  });
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path === "/favicon.ico") {
      response.writeHead(204).end();
      return;
    }
    const file = normalize(join(outDir, path === "/" ? "index.html" : decodeURIComponent(path)));
    if (!file.startsWith(outDir + sep)) {
      response.writeHead(403).end();
      return;
    }
    stat(file).then(
      (info) => {
        if (!info.isFile()) throw new Error("not a file");
        response.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream", "Content-Security-Policy": POLICY });
        createReadStream(file).pipe(response);
      },
      () => response.writeHead(404, { "Content-Security-Policy": POLICY }).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

interface Trouble {
  violations: string[];
  consoleErrors: string[];
  pageErrors: string[];
}

async function openWatched(): Promise<{ page: Page; trouble: Trouble; violations: () => Promise<string[]> }> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const trouble: Trouble = { violations: [], consoleErrors: [], pageErrors: [] };
  page.on("console", (message) => {
    if (message.type() === "error") trouble.consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => trouble.pageErrors.push(error.message));
  // Registered through the DevTools protocol, before any page script, and not itself subject to the CSP.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const violations = () => page.evaluate(() => [...(window as unknown as { __cspViolations: string[] }).__cspViolations]);
  return { page, trouble, violations };
}

test("the docked panel renders, is styled and answers under a strict CSP, with no violation", async () => {
  const { page, trouble, violations } = await openWatched();
  const response = await page.goto(`${origin}/`);
  expect(response?.headers()["content-security-policy"]).toBe(POLICY);

  const panel = page.getByRole("group", { name: "Question" });
  await panel.waitFor();
  // The theme arrived as a same-origin stylesheet: the panel has its themed look.
  expect(await panel.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe("rgb(255, 255, 255)");
  expect(await panel.evaluate((element) => getComputedStyle(element).borderTopStyle)).toBe("solid");

  await page.getByRole("radio", { name: /^Production/ }).click();
  await page.getByRole("img", { name: "Step 2 of 2" }).waitFor();
  await page.getByRole("checkbox", { name: "Browser tests" }).click();
  await page.getByRole("textbox", { name: "Your own answer for Checks" }).fill("Smoke test on staging");
  // The Other field grows without inline styles (rows / field-sizing), so nothing is refused here either.
  await page.keyboard.press("Enter");
  await page.keyboard.type("then production");
  await page.getByRole("button", { name: "Submit" }).click();

  const result = page.locator("#tool-result");
  await expect.poll(() => result.textContent()).not.toBe("");
  expect(JSON.parse((await result.textContent()) ?? "")).toEqual({
    status: "answered",
    answers: { answers: { deploy_target: ["Production"], checks: ["Browser tests", "Smoke test on staging\nthen production"] } },
  });
  // Answered: the panel is gone and the composer is back.
  await page.getByRole("textbox", { name: "Message" }).waitFor();

  expect(await violations()).toEqual([]);
  expect(trouble.consoleErrors).toEqual([]);
  expect(trouble.pageErrors).toEqual([]);

  // Control: the policy really is enforced and the watch really sees a violation.
  await page.evaluate(() => {
    const style = document.createElement("style");
    style.textContent = "body { color: red; }";
    document.head.append(style);
  });
  await expect.poll(violations).toEqual([expect.stringMatching(/^style-src-elem blocked inline/)]);
  await page.close();
}, 60_000);
