// A bench page built with Vite into a temp folder, served on a free loopback port and opened in
// Debian's Chromium; page errors are collected so a bench can refuse figures from a broken page.
import { mkdtempSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import react from "@vitejs/plugin-react";
import { type Browser, chromium, type Page } from "playwright-core";
import { build } from "vite";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.js";

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

/**
 * A cross-origin-isolated page: Chromium then gives `performance.now()` 5 µs steps instead of
 * 100 µs, which sub-millisecond figures (a resolve's commit beside 100 chips) need. Every file is
 * same-origin, so nothing the page loads is refused.
 */
const ISOLATED = { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };

export interface BenchPage {
  browser: Browser;
  tab: Page;
  /** Page errors and console errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/** Builds `root` (production React; `minify: false` keeps component names for render counts). */
export async function openBenchPage(root: string, { minify }: { minify: boolean }): Promise<BenchPage> {
  const outDir = mkdtempSync(join(tmpdir(), "ask-user-kit-bench-"));
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    // 204 for the favicon, or the page logs a 404 console error.
    if (path === "/favicon.ico") return void response.writeHead(204).end();
    readFile(join(outDir, path === "/" ? "index.html" : path)).then(
      (body) => response.writeHead(200, { ...ISOLATED, "content-type": TYPES[extname(path)] ?? "text/html" }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const close = async () => {
    await browser.close();
    server.close();
    rmSync(outDir, { recursive: true, force: true });
  };
  try {
    await build({
      configFile: false,
      root,
      logLevel: "silent",
      plugins: [react()],
      mode: "production",
      build: { outDir, emptyOutDir: true, minify, target: "es2022" },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const tab = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const errors: string[] = [];
    tab.on("pageerror", (error) => errors.push(error.message));
    tab.on("console", (message) => message.type() === "error" && errors.push(message.text()));
    await tab.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    if (!(await tab.evaluate(() => crossOriginIsolated)))
      throw new Error("the bench page is not cross-origin isolated: its clock would count in 100 µs steps");
    return { browser, tab, errors, close };
  } catch (error) {
    await close();
    throw error;
  }
}
