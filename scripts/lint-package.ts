/**
 * `npm run lint:package`: packs the built tree exactly as `npm publish` would and lints that
 * tarball (not the working tree, which holds files the tarball leaves out) with publint --strict
 * and @arethetypeswrong/cli. Exits non-zero on any finding. Needs `npm run build` first.
 *
 * attw runs with two deliberate exceptions:
 * - `cjs-resolves-to-esm` is ignored: the package is ESM only, and Node >= 20.19 (our `engines`)
 *   loads it from `require()` through the `default` condition. attw's bundled TypeScript (5.6)
 *   predates `require(esm)` and still calls that "dynamic import only".
 * - `./styles.css` is left out: a stylesheet has no types to resolve.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { publint } from "publint";
import { formatMessage } from "publint/utils";

const root = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);

export const ATTW_ARGS = ["--exclude-entrypoints", "./styles.css", "--ignore-rules", "cjs-resolves-to-esm"];

function run(command: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** `npm pack` of the repo into `destination`; returns the tarball's path and the files it holds. */
export async function packTarball(destination: string): Promise<{ tarball: string; files: string[] }> {
  const packed = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", destination], root);
  if (packed.code !== 0) throw new Error(`npm pack failed:\n${packed.stdout}\n${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  if (!info) throw new Error(`npm pack printed no package: ${packed.stdout}`);
  return { tarball: join(destination, info.filename), files: info.files.map((file) => file.path) };
}

export interface PackageLint {
  /** publint's messages (strict: warnings count as errors), one readable line each. */
  publint: string[];
  /** attw's verdict and its printed report. */
  attw: { ok: boolean; report: string };
}

export async function lintTarball(tarball: string): Promise<PackageLint> {
  const data = readFileSync(tarball);
  const { messages, pkg } = await publint({
    pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
    strict: true,
  });
  const publintLines = messages.map((message) => `${message.type}: ${formatMessage(message, pkg, { color: false }) ?? message.code}`);

  const attwBin = join(require.resolve("@arethetypeswrong/cli/package.json"), "../dist/index.js");
  const attw = await run(process.execPath, [attwBin, tarball, ...ATTW_ARGS, "--format", "ascii", "--no-color"], root);
  return { publint: publintLines, attw: { ok: attw.code === 0, report: `${attw.stdout}${attw.stderr}`.trim() } };
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), "ask-user-kit-lint-"));
  try {
    const { tarball } = await packTarball(folder);
    const result = await lintTarball(tarball);
    console.log(result.publint.length === 0 ? "publint --strict: no findings" : `publint --strict:\n${result.publint.join("\n")}`);
    console.log(`attw ${ATTW_ARGS.join(" ")}:\n${result.attw.report}`);
    if (result.publint.length > 0 || !result.attw.ok) process.exitCode = 1;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
