/**
 * The package as npm ships it: `npm pack` the built tree, install the tarball into a fresh
 * Vite + React + TypeScript app, typecheck and build that app, and load the framework-free entries
 * in plain Node. Needs `npm run build` first and the npm registry (or a warm npm cache).
 * Prints how long each step took: the install dominates.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { NODE_PROBE, REQUIRE_PROBE, consumerFiles } from "./consumer-app.js";
import { createTimedSteps } from "./timed-steps.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const STEP_TIMEOUT_MS = 240_000;

const { run, step, printTotal } = createTimedSteps("tarball", { timeoutMs: STEP_TIMEOUT_MS, env: { ...process.env, NODE_ENV: "" } });

const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  version: string;
  devDependencies: Record<string, string>;
};
const pinned = (name: string) => {
  const version = manifest.devDependencies[name];
  if (!version) throw new Error(`package.json devDependencies must pin ${name}: the consumer app installs the same version`);
  return version;
};

let work: string;
let app: string;
let installed: string;
let tarballFiles: string[];

beforeAll(async () => {
  if (!existsSync(join(root, "dist/index.js")) || !existsSync(join(root, "dist/types/index.d.ts"))) {
    throw new Error("dist/ is missing or incomplete: run `npm run build` before the tarball test (`npm test` does).");
  }
  work = mkdtempSync(join(tmpdir(), "ask-user-kit-pack-"));
  app = mkdtempSync(join(tmpdir(), "ask-user-kit-consumer-"));

  const packed = await step("npm pack", () => run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", work], root));
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  if (!info) throw new Error(`npm pack printed no package: ${packed.stdout}`);
  tarballFiles = info.files.map((file) => file.path);
  const tarball = join(work, info.filename);

  const files = consumerFiles(tarball, {
    react: pinned("react"),
    reactDom: pinned("react-dom"),
    typesReact: pinned("@types/react"),
    typesReactDom: pinned("@types/react-dom"),
    vite: pinned("vite"),
    pluginReact: pinned("@vitejs/plugin-react"),
    typescript: pinned("typescript"),
  });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(app, path)), { recursive: true });
    writeFileSync(join(app, path), text);
  }
  await step("npm install (tarball + react, vite, typescript)", () => run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], app));
  installed = join(app, "node_modules/ask-user-kit");
}, 2 * STEP_TIMEOUT_MS);

afterAll(() => {
  for (const dir of [work, app]) if (dir) rmSync(dir, { recursive: true, force: true });
  printTotal();
});

describe("the npm tarball", () => {
  it("ships the built entries, their types, the theme, the sources its maps name, and nothing from test", () => {
    const entries = [
      "index",
      "parts",
      "contract",
      "client",
      "store",
      "summaries",
      "bridge",
      "element",
      "element-standalone",
      "testing",
      "testing-node",
    ];
    for (const entry of entries) expect(tarballFiles).toContain(`dist/${entry}.js`);
    for (const types of ["index", "parts", "contract/index", "client/index", "store/index", "store/local-summaries", "element/index"])
      expect(tarballFiles).toContain(`dist/types/${types}.d.ts`);
    expect(tarballFiles).toContain("dist/styles.css");
    expect(tarballFiles).toContain("package.json");
    expect(tarballFiles).toContain("LICENSE");
    expect(tarballFiles).toContain("src/index.ts");
    expect(tarballFiles.filter((path) => /^(test|bench|stories|scripts|playground)\//.test(path) || /\.test\.tsx?$/.test(path))).toEqual([]);
  });

  it("has a source map for every built JS file and a declaration map per .d.ts, each with every source in the tarball", () => {
    const problems: string[] = [];
    const scripts = tarballFiles.filter((path) => /^dist\/.*\.js$/.test(path));
    for (const file of scripts) {
      const url = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(readFileSync(join(installed, file), "utf8"))?.[1];
      const map = url === undefined ? undefined : join(dirname(file), url);
      if (map === undefined) problems.push(`${file} names no source map`);
      else if (!tarballFiles.includes(map)) problems.push(`${file} → ${map}, not in the tarball`);
    }
    const declarations = tarballFiles.filter((path) => path.endsWith(".d.ts"));
    for (const file of declarations) if (!tarballFiles.includes(`${file}.map`)) problems.push(`${file} has no .d.ts.map`);
    const maps = tarballFiles.filter((path) => path.endsWith(".map"));
    expect(maps.length).toBe(scripts.length + declarations.length);
    for (const map of maps) {
      const {
        sources,
        sourcesContent = [],
        sourceRoot = "",
      } = JSON.parse(readFileSync(join(installed, map), "utf8")) as { sources: string[]; sourcesContent?: (string | null)[]; sourceRoot?: string };
      expect(sources.length, map).toBeGreaterThan(0);
      // A source is in the tarball as a shipped file (src/…), or as its text inside the map (the
      // standalone element's Preact, Radix and zustand).
      sources.forEach((source, index) => {
        if (typeof sourcesContent[index] !== "string" && !tarballFiles.includes(join(dirname(map), sourceRoot, source)))
          problems.push(`${map} → ${source}`);
      });
    }
    expect(problems).toEqual([]);
  });

  it("README links to files that are in the tarball", () => {
    const readme = readFileSync(join(installed, "README.md"), "utf8");
    const relative = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
      .map((match) => match[1] as string)
      .filter((target) => !/^[a-z]+:/i.test(target));
    expect(relative.length).toBeGreaterThan(0);
    expect(relative.filter((target) => !existsSync(join(installed, target)))).toEqual([]);
  });

  it("resolves every export to a file that is in the tarball", () => {
    const exports = (
      JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as { exports: Record<string, string | Record<string, string>> }
    ).exports;
    const targets = Object.values(exports).flatMap((target) => (typeof target === "string" ? [target] : Object.values(target)));
    const missing = targets.filter((target) => !existsSync(join(installed, target)));
    expect(missing).toEqual([]);
    // Types first: TypeScript takes the first condition that matches.
    for (const [name, target] of Object.entries(exports)) if (typeof target === "object") expect(Object.keys(target)[0], name).toBe("types");
  });

  it.each([
    ["dist/index.js", true],
    // A Server Component's `import * as AskUser from "ask-user-kit/parts"` needs the directive here.
    ["dist/parts.js", true],
    ["dist/contract.js", false],
    ["dist/client.js", false],
    ["dist/store.js", false],
    ["dist/summaries.js", false],
  ])("%s starts with the 'use client' directive: %s", (file, directive) => {
    const code = readFileSync(join(installed, file), "utf8");
    expect(/^\s*["']use client["'];?/.test(code)).toBe(directive);
    if (!directive) expect(code).not.toMatch(/["']use client["']/);
  });

  it(
    "loads the framework-free entries (and the element entry) in plain Node, without a DOM",
    async () => {
      const { stdout } = await step("node import probe", () => run(process.execPath, ["--input-type=module", "-e", NODE_PROBE], app));
      expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual({
        hasDocument: false,
        normalized: true,
        status: "disconnected",
        storeConnection: "connecting",
        summariesWithoutStorage: 0,
        elementExports: [
          "ASK_USER_ELEMENT_NAMES",
          "ASK_USER_EVENTS",
          "AskUserInboxElement",
          "AskUserPanelElement",
          "AskUserSummaryElement",
          "defineAskUserElements",
        ],
        partsAreComponents: true,
        partsHasRoot: true,
      });
    },
    STEP_TIMEOUT_MS,
  );

  it(
    "require()s the framework-free entries from CommonJS (the `default` condition)",
    async () => {
      const { stdout } = await step("node require probe", () => run(process.execPath, ["--input-type=commonjs", "-e", REQUIRE_PROBE], app));
      expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual({ normalized: true, store: "function", client: "function" });
    },
    STEP_TIMEOUT_MS,
  );

  it(
    "typechecks a strict consumer app (no skipLibCheck) that uses every entry",
    async () => {
      await step("tsc --noEmit", () => run(process.execPath, [join(app, "node_modules/typescript/bin/tsc"), "--noEmit", "-p", app], app));
    },
    STEP_TIMEOUT_MS,
  );

  it(
    "builds the consumer app with Vite, theme included",
    async () => {
      await step("vite build", () => run(process.execPath, [join(app, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], app));
      const assets = readdirSync(join(app, "dist/assets"));
      const css = assets
        .filter((file) => file.endsWith(".css"))
        .map((file) => readFileSync(join(app, "dist/assets", file), "utf8"))
        .join("");
      const js = assets
        .filter((file) => file.endsWith(".js"))
        .map((file) => readFileSync(join(app, "dist/assets", file), "utf8"))
        .join("");
      expect(css).toContain("@layer ask-user");
      expect(js).toContain("ask-user-panel");
    },
    STEP_TIMEOUT_MS,
  );

  it("takes caret ranges of zustand and Radix (a nearby consumer version dedupes) and ws only as an optional peer", () => {
    const shipped = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    for (const name of ["zustand", "@radix-ui/react-checkbox", "@radix-ui/react-radio-group"])
      expect(shipped.dependencies[name], name).toMatch(/^\^\d/);
    expect(shipped.dependencies.ws).toBeUndefined();
    expect(shipped.peerDependencies.ws).toBeDefined();
    expect(shipped.peerDependenciesMeta.ws?.optional).toBe(true);
    // Only `ask-user-kit/testing/node` imports ws (dist/ keeps one file per source module).
    const importers = tarballFiles.filter(
      (path) => path.startsWith("dist/") && path.endsWith(".js") && /from "ws"/.test(readFileSync(join(installed, path), "utf8")),
    );
    expect(importers).toEqual(["dist/testing/serve-local-gateway.js"]);
    expect(readFileSync(join(installed, "dist/testing-node.js"), "utf8")).toMatch(/from "\.\/testing\/serve-local-gateway\.js"/);
  });

  it("keeps React a peer: the entries import it, and the install nests no copy of it", () => {
    for (const file of ["dist/components/ask-user-dock.js", "dist/element/react-host-element.js"])
      expect(readFileSync(join(installed, file), "utf8")).toMatch(/from "react(-dom\/client)?"/);
    expect(existsSync(join(installed, "node_modules/react"))).toBe(false);
    expect(existsSync(join(installed, "node_modules/react-dom"))).toBe(false);
  });

  it(
    "ships ask-user-kit/element/standalone for hosts without React: no react import, and it loads in plain Node",
    async () => {
      const code = readFileSync(join(installed, "dist/element-standalone.js"), "utf8");
      expect(code).not.toMatch(/\bfrom\s*["'](react|react-dom|preact|zustand|@radix-ui)/);
      const probe = `const element = await import("ask-user-kit/element/standalone"); element.defineAskUserElements(); console.log(JSON.stringify(Object.keys(element).sort()));`;
      const { stdout } = await step("node import probe (element/standalone)", () => run(process.execPath, ["--input-type=module", "-e", probe], app));
      expect(JSON.parse(stdout.trim().split("\n").at(-1)!)).toEqual([
        "ASK_USER_ELEMENT_NAMES",
        "ASK_USER_EVENTS",
        "AskUserInboxElement",
        "AskUserPanelElement",
        "AskUserSummaryElement",
        "defineAskUserElements",
      ]);
    },
    STEP_TIMEOUT_MS,
  );
});
