/**
 * `ask-user-kit/element/standalone`: the custom elements for a host without React (OpenClaw's Control
 * UI is Lit). The same `src/element` entry, built with Preact's compat layer in place of react and
 * react-dom, and with everything it imports (Radix, zustand, the renderer) inside, so the host
 * installs nothing and pays for one small renderer instead of react-dom.
 *
 *   vite build  -c vite.element-standalone.config.ts   dist/element-standalone.js (part of `npm run build`)
 *   vitest run  -c vite.element-standalone.config.ts   every element test, unchanged, on the same aliases
 *
 * The build and the tests share `preactCompatAliases`, so what ships is what the tests ran.
 */
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";
import { mapEveryChunk } from "./scripts/source-maps.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Every React specifier the kit, Radix, zustand and Testing Library import, sent to preact/compat. */
export const preactCompatAliases = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/compat/test-utils" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
];

/**
 * Testing Library's `main` is CommonJS, whose `require("react-dom/client")` no alias reaches: the
 * tests take its ES build (inlined below) so they drive the same Preact the elements render with.
 */
function testingLibraryAlias() {
  const folder = dirname(createRequire(import.meta.url).resolve("@testing-library/react/package.json"));
  const { module } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { module: string };
  return { find: /^@testing-library\/react$/, replacement: join(folder, module) };
}

/**
 * The element tests: every component test that imports the element entry. Found by what they
 * import rather than listed, so a new element test runs on this build without anyone adding it here.
 */
export function elementTestFiles(): string[] {
  const folder = here("test/components");
  return readdirSync(folder)
    .filter((name) => /\.test\.tsx?$/.test(name) && readFileSync(join(folder, name), "utf8").includes("src/element/"))
    .map((name) => `test/components/${name}`);
}

export default defineConfig({
  plugins: [react(), mapEveryChunk({ srcDir: here("src"), outDir: here("dist") })],
  resolve: { alias: [testingLibraryAlias(), ...preactCompatAliases] },
  // The bundle is for hosts that run it as is: its build mode is decided here (tests keep theirs).
  ...(process.env.VITEST ? {} : { define: { "process.env.NODE_ENV": JSON.stringify("production") } }),
  build: {
    outDir: "dist",
    emptyOutDir: false,
    target: "es2022",
    minify: true,
    // The kit's own sources are the shipped src/ files; Preact's, Radix's and zustand's, which the
    // tarball does not ship, keep their text inside the map (scripts/source-maps.ts).
    sourcemap: true,
    lib: { entry: { "element-standalone": here("src/element/standalone.ts") }, formats: ["es"] },
    // Fully minified (Vite keeps whitespace in a library build): the file is what a host without a
    // React toolchain loads as is.
    rolldownOptions: { output: { entryFileNames: "[name].js", minify: true } },
  },
  test: {
    globals: true,
    name: "element-preact",
    environment: "happy-dom",
    include: elementTestFiles(),
    setupFiles: ["test/components/setup.ts", "test/element-preact/setup.ts"],
    // Inlined so the aliases reach the React imports inside them (an externalized one would load React).
    server: { deps: { inline: [/@testing-library\/react/, /@radix-ui\//, /zustand/] } },
    testTimeout: 60_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 20_000 } },
  },
});
