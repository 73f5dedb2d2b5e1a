/**
 * The packed kit in a Vite + React app built with Vite's default production settings — the
 * default `build.cssTarget` and CSS minifier (lightningcss), which is what a consumer who imports
 * `ask-user-kit/styles.css` gets. A minifier lowers CSS its targets lack; Vite's defaults are
 * browsers from 2023, older than CSS `light-dark()`. The app (templates in
 * test/package/vite-app/template) renders AskUserProvider + AskUserDock + AskUserTranscript with
 * an answered record and a pending one; the test serves the built files and opens them in Chromium
 * under a light and a dark OS scheme, and with the kit's `data-theme` on `<html>` and on an
 * ancestor: the panel's and an option's colours must be the tokens of that scheme (read from
 * src/theme/tokens.css), differ between the schemes, and the page log no console error.
 *
 * With `ASK_USER_KIT_SHOTS=<folder>` it also writes light and dark screenshots at 390 and 1280 px.
 *
 * The install is kept in `$ASK_USER_KIT_CACHE` (default ~/.cache/ask-user-kit)/vite-consumer-<hash
 * of the versions> and reused while the packed tarball is byte-identical; runs sharing the folder
 * take turns through a lock file (test/package/cached-app.ts). Needs `npm run build` first.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { type Server, createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type Page, chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";
import { cachedAppFolder, installCached, lockFolder, writeTemplate } from "./cached-app.js";
import { createTimedSteps } from "./timed-steps.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const template = fileURLToPath(new URL("./vite-app/template", import.meta.url));
const STEP_TIMEOUT_MS = 300_000;
const PAGE_TIMEOUT_MS = 120_000;
/** Long enough for another run on the same folder to finish. */
const LOCK_WAIT_MS = 600_000;

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
const pinned = (name: string) => {
  const version = manifest.devDependencies[name];
  if (!version) throw new Error(`package.json devDependencies must pin ${name}: the Vite consumer installs the same version`);
  return version;
};
const dependencies = {
  react: pinned("react"),
  "react-dom": pinned("react-dom"),
  vite: pinned("vite"),
  "@vitejs/plugin-react": pinned("@vitejs/plugin-react"),
};
const app = cachedAppFolder("vite-consumer", dependencies);
const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "" };
const { run, step, printTotal } = createTimedSteps("vite-consumer", { timeoutMs: STEP_TIMEOUT_MS, env });

type Scheme = "light" | "dark";
type Colours = Record<"fg" | "bg" | "border" | "selected" | "selected-fg", string>;
type Painted = Record<"fg" | "bg" | "selected" | "selected-fg" | "option-bg" | "option-fg" | "option-border", string>;

/**
 * Each colour token of tokens.css per scheme, as `rgb(r, g, b)`. A token declared as a `var()` of
 * another takes that token's value.
 */
