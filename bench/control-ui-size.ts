/**
 * What OpenClaw's Control UI page pays for the kit, gzip -9 (vite.control-ui.config.ts):
 *   - at startup: the adapter's startup file and what its script tag adds to index.html (the
 *     budget is 1 KB; the Control UI's own CI allows about 512 bytes of startup growth);
 *   - when the first question or chip needs it: the chunk with the kit's store, bridge, contract and
 *     elements on preact/compat, Radix, zustand, its own Lit, the adapter and the styles,
 * next to the Control UI's own first load (entry script, the chunks it imports statically,
 * stylesheet), for scale. The chunk's bytes are charged to where they came from (its source map),
 * each share gzipped on its own, so the rows add up to a little more than the file.
 * Run `npx tsx bench/control-ui-size.ts` (also part of `npm run bench`); the OpenClaw comparison
 * rows need the pinned OpenClaw in the cache (`node scripts/openclaw/install.mjs`).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { withKitTags } from "../scripts/openclaw/control-ui-root.mjs";
import { openclawDir } from "../scripts/openclaw/paths.mjs";
import { splitBySource } from "./split-by-source.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const gzip = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Where a source file's bytes are counted. */
const ORIGINS: [string, RegExp][] = [
  ["the adapter (control-ui/adapter)", /\/control-ui\/adapter\//],
  ["the kit's styles (src/theme + the adapter's tokens)", /ask-user-control-ui-styles/],
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

/** What the kit's script tag adds to the packaged Control UI's index.html, gzip. */
function tagBytes(): number | undefined {
  const page = join(openclawDir, "dist", "control-ui", "index.html");
  if (!existsSync(page)) return undefined;
  const html = readFileSync(page, "utf8");
  return gzip(withKitTags(html)) - gzip(html);
}

/** The startup file and the lazily loaded chunk, gzip, built as test:openclaw builds them. */
export async function controlUiKitSize(): Promise<{
  startup: number;
  startupFile: number;
  tag: number | undefined;
  chunk: number;
  chunkCode: string;
  chunkMap: { sources: string[]; mappings: string };
  outDir: string;
}> {
  const outDir = mkdtempSync(join(tmpdir(), "ask-user-kit-control-ui-size-"));
  await build({ configFile: join(root, "vite.control-ui.config.ts"), logLevel: "warn", build: { outDir, emptyOutDir: true } });
  const files = readdirSync(outDir);
  const chunkName = files.find((name) => /^kit-.*\.js$/.test(name));
  if (!files.includes("start.js") || !chunkName) throw new Error(`the adapter build has no start.js and kit-*.js (found ${files.join(", ")})`);
  const startupFile = gzip(readFileSync(join(outDir, "start.js")));
  const chunkCode = readFileSync(join(outDir, chunkName), "utf8");
  const tag = tagBytes();
  return {
    startup: startupFile + (tag ?? 0),
    startupFile,
    tag,
    chunk: gzip(chunkCode),
    chunkCode,
    chunkMap: JSON.parse(readFileSync(join(outDir, `${chunkName}.map`), "utf8")) as { sources: string[]; mappings: string },
    outDir,
  };
}

export async function measureControlUiSize(): Promise<void> {
  const size = await controlUiKitSize();
  try {
    const tag = size.tag === undefined ? "its tag not measured: OpenClaw is not in the cache" : `its tag in index.html ${size.tag} B`;
    console.log(`the Control UI page's startup pays for the kit: ${size.startup} B gzip (start.js ${size.startupFile} B, ${tag}; budget 1024 B)`);
    console.log(
      `the first question or chip loads: ${kb(size.chunk)} gzip (kit-*.js, ${kb(size.chunkCode.length)} minified), by origin (each share gzipped alone):`,
    );
    const shares = [...splitBySource(size.chunkCode, size.chunkMap, (source) => originOf(resolve(size.outDir, source)))]
      .map(([origin, text]) => [origin, gzip(text)] as const)
      .sort((a, b) => b[1] - a[1]);
    for (const [origin, bytes] of shares) console.log(`    ${origin.padEnd(52)} ${kb(bytes).padStart(9)}`);
    const own = controlUiEntry();
    if (own)
      console.log(
        `  for scale, the Control UI's own first load: ${kb(own.script)} of script (entry + ${own.chunks - 1} chunks it imports statically) and a ${kb(own.styles)} stylesheet, gzip; the kit's startup adds ${((size.startup / (own.script + own.styles)) * 100).toFixed(2)}% to it`,
      );
    else console.log("  (the Control UI's own entry is not compared: OpenClaw is not in the cache; node scripts/openclaw/install.mjs)");
  } finally {
    rmSync(size.outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureControlUiSize();
