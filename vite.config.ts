import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { storybookTest } from "@storybook/addon-vitest/vitest-plugin";
import react from "@vitejs/plugin-react";
import { playwright } from "@vitest/browser-playwright";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/chromium.js";
import { mapEveryChunk } from "./scripts/source-maps.js";
import { defineConfig } from "vitest/config";
import { react18Aliases } from "./test/package/react18.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Every public entry of the package; `package.json#exports` mirrors this list. */
const entries = {
  index: here("src/index.ts"),
  parts: here("src/parts.ts"),
  contract: here("src/contract/index.ts"),
  client: here("src/client/index.ts"),
  store: here("src/store/index.ts"),
  summaries: here("src/store/local-summaries.ts"),
  bridge: here("src/bridge/index.ts"),
  element: here("src/element/index.ts"),
  testing: here("src/testing/index.ts"),
  "testing-node": here("src/testing/node.ts"),
};

/**
 * The package's entries under the names a host imports them by, resolved to src/: the Control UI
 * builds (the harness's adapter, the feature plugin) import the kit as any host would.
 */
export const kitSourceAliases = [
  ...Object.entries(entries).map(([name, file]) => ({
    find: new RegExp(`^ask-user-kit${name === "index" ? "" : `/${name === "testing-node" ? "testing/node" : name}`}$`),
    replacement: file,
  })),
  { find: /^ask-user-kit\/element\/standalone$/, replacement: here("src/element/standalone.ts") },
];

/** Dependencies stay imports in the build: the consumer's bundler resolves (and dedupes) them. */
const external = (id: string) => /^(react|react-dom|zustand|ws|@radix-ui\/)/.test(id) || id.startsWith("node:");

/**
 * The theme is plain CSS shipped as one file, `ask-user-kit/styles.css`; no component imports it.
 * Its sources are kept per concern and joined in this order (tokens first: the rest use them).
 */
export const themeSources = ["tokens.css", "panel.css", "summary.css", "cards.css", "inbox.css"].map((name) => here(`src/theme/${name}`));
const emitTheme = {
  name: "ask-user-kit:emit-theme",
  generateBundle(this: { emitFile(file: { type: "asset"; fileName: string; source: string }): void }) {
    const source = themeSources
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    this.emitFile({ type: "asset", fileName: "styles.css", source });
  },
};

/**
 * Debian's Chromium (Playwright cannot download its own here). Each project gets a fresh config
 * object: a shared one mislabels projects.
 */
const chromium = (contextOptions: { reducedMotion?: "reduce"; viewport?: { width: number; height: number } } = {}) => ({
  enabled: true,
  headless: true,
  provider: playwright({
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    contextOptions,
  }),
  instances: [{ browser: "chromium" as const }],
});