function tokenColours(): Record<Scheme, Colours> {
  const css = readFileSync(join(root, "src/theme/tokens.css"), "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
  const block = (opening: RegExp) => {
    const start = css.search(opening);
    if (start < 0) throw new Error(`tokens.css has no block ${opening}`);
    const body = css.slice(css.indexOf("{", start) + 1);
    return body.slice(0, body.indexOf("}"));
  };
  const declarations = (text: string) =>
    new Map([...text.matchAll(/(--ask-user-[\w-]+)\s*:\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));
  const derived = declarations(block(/:where\(:root, \[data-theme\]\)\s*\{/));
  const light = new Map([...declarations(block(/:where\(:root, \[data-theme="light"\]\)\s*\{/)), ...derived]);
  const osDark = declarations(block(/@media \(prefers-color-scheme: dark\)\s*\{\s*:where\(/));
  const forcedDark = declarations(block(/^\s*:where\(\[data-theme="dark"\]\)\s*\{/m));
  // The dark colours are written twice; a drift between the copies would show under one switch only.
  if (JSON.stringify([...osDark]) !== JSON.stringify([...forcedDark]))
    throw new Error('tokens.css: the prefers-color-scheme dark colours and the data-theme="dark" ones differ');
  const dark = new Map([...osDark, ...derived]);
  const resolve = (tokens: Map<string, string>, name: string): string => {
    const value = tokens.get(name);
    if (value === undefined) throw new Error(`tokens.css declares no ${name}`);
    const reference = /^var\((--ask-user-[\w-]+)\)$/.exec(value)?.[1];
    if (reference) return resolve(tokens, reference);
    const hex = /^#([0-9a-f]{6})$/i.exec(value)?.[1];
    if (!hex) throw new Error(`${name} is ${value}: the test reads six-digit hex colours`);
    const [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16));
    return `rgb(${r}, ${g}, ${b})`;
  };
  const colours = (tokens: Map<string, string>): Colours => ({
    fg: resolve(tokens, "--ask-user-fg"),
    bg: resolve(tokens, "--ask-user-bg"),
    border: resolve(tokens, "--ask-user-border"),
    selected: resolve(tokens, "--ask-user-selected"),
    "selected-fg": resolve(tokens, "--ask-user-selected-fg"),
  });
  return { light: colours(light), dark: colours(dark) };
}

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/** The built app's files on 127.0.0.1, as any static host serves them. */
function serveStatic(folder: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname;
    const file = join(folder, normalize(path === "/" ? "/index.html" : path));
    if (!file.startsWith(folder) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve({ origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`, server });
    });
  });
}

let browser: Browser;
let origin: string;
let server: Server | undefined;

/** Opens the app under an OS colour scheme, watching console and page errors, until the panel shows. */
async function open(colorScheme: Scheme, width = 900): Promise<{ page: Page; errors: string[] }> {
  // Reduced motion: the theme's transitions are off, so a colour read is the end state, not a frame.
  const page = await browser.newPage({ colorScheme, reducedMotion: "reduce", viewport: { width, height: 800 } });
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => errors.push(`page: ${error.stack ?? error.message}`));
  await page.goto(origin, { timeout: PAGE_TIMEOUT_MS });
  await page.getByRole("group", { name: "Question", exact: true }).waitFor({ timeout: PAGE_TIMEOUT_MS });
  return { page, errors };
}

/** The panel's, an unchecked option's and (after a click) a checked option's computed colours. */
async function paintedColours(page: Page): Promise<Painted> {
  const read = () =>
    page.evaluate(() => {
      const panel = document.querySelector('[data-slot="ask-user-panel"] [data-slot="ask-user-root"]');
      const options = [...document.querySelectorAll('[data-slot="ask-user-panel"] [data-slot="ask-user-option"]')];
      const checked = options.find((option) => option.getAttribute("data-state") === "checked");
      const unchecked = options.find((option) => option.getAttribute("data-state") !== "checked");
      if (!panel || !unchecked) throw new Error("the panel or its options are not on the page");
      const style = (element: Element) => getComputedStyle(element);
      return {
        fg: style(panel).color,
        bg: style(panel).backgroundColor,
        "option-bg": style(unchecked).backgroundColor,
        "option-fg": style(unchecked).color,
        "option-border": style(unchecked).borderTopColor,
        selected: checked ? style(checked).backgroundColor : "",
        "selected-fg": checked ? style(checked).color : "",
      };
    });
  await page.getByRole("radio", { name: /^Production/ }).click();
  await page.locator('[role="radio"][aria-checked="true"]', { hasText: "Production" }).waitFor();
  // Away from the options, so none is painted hovered or focused.
  await page.mouse.move(0, 0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  return read();
}

/** The panel's edge is left out: it takes the accent while the panel holds focus. */
const expected = (colours: Colours): Painted => ({
  fg: colours.fg,
  bg: colours.bg,
  selected: colours.selected,
  "selected-fg": colours["selected-fg"],
  "option-bg": colours.bg,
  "option-fg": colours.fg,
  "option-border": colours.border,
});

let packDir: string | undefined;
let unlock: (() => void) | undefined;

beforeAll(
  async () => {
    if (!existsSync(join(root, "dist/index.js")) || !existsSync(join(root, "dist/styles.css"))) {
      throw new Error("dist/ is missing or incomplete: run `npm run build` before the Vite consumer test (`npm test` does).");
    }
    unlock = await step("wait for the app folder", () => lockFolder(app, LOCK_WAIT_MS));
    packDir = mkdtempSync(join(tmpdir(), "ask-user-kit-vite-pack-"));
    const packed = await step("npm pack", () => run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", packDir!], root));
    const [info] = JSON.parse(packed.stdout) as { filename: string }[];
    if (!info) throw new Error(`npm pack printed no package: ${packed.stdout}`);
    const { reused } = await step(`install vite ${dependencies.vite} + tarball into ${app}`, () =>
      installCached(join(packDir!, info.filename), { app, name: "ask-user-kit-vite-consumer", dependencies, run }),
    );
    console.log(`[vite-consumer] ${reused ? "reused the cached install (same tarball)" : "installed"}`);
    writeTemplate(template, app, ["src", "dist"]);
    await step("vite build (default production settings)", () =>
      run(process.execPath, [join(app, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], app),
    );
    ({ origin, server } = await serveStatic(join(app, "dist")));
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH, args: CHROMIUM_ARGS });
  },
  LOCK_WAIT_MS + 3 * STEP_TIMEOUT_MS,
);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (packDir) rmSync(packDir, { recursive: true, force: true });
  unlock?.();
  printTotal();
});

describe("a Vite consumer's production build of the packed kit and its theme", () => {
  const tokens = tokenColours();

  it("has the tarball just packed installed, and its built CSS holds the theme", () => {
    for (const file of ["dist/index.js", "dist/styles.css"]) {
      expect(readFileSync(join(app, "node_modules/ask-user-kit", file), "utf8"), file).toBe(readFileSync(join(root, file), "utf8"));
    }
    expect(tokens.light).not.toEqual(tokens.dark);
  });

  // The scheme the OS asks for; then the kit's own switch, on <html> and on an ancestor of the
  // provider, forcing the other one.
  it.each([
    ["light", "the OS scheme", "light", undefined],
    ["dark", "the OS scheme", "dark", undefined],
    ["light", 'data-theme="dark" on <html>', "dark", "html"],
    ["dark", 'data-theme="light" on <html>', "light", "html"],
    ["light", 'data-theme="dark" on an ancestor', "dark", "#theme-scope"],
    ["dark", 'data-theme="light" on an ancestor', "light", "#theme-scope"],
  ] as const)(
    "under a %s OS, %s paints the panel and its options in the %s tokens; no console error",
    async (os, _how, scheme, themed) => {
      const { page, errors } = await open(os);
      try {
        if (themed) await page.locator(themed).evaluate((element, theme) => element.setAttribute("data-theme", theme), scheme);
        expect(await paintedColours(page)).toEqual(expected(tokens[scheme]));
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    },
    PAGE_TIMEOUT_MS,
  );

  it.each([390, 1280])(
    "lays the page out at %i px in both schemes without horizontal overflow",
    async (width) => {
      const shots = process.env.ASK_USER_KIT_SHOTS;
      if (shots) mkdirSync(shots, { recursive: true });
      for (const scheme of ["light", "dark"] as const) {
        const { page, errors } = await open(scheme, width);
        try {
          expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
          if (shots) await page.screenshot({ path: join(shots, `${scheme}-${width}.png`), fullPage: true });
          expect(errors).toEqual([]);
        } finally {
          await page.close();
        }
      }
    },
    PAGE_TIMEOUT_MS,
  );
});
