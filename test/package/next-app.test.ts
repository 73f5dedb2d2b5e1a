/**
 * The package in a Next.js app-router app, as a React Server Components consumer would use it:
 * `npm pack` the built tree, install the tarball with next, react and react-dom into an app folder
 * cached outside the repo, `next build` it, serve it with `next start` (then once with `next dev`)
 * and open its two pages in Chromium:
 *
 * - `/parts` is a Server Component that does `import * as AskUser from "ask-user-kit/parts"` and
 *   renders the parts (inside a small client provider): each part must be its own client
 *   reference, rendered on the server, hydrated in the browser, and answer a click. Its
 *   `<AskUser.Skip asChild>` child is made on the server, so it arrives through React Flight
 *   (as a lazy reference under `next dev`).
 * - `/chat` is a client page with AskUserProvider + AskUserDock + AskUserTranscript and the theme:
 *   a pending record put into the store after mount docks the panel; it is answered by clicking.
 *
 * Every page must load with HTTP 200 and no server error, console error, page error or hydration
 * warning; a third page, `/canary`, mismatches on purpose and must be caught, which proves the
 * watch works. The app's sources are templates in test/package/next-app/template (`.tpl` files,
 * so the repo's own typecheck leaves them alone).
 *
 * The install is kept in `$ASK_USER_KIT_CACHE` (default ~/.cache/ask-user-kit)/next-consumer-<hash
 * of the versions> and reused while the packed tarball is byte-identical; a changed tarball
 * reinstalls only itself. `.next` stays too: `next build` always runs before `next start`, and
 * Turbopack's persistent cache in `.next/cache` checks what changed (the cache Next's docs tell CI
 * to keep). Runs sharing that folder (several checkouts on one machine) take turns through a lock
 * file. Cold (fresh machine, empty npm cache) the install took 18–30 s here and the first build
 * 40–80 s on two busy cores: short enough to run in `npm test` as is, with nothing pre-warming it.
 * Needs `npm run build` first (`npm test` does) and the npm registry or a warm npm cache.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type Page, chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";
import { cachedAppFolder, installCached, lockFolder, writeTemplate } from "./cached-app.js";
import { createTimedSteps } from "./timed-steps.js";

/** Runs on Node >= 20.9 (`npm view next@16.4.6 engines`), so on the kit's Node 20.19+. */
const NEXT_VERSION = "16.4.6";

const root = fileURLToPath(new URL("../..", import.meta.url));
const support = fileURLToPath(new URL("./next-app/", import.meta.url));
const STEP_TIMEOUT_MS = 300_000;
const PAGE_TIMEOUT_MS = 120_000;
/** Long enough for another run on the same folder to finish (a cold run takes a few minutes). */
const LOCK_WAIT_MS = 600_000;

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
const pinned = (name: string) => {
  const version = manifest.devDependencies[name];
  if (!version) throw new Error(`package.json devDependencies must pin ${name}: the Next.js consumer installs the same version`);
  return version;
};
const versions = {
  next: NEXT_VERSION,
  react: pinned("react"),
  "react-dom": pinned("react-dom"),
  typescript: pinned("typescript"),
  "@types/react": pinned("@types/react"),
  "@types/react-dom": pinned("@types/react-dom"),
  "@types/node": pinned("@types/node"),
};
const app = cachedAppFolder("next-consumer", versions);
const nextBin = join(app, "node_modules/next/dist/bin/next");

/** Next's own environment: no test NODE_ENV (next sets its own), no telemetry. */
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
delete env.NODE_ENV;
delete env.__NEXT_PRIVATE_ORIGIN;

const { run, step, printTotal } = createTimedSteps("next-app", { timeoutMs: STEP_TIMEOUT_MS, env });

/** Lines in which Next reports a failure (`⨯ …`, `Error: …`, an unhandled rejection). */
const SERVER_ERROR = /⨯|\bError\b|unhandled/i;
const serverErrors = (output: string) => output.split("\n").filter((line) => SERVER_ERROR.test(line));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