export default defineConfig({
  plugins: [react(), emitTheme, mapEveryChunk({ srcDir: here("src"), outDir: here("dist") })],
  // Pre-bundled up front: discovering them mid-run makes Vite reload the browser page, which loads
  // React twice and fails every test of a fresh checkout ("Invalid hook call").
  optimizeDeps: {
    include: [
      "react",
      "react-dom",
      "react-dom/client",
      "react/jsx-dev-runtime",
      "@testing-library/react",
      "axe-core",
      "@radix-ui/react-checkbox",
      "@radix-ui/react-radio-group",
      "zustand",
      "zustand/vanilla",
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    minify: false,
    // Maps point at ../src/…, which the tarball ships (package.json#files), so they carry no second
    // copy of the sources (sourcemapExcludeSources). Declaration maps (tsconfig.build.json) cannot
    // inline sources at all: shipping src/ is what makes "Go to definition" land in real code.
    sourcemap: true,
    lib: { entry: entries, formats: ["es"] },
    // One file per source module (dist/contract/answers.js …), the entries named as before: a
    // consumer's bundler then drops every module a host does not reach (package.json#sideEffects),
    // where merged chunks kept whatever shared a chunk with what it uses (a component's
    // `displayName =` assignment is a side effect that pins its chunk).
    rolldownOptions: {
      external,
      output: { preserveModules: true, preserveModulesRoot: "src", entryFileNames: "[name].js", sourcemapExcludeSources: true },
    },
  },
  test: {
    globals: true,
    // A deadline for a test that hangs, not a speed requirement: on a saturated 2-core machine
    // (`npm run test:load`) a happy-dom test driving user-event, or a property test's fixed number of
    // runs, takes 5–15 s. Tests wait for conditions; nothing here is timed.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll and the browser's expect.element retry until the condition holds; 1 s by default.
    expect: { poll: { timeout: 20_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          environment: "node",
          include: [
            "test/contract/**/*.test.ts",
            "test/store/**/*.test.ts",
            "test/client/**/*.test.ts",
            "test/bridge/**/*.test.ts",
            "test/faults/**/*.test.ts",
            "test/integration/**/*.test.ts",
            // The real Control UI with the kit in it exists only where a real gateway serves it:
            // `npm run test:openclaw` (which sets ASK_USER_GATEWAY) runs these; `npm test` has none.
            ...(process.env.ASK_USER_GATEWAY === "openclaw" ? ["test/control-ui/**/*.test.ts", "test/control-ui-plugin/**/*.test.ts"] : []),
            "test/control-ui-adapter/**/*.test.ts",
            "test/control-ui-plugin/**/*.node-test.ts",
            "test/playground/**/*.test.ts",
            "test/package/**/*.test.ts",
            // Browser checks driven from Node (a strict-CSP page served and opened with playwright-core).
            "test/browser/**/*.node-test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "components",
          environment: "happy-dom",
          include: ["test/components/**/*.test.tsx"],
          setupFiles: ["test/components/setup.ts"],
        },
      },
      // React 18 leg (`npm run test:react18`): the component tests again, with react and react-dom
      // from a cache folder outside the repo. Packages that import React are inlined so the
      // aliases reach them too (an externalized one would load the repo's React 19).
      ...(process.env.ASK_USER_REACT18 === "1"
        ? [
            {
              extends: true as const,
              resolve: { alias: react18Aliases() },
              test: {
                name: "components-react18",
                environment: "happy-dom",
                include: ["test/components/**/*.test.tsx"],
                // The render budgets count renders through React's DevTools hook, which has to be in
                // place before react-dom loads; this project's setup loads react-dom first to prove
                // it is React 18. Budgets are measured on the React the kit is built with.
                exclude: ["test/components/render-budget.test.tsx", "test/components/transcript-renders.test.tsx"],
                setupFiles: ["test/components/setup.ts", "test/package/react18-setup.tsx"],
                globalSetup: ["test/package/react18-install.ts"],
                server: { deps: { inline: [/@testing-library\/react/, /@radix-ui\//, /zustand/] } },
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.{ts,tsx}"],
          browser: chromium(),
        },
      },
      // Screenshot tests (`npm run test:visual`, `-- --update` rewrites the baselines). Reduced motion:
      // every entrance is already at rest when the shot is taken. The tolerance absorbs font
      // antialiasing on the same Debian Chromium (pixelmatch sets antialiased edge pixels aside, and
      // 0.05% of the shot may differ), never a moved or recoloured part: the colour threshold is low
      // enough to catch one dark grey turned into another (the default 0.1 does not). No failure
      // screenshots: the matcher writes its own diff images.
      {
        extends: true,
        test: {
          name: "visual",
          include: ["test/visual/**/*.test.tsx"],
          browser: {
            // The runner's own page is larger than the widest screen tested, so the test frame is
            // never scaled down to fit (a scaled shot blurs every edge).
            ...chromium({ reducedMotion: "reduce", viewport: { width: 1600, height: 1000 } }),
            screenshotFailures: false,
            expect: {
              toMatchScreenshot: {
                // How long to retry for two equal shots in a row: a deadline for a page that never
                // settles, not a speed check (5 s by default, too short at load 15 on 2 cores).
                timeout: 60_000,
                comparatorName: "pixelmatch",
                comparatorOptions: { threshold: 0.05, allowedMismatchedPixelRatio: 0.0005 },
              },
            },
          },
        },
      },
      {
        extends: true,
        plugins: [await storybookTest({ configDir: here(".storybook") })],
        test: {
          name: "storybook",
          browser: chromium(),
          setupFiles: [".storybook/vitest.setup.ts"],
        },
      },
    ],
  },
});
