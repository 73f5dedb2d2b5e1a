/**
 * What OpenClaw's Control UI page pays for the kit, gzip -9: the two files the served copy loads
 * (vite.control-ui.config.ts: the adapter with the kit's client, store, contract and elements on
 * preact/compat, Radix, zustand and its own Lit; and the stylesheet), next to the Control UI's own
 * first load (entry script, the chunks it imports statically, stylesheet), for scale.
 * The script's bytes are charged to where they came from (its source map), each share gzipped on
 * its own, so the rows add up to a little more than the file.
 * Run `npx tsx bench/control-ui-size.ts` (also part of `npm run bench`); the OpenClaw comparison
 * rows need the pinned OpenClaw in the cache (`node scripts/openclaw/install.mjs`).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { openclawDir } from "../scripts/openclaw/paths.mjs";
import { splitBySource } from "./split-by-source.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Where a source file's bytes are counted. */
const ORIGINS: [string, RegExp][] = [
  ["the adapter (control-ui/adapter)", /\/control-ui\/adapter\//],
  ["kit: src/client", /\/src\/client\//],
  ["kit: src/store", /\/src\/store\//],
  ["kit: src/contract + src/messages", /\/src\/(contract|messages)\//],
  ["kit: src/bridge + src/react + src/element", /\/src\/(bridge|react|element)\//],
  ["kit: src/components", /\/src\/components\//],
  ["preact (compat)", /\/node_modules\/preact\//],
  ["@radix-ui/*", /\/node_modules\/@radix-ui\//],
  ["lit", /\/node_modules\/(lit|lit-html|lit-element|@lit)\//],
  ["zustand", /\/node_modules\/zustand\//],
];

function originOf(source: string): string {
  return ORIGINS.find(([, pattern]) => pattern.test(source))?.[0] ?? "other";
}

/**
 * The Control UI's own first load: its index.html entry script with every chunk it imports
 * statically (recursively; the routes' lazy chunks left out), and its stylesheet.
 */
function controlUiEntry(): { script: number; styles: number; chunks: number } | undefined {
  const folder = join(openclawDir, "dist", "control-ui");
  if (!existsSync(join(folder, "index.html"))) return undefined;
  const html = readFileSync(join(folder, "index.html"), "utf8");
  const entry = /<script[^>]*type="module"[^>]*src="\.\/(assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  const stylesheet = /<link[^>]*rel="stylesheet"[^>]*href="\.\/(assets\/[^"]+\.css)"/.exec(html)?.[1];
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !existsSync(join(folder, path))) return;
    seen.add(path);
    const code = readFileSync(join(folder, path), "utf8");
    // Static imports only: `import … from "./x.js"` and `import "./x.js"`, not `import("./x.js")`.
    for (const match of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g)) visit(join("assets", match[1]!));
  };
  if (entry) visit(entry);
  const script = [...seen].reduce((sum, path) => sum + gzip(readFileSync(join(folder, path))), 0);
  return { script, styles: stylesheet ? gzip(readFileSync(join(folder, stylesheet))) : 0, chunks: seen.size };
}

export async function measureControlUiSize(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), "ask-user-kit-control-ui-size-"));
  try {
    await build({ configFile: join(root, "vite.control-ui.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
    const files = readdirSync(outDir);
    const script = files.find((name) => name.endsWith(".js"))!;
    const styles = files.find((name) => name.endsWith(".css"))!;
    const code = readFileSync(join(outDir, script), "utf8");
    const css = readFileSync(join(outDir, styles), "utf8");
    const map = JSON.parse(readFileSync(join(outDir, `${script}.map`), "utf8")) as { sources: string[]; mappings: string };
    const total = gzip(code) + gzip(css);
    console.log(
      `the Control UI page loads for the kit: ${kb(total)} gzip (${relative(root, join("build/control-ui", script))} ${kb(gzip(code))}, ${styles} ${kb(gzip(css))}; ${kb(code.length + css.length)} minified)`,
    );
    console.log("  the script by origin (each share gzipped alone):");
    const shares = [...splitBySource(code, map, (source) => originOf(resolve(outDir, source)))]
      .map(([origin, text]) => [origin, gzip(text)] as const)
      .sort((a, b) => b[1] - a[1]);
    for (const [origin, bytes] of shares) console.log(`    ${origin.padEnd(44)} ${kb(bytes).padStart(9)}`);
    const own = controlUiEntry();
    if (own)
      console.log(
        `  for scale, the Control UI's own first load: ${kb(own.script)} of script (entry + ${own.chunks - 1} chunks it imports statically) and a ${kb(own.styles)} stylesheet, gzip; the kit adds ${((total / (own.script + own.styles)) * 100).toFixed(0)}% to it`,
      );
    else console.log("  (the Control UI's own entry is not compared: OpenClaw is not in the cache; node scripts/openclaw/install.mjs)");
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureControlUiSize();
