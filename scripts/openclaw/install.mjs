// Installs the pinned Node 24 and OpenClaw into the cache folder outside the repo (runs under the
// system Node 20; only the npm registry is needed). Idempotent: pinned versions already there are
// kept. Usage: node scripts/openclaw/install.mjs
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { NODE_VERSION, OPENCLAW_VERSION, cacheDir, nodeBin, nodeBinDir, nodePrefix, openclawDir, openclawPrefix } from "./paths.mjs";

function installedVersion(packageDir) {
  try {
    return JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).version;
  } catch {
    return undefined;
  }
}

/** `npm install <spec>` into its own folder; a private package.json keeps it out of any workspace. */
function npmInstall(prefix, spec, env) {
  mkdirSync(prefix, { recursive: true });
  const manifest = join(prefix, "package.json");
  if (!existsSync(manifest)) writeFileSync(manifest, `${JSON.stringify({ name: "ask-user-kit-cache", private: true }, null, 2)}\n`);
  const startedAt = Date.now();
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--save-exact", spec], { cwd: prefix, env, stdio: "inherit" });
  if (result.error) throw new Error(`could not run npm for ${spec}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`npm install ${spec} failed with exit code ${result.status} (in ${prefix})`);
  console.log(`[openclaw:install] ${spec} installed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

export function installOpenClaw() {
  console.log(`[openclaw:install] cache folder: ${cacheDir}`);
  const nodeDir = join(nodePrefix, "node_modules", "node");
  if (installedVersion(nodeDir) === NODE_VERSION && existsSync(nodeBin)) {
    console.log(`[openclaw:install] node@${NODE_VERSION} already installed: ${nodeBin}`);
  } else {
    console.log(`[openclaw:install] installing node@${NODE_VERSION} (OpenClaw needs Node >= 24.16) into ${nodePrefix}`);
    npmInstall(nodePrefix, `node@${NODE_VERSION}`, process.env);
  }
  const probe = spawnSync(nodeBin, ["--version"], { encoding: "utf8" });
  if (probe.stdout?.trim() !== `v${NODE_VERSION}`) {
    throw new Error(
      `${nodeBin} reports ${JSON.stringify(probe.stdout?.trim() ?? probe.error?.message)}, expected v${NODE_VERSION}; delete ${nodePrefix} and rerun`,
    );
  }

  if (installedVersion(openclawDir) === OPENCLAW_VERSION) {
    console.log(`[openclaw:install] openclaw@${OPENCLAW_VERSION} already installed: ${openclawDir}`);
  } else {
    console.log(`[openclaw:install] installing openclaw@${OPENCLAW_VERSION} into ${openclawPrefix} (about 65 s, 650 MB)`);
    // Node 24 first on PATH: OpenClaw's install scripts run under whatever `node` PATH finds.
    const env = { ...process.env, PATH: `${nodeBinDir}:${process.env.PATH ?? ""}`, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
    npmInstall(openclawPrefix, `openclaw@${OPENCLAW_VERSION}`, env);
    if (installedVersion(openclawDir) !== OPENCLAW_VERSION)
      throw new Error(`openclaw@${OPENCLAW_VERSION} is not in ${openclawDir} after npm install`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    installOpenClaw();
  } catch (error) {
    console.error(`[openclaw:install] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
