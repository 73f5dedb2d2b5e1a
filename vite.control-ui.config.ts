/**
 * The kit's adapter for OpenClaw's Control UI (control-ui/adapter), built into the two files the
 * served copy of the Control UI loads: build/control-ui/ask-user-control-ui.{js,css}.
 *
 *   vite build -c vite.control-ui.config.ts      (scripts/openclaw/control-ui-root.mjs runs it)
 *
 * The adapter imports the kit by its package names, as a Control UI maintainer's code would; here
 * they resolve to src/ on the same Preact aliases as `ask-user-kit/element/standalone`, so the page
 * runs what the standalone element ships. Lit is the Control UI's own template library; the adapter
 * bundles its copy (the app's is inside the app's bundle, not importable).
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { themeSources } from "./vite.config.js";
import { preactCompatAliases } from "./vite.element-standalone.config.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The kit's theme as `ask-user-kit/styles.css` ships it: the same sources, joined in the same order. */
const THEME_ID = "\0ask-user-kit-styles.css";
const theme = {
  name: "ask-user-kit:theme-from-src",
  enforce: "pre" as const,
  resolveId: (id: string) => (id === "ask-user-kit/styles.css" ? THEME_ID : null),
  load: (id: string) =>
    id === THEME_ID
      ? themeSources
          .filter((file) => existsSync(file))
          .map((file) => readFileSync(file, "utf8"))
          .join("\n")
      : null,
};

const packageAliases = [
  { find: /^ask-user-kit\/element\/standalone$/, replacement: here("src/element/standalone.ts") },
  { find: /^ask-user-kit\/client$/, replacement: here("src/client/index.ts") },
  { find: /^ask-user-kit\/store$/, replacement: here("src/store/index.ts") },
  { find: /^ask-user-kit\/contract$/, replacement: here("src/contract/index.ts") },
];

export default defineConfig({
  plugins: [theme, react()],
  resolve: { alias: [...packageAliases, ...preactCompatAliases] },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: here("build/control-ui"),
    emptyOutDir: true,
    target: "es2022",
    minify: true,
    sourcemap: true,
    cssCodeSplit: false,
    lib: {
      entry: here("control-ui/adapter/main.ts"),
      formats: ["es"],
      fileName: () => "ask-user-control-ui.js",
      cssFileName: "ask-user-control-ui",
    },
    rolldownOptions: { output: { minify: true } },
  },
});
