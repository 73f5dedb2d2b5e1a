// The Control UI with the kit in it: a copy of the pinned OpenClaw's packaged Control UI in the
// cache, with the kit's adapter build under assets/ask-user-kit/ and two tags added to index.html — its
// stylesheet, and its module script placed before the app's (module scripts run in document order,
// so the adapter's socket filter is in place before the app opens its connection). The gateway
// serves the copy as `gateway.controlUi.root`, so page and WebSocket share the gateway's origin.
// Nothing outside the cache folder is written; the package itself stays as installed.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheDir, openclawDir, OPENCLAW_VERSION } from "./paths.mjs";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const adapterBuildDir = join(repoRoot, "build", "control-ui");
export const controlUiRoot = join(cacheDir, `control-ui-${OPENCLAW_VERSION}-with-ask-user`);
const packagedRoot = join(openclawDir, "dist", "control-ui");
/** Written last by the copy: a copy without it was interrupted and is made again. */
const COPIED_STAMP = ".copied-from-package";
const ADAPTER_FILES = ["ask-user-control-ui.js", "ask-user-control-ui.js.map", "ask-user-control-ui.css"];
const MARK = "<!-- ask-user-kit -->";

/** Builds the adapter (vite.control-ui.config.ts) into build/control-ui. */
export async function buildAdapter({ log = () => {} } = {}) {
  const startedAt = Date.now();
  const { build } = await import("vite");
  await build({ configFile: join(repoRoot, "vite.control-ui.config.ts"), logLevel: "warn" });
  log(`kit adapter built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

/** index.html with the kit's two tags placed before the app's module script. */
export function withKitTags(html) {
  if (html.includes(MARK)) return html;
  const appScript = /<script\b[^>]*\btype="module"[^>]*\bsrc="\.\/assets\/index-[^"]+\.js"[^>]*><\/script>/.exec(html);
  if (!appScript) {
    throw new Error(
      `the packaged Control UI's index.html has no <script type="module" src="./assets/index-….js">; OpenClaw ${OPENCLAW_VERSION}'s layout changed, so the adapter cannot be placed before the app`,
    );
  }
  const tags = `${MARK}\n    <link rel="stylesheet" href="./assets/ask-user-kit/ask-user-control-ui.css" />\n    <script type="module" src="./assets/ask-user-kit/ask-user-control-ui.js"></script>\n    `;
  return html.slice(0, appScript.index) + tags + html.slice(appScript.index);
}

/**
 * Makes (or refreshes) the served copy and returns its folder. The package's files are copied once
 * per OpenClaw version; index.html and assets/ask-user-kit/ are written on every call, so a new adapter build
 * is served on the next start.
 */
export function prepareControlUiRoot({ log = () => {} } = {}) {
  if (!existsSync(join(packagedRoot, "index.html"))) {
    throw new Error(`no packaged Control UI at ${packagedRoot}; run: node scripts/openclaw/install.mjs`);
  }
  for (const file of ADAPTER_FILES) {
    if (!existsSync(join(adapterBuildDir, file)))
      throw new Error(`the kit adapter is not built (${join(adapterBuildDir, file)} is missing); run: npx vite build -c vite.control-ui.config.ts`);
  }
  if (!existsSync(join(controlUiRoot, COPIED_STAMP))) {
    const startedAt = Date.now();
    rmSync(controlUiRoot, { recursive: true, force: true });
    // A real copy, not links: the gateway refuses files that resolve outside its root.
    cpSync(packagedRoot, controlUiRoot, { recursive: true });
    writeFileSync(join(controlUiRoot, COPIED_STAMP), `${packagedRoot}\n`);
    log(`Control UI copied into ${controlUiRoot} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  }
  const html = readFileSync(join(packagedRoot, "index.html"), "utf8");
  writeFileSync(join(controlUiRoot, "index.html"), withKitTags(html));
  // The packaged index.html's precompressed twins would be served instead of the edited page.
  for (const name of readdirSync(controlUiRoot)) if (/^index\.html\.(br|gz)$/.test(name)) rmSync(join(controlUiRoot, name));
  // Under assets/: the gateway maps any path with /assets/ in it (e.g. /chat/main's relative
  // ./assets/… URLs) to the root's assets folder; elsewhere a deep route's relative URL is a 404.
  const kitDir = join(controlUiRoot, "assets", "ask-user-kit");
  rmSync(kitDir, { recursive: true, force: true });
  mkdirSync(kitDir, { recursive: true });
  for (const file of ADAPTER_FILES) cpSync(join(adapterBuildDir, file), join(kitDir, file));
  return controlUiRoot;
}
