/**
 * Bundle cost, gzip -9 of a minified, tree-shaken bundle (Vite's production build, React external).
 *
 *  - "own": our code only, zustand and Radix left as imports; "with deps": zustand and the two Radix
 *    packages bundled in (React stays external: every host has it).
 *  - The whole React entry (`export *` of dist/index.js: every export kept) is the ceiling.
 *  - A typical host is a consumer-shaped entry bundled the way a host's bundler would: it imports
 *    `AskUserProvider, AskUserDock, AskUserTranscript` from dist/index.js, and the bundler drops
 *    what those do not reach. This is what the goal refers to — "the React entry's own code ≤ 12 KB
 *    gzip, ≤ 25 KB with its dependencies, without dropping a feature": a host pays for what it
 *    renders, and the features only some hosts use (plain-text parsing, the Vietnamese catalogue,
 *    the cards, the gateway client) must cost it nothing. The feature check lists which of them
 *    the typical host's bundle still carries. Two are carried on purpose: the credential detector is
 *    on by default (the panel holds a credential-looking answer), and the provider's `client` prop
 *    takes a gateway client, which it wraps in a question client (the connection itself is the
 *    host's import from `ask-user-kit/client`, not the React entry's).
 *  - Per layer: the same bundles built from src/ with a source map, each minified byte charged to
 *    the layer (src/<dir>) it came from, and each layer's share gzipped on its own (so the rows add
 *    up to a little more than the bundle). The element row is its share of the element entry.
 *
 * Run `npm run build` first; `npx tsx bench/bundle-size.ts` (also part of `npm run bench`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { decode } from "@jridgewell/sourcemap-codec";
import { build, type Rolldown } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
const GOAL_OWN_KB = 12;
const GOAL_TOTAL_KB = 25;

const gzip = (code: string) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const reactOnly = (id: string) => /^(react|react-dom)(\/|$)/.test(id);
const ownOnly = (id: string) => reactOnly(id) || /^(zustand|@radix-ui\/)/.test(id);

/** The typical host: the ready-made dock and the transcript under one provider. */
const TYPICAL_HOST = ["AskUserProvider", "AskUserDock", "AskUserTranscript"];

/** Features only some hosts use, by the source files that carry them. */
const OPTIONAL_FEATURES: [name: string, files: RegExp][] = [
  ["plain-text answer parsing", /src\/contract\/plain-text\.ts$/],
  ["Vietnamese catalogue", /src\/messages\/vi\.ts$/],
  ["cards (AskUserCards)", /src\/components\/cards\//],
  ["gateway client (connection, handshake)", /src\/client\/(connection|handshake|device-identity|request-table)\.ts$/],
  ["question client (provider's client prop)", /src\/client\/questions\.ts$/],
  ["credential detector (on by default)", /src\/contract\/credential-guard\.ts$/],
];

const LAYERS = ["contract", "client", "store", "bridge", "react", "messages", "components", "element"] as const;
type Layer = (typeof LAYERS)[number];

interface Bundled {
  code: string;
  /** Minified text per source file (absolute path), when built with a source map. */
  perSource: Map<string, string>;
}

/** One minified bundle of `entry` (a file path); `external` decides which imports stay imports. */
async function bundle(entry: string, external: (id: string) => boolean, sourcemap = false): Promise<Bundled> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
    root,
    build: {
      write: false,
      minify: true,
      sourcemap,
      lib: { entry, formats: ["es"], fileName: "bundle" },
      rolldownOptions: { external },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((out) => out.output).filter((item): item is Rolldown.OutputChunk => item.type === "chunk");
  const perSource = new Map<string, string>();
  for (const chunk of chunks) if (chunk.map) chargeToSources(chunk, perSource);
  return { code: chunks.map((chunk) => chunk.code).join("\n"), perSource };
}

/** Splits a chunk's minified text by the source each mapped segment came from. */
function chargeToSources(chunk: Rolldown.OutputChunk, perSource: Map<string, string>): void {
  const map = chunk.map!;
  const lines = chunk.code.split("\n");
  decode(map.mappings).forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? "";
    segments.forEach((segment, index) => {
      if (segment.length < 2) return;
      const end = index + 1 < segments.length ? segments[index + 1]![0] : line.length;
      const source = join(root, "dist", map.sources[segment[1]!]!);
      perSource.set(source, (perSource.get(source) ?? "") + line.slice(segment[0], end));
    });
  });
}

/** A consumer module importing `names` from `from`, written to a temp dir; removed by the caller. */
function consumerEntry(dir: string, from: string, names: readonly string[] | "*"): string {
  const file = join(dir, "host.js");
  writeFileSync(file, names === "*" ? `export * from ${JSON.stringify(from)};\n` : `export { ${names.join(", ")} } from ${JSON.stringify(from)};\n`);
  return file;
}

