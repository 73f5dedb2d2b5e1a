/**
 * The packed kit's declarations as two hosts' TypeScript reads them, skipLibCheck off (a library's
 * .d.ts is checked like the host's own code):
 *  - a Lit host with no React types at all (OpenClaw's Control UI): `ask-user-kit/element/standalone`,
 *    `ask-user-kit/store` and `ask-user-kit/client` must typecheck without `@types/react`;
 *  - a React 18 app on `@types/react` 18: the React entry and the JSX types of the tags (they
 *    augment `react`'s JSX namespace, which @types/react 18.3 has as well as 19).
 * Each template (test/package/typed-hosts/<host>) carries `@ts-expect-error` lines, so a type that
 * stops rejecting bad input fails too. Installs are cached in $ASK_USER_KIT_CACHE (default
 * ~/.cache/ask-user-kit)/typed-host-*, reused while the packed tarball is byte-identical; runs
 * sharing a folder take turns (test/package/cached-app.ts). Needs `npm run build` first.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cachedAppFolder, installCached, lockFolder, writeTemplate } from "./cached-app.js";
import { createTimedSteps } from "./timed-steps.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const STEP_TIMEOUT_MS = 300_000;
/** Long enough for another run on the same folder to finish. */
const LOCK_WAIT_MS = 600_000;

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
const typescript = manifest.devDependencies.typescript;
if (!typescript) throw new Error("package.json devDependencies must pin typescript: the typed hosts install the same version");

/** React 18's types, pinned here: the kit's own devDependencies carry React 19's. */
const TYPES_REACT_18 = { "@types/react": "18.3.32", "@types/react-dom": "18.3.7" };

const hosts = {
  "lit-host": { typescript },
  "react18-host": { typescript, ...TYPES_REACT_18 },
} as const;
type Host = keyof typeof hosts;

const { run, step, printTotal } = createTimedSteps("typed-hosts", { timeoutMs: STEP_TIMEOUT_MS, env: { ...process.env, NODE_ENV: "" } });
let packDir: string | undefined;
let tarball: string;

beforeAll(async () => {
  if (!existsSync(join(root, "dist/types/element/standalone.d.ts"))) {
    throw new Error("dist/types is missing or old: run `npm run build` before the typed-hosts test (`npm test` does).");
  }
  packDir = mkdtempSync(join(tmpdir(), "ask-user-kit-typed-pack-"));
  const packed = await step("npm pack", () => run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", packDir!], root));
  const [info] = JSON.parse(packed.stdout) as { filename: string }[];
  if (!info) throw new Error(`npm pack printed no package: ${packed.stdout}`);
  tarball = join(packDir, info.filename);
}, STEP_TIMEOUT_MS);

afterAll(() => {
  if (packDir) rmSync(packDir, { recursive: true, force: true });
  printTotal();
});

/** Installs the host (cached), writes its template and runs its `tsc`; returns the app folder. */
async function typecheck(host: Host): Promise<string> {
  const dependencies = hosts[host];
  const app = cachedAppFolder(`typed-${host}`, dependencies);
  const unlock = await step(`${host}: wait for the app folder`, () => lockFolder(app, LOCK_WAIT_MS));
  try {
    await step(`${host}: install`, () => installCached(tarball, { app, name: `ask-user-kit-${host}`, dependencies, run }));
    writeTemplate(fileURLToPath(new URL(`./typed-hosts/${host}`, import.meta.url)), app, ["src"]);
    await step(`${host}: tsc`, () => run(process.execPath, [join(app, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"], app));
    return app;
  } finally {
    unlock();
  }
}

describe("the packed declarations in a host's TypeScript (skipLibCheck off)", () => {
  it(
    "a Lit host without React's types typechecks against element/standalone, store and client",
    async () => {
      const app = await typecheck("lit-host");
      // What makes the check meaningful: nothing could have supplied React's types.
      expect(existsSync(join(app, "node_modules/@types/react"))).toBe(false);
    },
    3 * STEP_TIMEOUT_MS,
  );

  it(
    "a React 18 app on @types/react 18 typechecks the React entry and the tags' JSX types",
    async () => {
      const app = await typecheck("react18-host");
      const types = JSON.parse(readFileSync(join(app, "node_modules/@types/react/package.json"), "utf8")) as { version: string };
      expect(types.version).toBe(TYPES_REACT_18["@types/react"]);
    },
    3 * STEP_TIMEOUT_MS,
  );
});
