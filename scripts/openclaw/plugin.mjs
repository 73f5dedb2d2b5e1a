// The kit as an OpenClaw feature plugin (control-ui/plugin), the way an operator gets it:
//   1. buildPluginUi: the browser entry, prebuilt with the repo's Vite (vite.control-ui-plugin.config.ts)
//      into control-ui/plugin/dist/control-ui/, the paths the tracked openclaw.plugin.json declares;
//   2. packPlugin: `openclaw plugins pack` (which validates first) writes the archive an operator
//      installs, under build/control-ui-plugin/;
//   3. startOpenClawGateway({ pluginArchives: [archive], customPlugins: true }) installs it into the
//      gateway's home with `openclaw plugins install` before that gateway starts (start-gateway.mjs).
// Every openclaw command runs the cached OpenClaw on the cached Node 24: nothing installs a second
// OpenClaw (the scaffold's `openclaw: latest` devDependency would), and the archive is installed
// rather than the folder, whose node_modules lookups lead outside it.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { nodeBin, openclawDir, openclawEntry } from "./paths.mjs";
import { gatewayEnv, startOpenClawGateway } from "./start-gateway.mjs";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
export const pluginDir = join(repoRoot, "control-ui", "plugin");
export const pluginUiDir = join(pluginDir, "dist", "control-ui");
export const pluginArchiveDir = join(repoRoot, "build", "control-ui-plugin");
export const PLUGIN_ID = JSON.parse(readFileSync(join(pluginDir, "openclaw.plugin.json"), "utf8")).id;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs `openclaw <args>` with `env`; throws with its output when it fails. */
function openclaw(args, env) {
  const result = spawnSync(nodeBin, [openclawEntry, ...args], { env, cwd: env.HOME, encoding: "utf8" });
  if (result.error) throw new Error(`could not run openclaw ${args[0]} ${args[1] ?? ""}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`openclaw ${args.join(" ")} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** A throwaway home for the commands that need no gateway (pack): nothing lands in the person's own. */
function scratchEnv() {
  const home = mkdtempSync(join(tmpdir(), "ask-user-plugin-"));
  for (const sub of ["state", "tmp", "logs"]) mkdirSync(join(home, sub), { recursive: true });
  return { env: gatewayEnv(home), dispose: () => rmSync(home, { recursive: true, force: true }) };
}

/** Builds the plugin's browser entry and stylesheet with the repo's Vite. */
export async function buildPluginUi({ log = () => {} } = {}) {
  const startedAt = Date.now();
  const { build } = await import("vite");
  await build({ configFile: join(repoRoot, "vite.control-ui-plugin.config.ts"), logLevel: "warn" });
  const sizes = ["index.js", "index.css"].map((name) => `${name} ${(statSync(join(pluginUiDir, name)).size / 1024).toFixed(1)} KB`);
  log(`plugin UI built in ${seconds(Date.now() - startedAt)} (${sizes.join(", ")})`);
}

/**
 * `openclaw plugins pack` into build/control-ui-plugin/<id>.tgz (replaced when it exists). Returns
 * the receipt: `{ path, sha256, bytes, pluginId }`.
 */
export function packPlugin({ log = () => {} } = {}) {
  const startedAt = Date.now();
  mkdirSync(pluginArchiveDir, { recursive: true });
  const out = join(pluginArchiveDir, `${PLUGIN_ID}.tgz`);
  // `pack` refuses to overwrite an archive.
  rmSync(out, { force: true });
  const scratch = scratchEnv();
  try {
    const receipt = JSON.parse(openclaw(["plugins", "pack", "--root", pluginDir, "--out", out, "--json"], scratch.env));
    log(
      `plugin packed in ${seconds(Date.now() - startedAt)}: ${receipt.path} (${(receipt.bytes / 1024).toFixed(1)} KB, sha256 ${receipt.sha256.slice(0, 12)}…)`,
    );
    return receipt;
  } finally {
    scratch.dispose();
  }
}

/**
 * Typechecks what imports OpenClaw's SDK — the backend entry, and the check that the plugin's own
 * host type (src/host.ts) fits the SDK's `ControlUiHost` — against the cached package: the repo's
 * own typecheck runs before OpenClaw is installed, so it leaves these out (tsconfig.json).
 */
export function checkPluginTypes({ log = () => {} } = {}) {
  const startedAt = Date.now();
  mkdirSync(pluginArchiveDir, { recursive: true });
  const config = join(pluginArchiveDir, "tsconfig.sdk.json");
  writeFileSync(
    config,
    JSON.stringify(
      {
        extends: join(repoRoot, "tsconfig.json"),
        compilerOptions: { noEmit: true, types: ["node"], paths: { "openclaw/*": [join(openclawDir, "dist", "*")] } },
        include: [],
        files: [join(pluginDir, "backend", "index.ts"), join(pluginDir, "sdk-check", "host-compat.ts")],
      },
      null,
      2,
    ),
  );
  const result = spawnSync(process.execPath, [join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", config], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  if (result.status !== 0)
    throw new Error(`the plugin does not typecheck against OpenClaw's SDK (${openclawDir}):\n${result.stdout}${result.stderr}`);
  log(`plugin typechecked against OpenClaw's SDK in ${seconds(Date.now() - startedAt)}`);
}

/** Checks, builds and packs: the archive an operator installs. */
export async function preparePluginArchive({ log = () => {} } = {}) {
  checkPluginTypes({ log });
  await buildPluginUi({ log });
  return packPlugin({ log }).path;
}

/**
 * A stock gateway with the plugin as an operator has it: the Control UI the package serves (no
 * `gateway.controlUi.root`), the archive installed by `openclaw plugins install`, and Settings →
 * Labs → Custom plugin UI on — the only setting. Takes startOpenClawGateway's other options.
 */
export async function startPluginGateway({ log = () => {}, ...options } = {}) {
  const archive = await preparePluginArchive({ log });
  return startOpenClawGateway({ ...options, customPlugins: true, pluginArchives: [archive], log });
}

// `npm run control-ui:plugin`: check, build and pack the plugin; prints the archive's path.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { installOpenClaw } = await import("./install.mjs");
  try {
    installOpenClaw();
    const archive = await preparePluginArchive({ log: (line) => console.log(`[plugin] ${line}`) });
    console.log(archive);
  } catch (error) {
    console.error(`[plugin] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
