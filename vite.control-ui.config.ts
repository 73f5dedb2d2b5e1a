/**
 * The kit's adapter for OpenClaw's Control UI (control-ui/adapter), built into build/control-ui/:
 * the startup file the served copy of the Control UI loads (start.js, kept under a kilobyte gzip
 * with its script tag) and the chunk it imports when the first question or chip needs the kit,
 * which carries the kit's styles as a string (no stylesheet on the page's startup path).
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
import { kitSourceAliases, themeSources } from "./vite.config.js";
import { preactCompatAliases } from "./vite.element-standalone.config.js";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The kit's theme as `ask-user-kit/styles.css` ships it, then the adapter's own tokens, as one string. */
const STYLES_ID = "virtual:ask-user-control-ui-styles";
const styles = {
  name: "ask-user-kit:control-ui-styles",
  enforce: "pre" as const,
  resolveId: (id: string) => (id === STYLES_ID ? `\0${STYLES_ID}` : null),
  load(id: string) {
    if (id !== `\0${STYLES_ID}`) return null;
    const files = [...themeSources.filter((file) => existsSync(file)), here("control-ui/openclaw-tokens.css"), here("control-ui/adapter/theme.css")];
    return `export default ${JSON.stringify(files.map((file) => readFileSync(file, "utf8")).join("\n"))};`;
  },
};

/**
 * The startup file is budgeted to the byte (1 KB gzip with its script tag): its map is written
 * beside it (start.js.map, for a debugger pointed at it) but not named in it.
 */
const startupMapUnnamed = {
  name: "ask-user-kit:startup-map-unnamed",
  generateBundle(_options: unknown, bundle: Record<string, { type: string; code?: string }>) {
    const startup = bundle["start.js"];
    if (startup?.type === "chunk" && startup.code) startup.code = startup.code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, "\n");
  },
};

export default defineConfig({
  plugins: [styles, react(), startupMapUnnamed],
  resolve: { alias: [...kitSourceAliases, ...preactCompatAliases] },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: here("build/control-ui"),
    emptyOutDir: true,
    target: "es2022",
    minify: true,
    sourcemap: true,
    lib: { entry: here("control-ui/adapter/main.ts"), formats: ["es"], fileName: () => "start.js" },
    rolldownOptions: { output: { minify: true, chunkFileNames: "[name]-[hash].js" } },
  },
});