interface NextServer {
  origin: string;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * `next start` / `next dev` on 127.0.0.1 and a free port, under test/package/next-app/guard.mjs:
 * the guard puts the server in its own process group and ends that group when stopped or when
 * this test process goes away, even by SIGKILL. Resolves once the port accepts connections.
 */
async function serve(mode: "start" | "dev"): Promise<NextServer> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [join(support, "guard.mjs"), process.execPath, nextBin, mode, "--hostname", "127.0.0.1", "--port", String(port)],
    { cwd: app, env, stdio: ["pipe", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let gone = false;
  void exited.then(() => (gone = true));
  const stop = async () => {
    if (!gone && child.pid !== undefined) process.kill(child.pid, "SIGTERM");
    await exited;
  };
  const deadline = Date.now() + PAGE_TIMEOUT_MS;
  while (!(await portOpen(port))) {
    if (gone) throw new Error(`next ${mode} exited before it listened:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`next ${mode} did not listen on ${port} within ${PAGE_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin: `http://127.0.0.1:${port}`, output: () => output, stop };
}

interface Trouble {
  /** Console errors, and any console message that talks about hydration. */
  console: string[];
  pageErrors: string[];
}

let browser: Browser;

/** Opens a page, watching the console and page errors, and waits until React has hydrated it. */
async function open(url: string): Promise<{ page: Page; status: number | undefined; trouble: Trouble }> {
  const page = await browser.newPage({ viewport: { width: 900, height: 800 } });
  const trouble: Trouble = { console: [], pageErrors: [] };
  page.on("console", (message) => {
    if (message.type() === "error" || /hydrat/i.test(message.text())) trouble.console.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => trouble.pageErrors.push(error.stack ?? error.message));
  const response = await page.goto(url, { timeout: PAGE_TIMEOUT_MS });
  await page.locator("body[data-hydrated]").waitFor({ state: "attached", timeout: PAGE_TIMEOUT_MS });
  return { page, status: response?.status(), trouble };
}

/** The parts page: server-rendered parts from a namespace import, hydrated, answering a click. */
async function checkPartsPage(server: NextServer): Promise<void> {
  const response = await fetch(`${server.origin}/parts`);
  expect(response.status).toBe(200);
  const html = await response.text();
  // On the server the namespace's members are client references (functions), not undefined, and
  // the parts render there: the live region is in the server HTML. (Root and the question come in
  // only after hydration: the store hooks read zustand's server snapshot, the store's initial
  // state, so a store seeded before the render still renders empty on the server.)
  expect(html).toContain('<p id="part-types">function function function function</p>');
  expect(html).toContain('data-slot="ask-user-live-region"');

  const { page, status, trouble } = await open(`${server.origin}/parts`);
  try {
    expect(status).toBe(200);
    expect(await page.locator("#part-types").textContent()).toBe("function function function function");
    await page.getByRole("group", { name: "Question", exact: true }).waitFor();
    const production = page.getByRole("radio", { name: /^Production/ });
    await production.click();
    await page.locator('[role="radio"][aria-checked="true"]', { hasText: "Production" }).waitFor();
    expect(await page.getByRole("button", { name: "Submit" }).isVisible()).toBe(true);
    const skip = page.getByRole("button", { name: "Not now" });
    expect(await skip.evaluate((element) => [element.className, element.getAttribute("data-slot")])).toEqual(["server-made", "ask-user-skip"]);
    expect(trouble).toEqual({ console: [], pageErrors: [] });
  } finally {
    await page.close();
  }
}

/** The chat page: the record put in after mount docks the panel; a click answers it. */
async function checkChatPage(server: NextServer): Promise<void> {
  const { page, status, trouble } = await open(`${server.origin}/chat`);
  try {
    expect(status).toBe(200);
    const panel = page.getByRole("group", { name: "Question", exact: true });
    await panel.waitFor({ state: "visible" });
    // The theme came through Next's CSS pipeline with its cascade layer, and its tokens reach the
    // panel (what the tokens look like is the theme's business, not this test's).
    const theme = await panel.evaluate((element) => ({
      layer: [...document.styleSheets].some((sheet) =>
        [...sheet.cssRules].some((rule) => rule instanceof CSSLayerBlockRule && rule.name === "ask-user"),
      ),
      font: getComputedStyle(element).getPropertyValue("--ask-user-font").trim() !== "",
    }));
    expect(theme).toEqual({ layer: true, font: true });
    // The open panel takes the composer's place.
    expect(await page.getByRole("textbox", { name: "Message" }).isVisible()).toBe(false);
    await page.getByRole("radio", { name: /^Production/ }).click();
    await page.locator('[role="radio"][aria-checked="true"]', { hasText: "Production" }).waitFor();
    await page.getByRole("button", { name: "Submit" }).click();
    await panel.waitFor({ state: "detached" });
    const chip = page.getByRole("group", { name: "Question outcome", exact: true });
    await chip.waitFor();
    expect(await chip.textContent()).toContain("Production");
    await page.getByRole("textbox", { name: "Message" }).waitFor({ state: "visible" });
    expect(trouble).toEqual({ console: [], pageErrors: [] });
  } finally {
    await page.close();
  }
}

let packDir: string | undefined;
let unlock: (() => void) | undefined;

beforeAll(
  async () => {
    if (!existsSync(join(root, "dist/parts.js")) || !existsSync(join(root, "dist/types/index.d.ts"))) {
      throw new Error("dist/ is missing or incomplete: run `npm run build` before the Next.js consumer test (`npm test` does).");
    }
    unlock = await step("wait for the app folder", () => lockFolder(app, LOCK_WAIT_MS));
    packDir = mkdtempSync(join(tmpdir(), "ask-user-kit-next-pack-"));
    const packed = await step("npm pack", () => run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", packDir!], root));
    const [info] = JSON.parse(packed.stdout) as { filename: string }[];
    if (!info) throw new Error(`npm pack printed no package: ${packed.stdout}`);
    const { reused } = await step(`install next ${NEXT_VERSION} + tarball into ${app}`, () =>
      installCached(join(packDir!, info.filename), {
        app,
        name: "ask-user-kit-next-consumer",
        dependencies: { next: versions.next, react: versions.react, "react-dom": versions["react-dom"] },
        devDependencies: {
          "@types/node": versions["@types/node"],
          "@types/react": versions["@types/react"],
          "@types/react-dom": versions["@types/react-dom"],
          typescript: versions.typescript,
        },
        run,
      }),
    );
    console.log(`[next-app] ${reused ? "reused the cached install (same tarball)" : "installed"}`);
    writeTemplate(join(support, "template"), app, ["app"]);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH, args: CHROMIUM_ARGS });
  },
  LOCK_WAIT_MS + 2 * STEP_TIMEOUT_MS,
);

afterAll(async () => {
  await browser?.close();
  if (packDir) rmSync(packDir, { recursive: true, force: true });
  unlock?.();
  printTotal();
});

describe("a Next.js app-router consumer of the packed kit", () => {
  it("has the tarball just packed installed", () => {
    for (const file of ["dist/index.js", "dist/parts.js", "dist/store.js", "dist/styles.css"]) {
      expect(readFileSync(join(app, "node_modules/ask-user-kit", file), "utf8"), file).toBe(readFileSync(join(root, file), "utf8"));
    }
  });

  it(
    "builds with `next build`: both pages, typechecked, no error",
    async () => {
      // Route types a past `next dev` left behind redeclare the build's own globals (LayoutProps …),
      // and the tsconfig Next asks for includes both folders (vercel/next.js#91895).
      rmSync(join(app, ".next/dev/types"), { recursive: true, force: true });
      const { stdout, stderr } = await step("next build", () => run(process.execPath, [nextBin, "build"], app));
      expect(stdout).toMatch(/\/parts\b/);
      expect(stdout).toMatch(/\/chat\b/);
      expect(serverErrors(`${stdout}\n${stderr}`)).toEqual([]);
    },
    STEP_TIMEOUT_MS,
  );

  describe("under `next start`", () => {
    let server: NextServer | undefined;
    beforeAll(async () => {
      server = await step("next start (until it listens)", () => serve("start"));
    }, PAGE_TIMEOUT_MS);
    afterAll(async () => {
      await server?.stop();
    }, 30_000);

    it(
      'serves the Server Component page that renders `import * as AskUser from "ask-user-kit/parts"`',
      async () => {
        await step("next start: /parts", () => checkPartsPage(server!));
        expect(serverErrors(server!.output())).toEqual([]);
      },
      PAGE_TIMEOUT_MS,
    );

    it(
      "serves the client page with Provider + Dock + Transcript; the docked panel answers a click",
      async () => {
        await step("next start: /chat", () => checkChatPage(server!));
        expect(serverErrors(server!.output())).toEqual([]);
      },
      PAGE_TIMEOUT_MS,
    );

    it(
      "catches the canary page's hydration mismatch (the console watch is not blind)",
      async () => {
        const { page, trouble } = await open(`${server!.origin}/canary`);
        try {
          await page.locator("#rendered-in", { hasText: "browser" }).waitFor();
          // React reports the mismatch once it has recovered, which may come after the effects ran.
          await expect.poll(() => [...trouble.console, ...trouble.pageErrors].join("\n"), { timeout: PAGE_TIMEOUT_MS }).toMatch(/hydrat|#418/i);
        } finally {
          await page.close();
        }
      },
      PAGE_TIMEOUT_MS,
    );
  });

  describe("under `next dev`", () => {
    let server: NextServer | undefined;
    beforeAll(async () => {
      server = await step("next dev (until it listens)", () => serve("dev"));
    }, PAGE_TIMEOUT_MS);
    afterAll(async () => {
      await server?.stop();
    }, 30_000);

    it(
      "renders both pages with no console error, page error or hydration warning",
      async () => {
        await step("next dev: /parts", () => checkPartsPage(server!));
        await step("next dev: /chat", () => checkChatPage(server!));
        expect(serverErrors(server!.output())).toEqual([]);
      },
      2 * PAGE_TIMEOUT_MS,
    );
  });
});
