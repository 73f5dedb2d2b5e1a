/**
 * The browser entry of the kit's OpenClaw feature plugin (control-ui/plugin), prebuilt into the
 * two files its tracked openclaw.plugin.json declares: control-ui/plugin/dist/control-ui/index.{js,css}.
 *
 *   vite build -c vite.control-ui-plugin.config.ts      (scripts/openclaw/plugin.mjs runs it)
 *
 * OpenClaw's docs let a plugin with a prebuilt browser bundle declare it in the manifest instead of
 * having `openclaw plugins build` bundle a source entry. Prebuilt here, because that build (esbuild
 * with its own fixed options) cannot take the Preact aliases the kit's standalone element ships
 * with, and writes a content-hashed path into the manifest on every build; this one is the repo's
 * own Vite, the same aliases as `ask-user-kit/element/standalone`, and a manifest that stays as
 * tracked. One self-contained ES module, as the Control UI imports it after the page connects.
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { kitSourceAliases, themeSources } from "./vite.config.js";
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

export default defineConfig({
  plugins: [theme, react()],
  resolve: { alias: [...kitSourceAliases, ...preactCompatAliases] },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    outDir: here("control-ui/plugin/dist/control-ui"),
    emptyOutDir: true,
    target: "es2022",
    minify: true,
    sourcemap: false,
    cssCodeSplit: false,
    lib: { entry: here("control-ui/plugin/src/main.ts"), formats: ["es"], fileName: () => "index.js", cssFileName: "index" },
    rolldownOptions: { output: { minify: true } },
  },
});