function layerOf(source: string): Layer | undefined {
  const match = /\/src\/([^/]+)\//.exec(source);
  return LAYERS.find((layer) => layer === match?.[1]);
}

function byLayer(perSource: Map<string, string>): Map<Layer, string> {
  const layers = new Map<Layer, string>();
  for (const [source, text] of perSource) {
    const layer = layerOf(source);
    if (layer) layers.set(layer, (layers.get(layer) ?? "") + text);
  }
  return layers;
}

export async function measureBundleSize(): Promise<void> {
  const temp = mkdtempSync(join(tmpdir(), "ask-user-kit-size-"));
  try {
    const index = join(dist, "index.js");
    const whole = consumerEntry(temp, index, "*");
    const wholeOwn = gzip((await bundle(whole, ownOnly)).code);
    const wholeTotal = gzip((await bundle(whole, reactOnly)).code);
    const hostDir = mkdtempSync(join(temp, "host-"));
    const host = consumerEntry(hostDir, index, TYPICAL_HOST);
    const hostOwn = gzip((await bundle(host, ownOnly)).code);
    const hostTotal = gzip((await bundle(host, reactOnly)).code);

    const verdict = (own: number, total: number) =>
      `${own <= GOAL_OWN_KB * 1024 && total <= GOAL_TOTAL_KB * 1024 ? "meets" : "MISSES"} (goal own ≤ ${GOAL_OWN_KB} KB, with deps ≤ ${GOAL_TOTAL_KB} KB)`;
    console.log("bundle size, gzip -9 of a minified tree-shaken bundle, React external");
    console.log(`  ${"".padEnd(44)} ${"own".padStart(9)}   ${"with zustand + Radix".padStart(20)}`);
    console.log(`  ${"typical host: " + TYPICAL_HOST.join(", ")}`);
    console.log(`  ${"  (what the goal measures)".padEnd(44)} ${kb(hostOwn).padStart(9)}   ${kb(hostTotal).padStart(20)}   ${verdict(hostOwn, hostTotal)}`);
    console.log(`  ${"whole React entry (every export kept)".padEnd(44)} ${kb(wholeOwn).padStart(9)}   ${kb(wholeTotal).padStart(20)}`);
    for (const entry of ["parts", "contract", "client", "store", "bridge", "element"]) {
      const file = join(dist, `${entry}.js`);
      const own = gzip((await bundle(file, ownOnly)).code);
      const total = gzip((await bundle(file, reactOnly)).code);
      console.log(`  ${`ask-user-kit/${entry}`.padEnd(44)} ${kb(own).padStart(9)}   ${kb(total).padStart(20)}`);
    }

    // Per layer, from the sources (dist/ is one build of them; its maps point back at src/).
    const srcHost = consumerEntry(mkdtempSync(join(temp, "src-host-")), join(root, "src/index.ts"), TYPICAL_HOST);
    const srcWhole = consumerEntry(mkdtempSync(join(temp, "src-whole-")), join(root, "src/index.ts"), "*");
    const hostSources = (await bundle(srcHost, ownOnly, true)).perSource;
    const wholeLayers = byLayer((await bundle(srcWhole, ownOnly, true)).perSource);
    const hostLayers = byLayer(hostSources);
    const elementLayers = byLayer((await bundle(join(root, "src/element/index.ts"), ownOnly, true)).perSource);
    console.log("\n  per layer, own code: gzip of each layer's share of the minified bundle");
    console.log(`  ${"layer".padEnd(12)} ${"typical host".padStart(12)} ${"whole entry".padStart(12)}`);
    for (const layer of LAYERS) {
      const share = (layers: Map<Layer, string>) => (layers.has(layer) ? kb(gzip(layers.get(layer)!)) : "—");
      const [hostShare, wholeShare] = layer === "element" ? ["—", share(elementLayers) + " (element entry)"] : [share(hostLayers), share(wholeLayers)];
      console.log(`  ${layer.padEnd(12)} ${hostShare.padStart(12)} ${wholeShare.padStart(12)}`);
    }
    console.log(`  ${"theme CSS".padEnd(12)} ${"".padStart(12)} ${kb(gzip(readFileSync(join(dist, "styles.css"), "utf8"))).padStart(12)} (ask-user-kit/styles.css)`);

    console.log("\n  optional features in the typical host's bundle (minified bytes)");
    for (const [name, files] of OPTIONAL_FEATURES) {
      let bytes = 0;
      for (const [source, text] of hostSources) if (files.test(source)) bytes += text.length;
      console.log(`  ${name.padEnd(42)} ${bytes === 0 ? "absent" : `present, ${bytes} B`}`);
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureBundleSize();
