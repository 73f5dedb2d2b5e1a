/**
 * Bundle cost, gzip -9 of a minified, tree-shaken bundle (Vite's production build, React external).
 *
 *  - Every bundle is built the way a host's app build makes it: Vite's production build of a
 *    consumer module (rolldownOptions.input, not library mode), which minifies whitespace and drops
 *    comments. Library mode (which earlier figures used) keeps both for ES output, and no host ships
 *    that. The typical host's row is given both ways, so figures stay comparable with earlier runs.
 *
 *  - "own": our code only, zustand and Radix left as imports; "with deps": zustand and the two Radix
 *    packages bundled in (React stays external: every host has it).
 *  - The whole React entry (`export *` of dist/index.js: every export kept) is the ceiling.
 *  - A typical host is a consumer-shaped entry bundled the way a host's bundler would: it imports
 *    `AskUserProvider, AskUserDock, AskUserTranscript` from dist/index.js, and the bundler drops
 *    what those do not reach. This is what the budgets refer to (bench/size-budgets.ts,
 *    held by test/package/size-budgets.test.ts; issue 25: own ≤ 24 KB, ≤ 33 KB with zustand +
 *    Radix, without dropping a feature): a host pays for what it renders, and the features only some hosts use (plain-text parsing, the Vietnamese catalogue,
 *    the cards, the gateway client) must cost it nothing. The feature check lists which of them
 *    the typical host's bundle still carries. The bridge's question calls run over the transport
 *    the host passes (the kit's gateway client or its own), so a host with its own transport
 *    carries no gateway client. The credential detector and summary persistence are opt-in (a
 *    host passes `detectCredential` or `localSummaries()` to the store), so the typical host has none.
 *  - Per layer: the same bundles built from src/ with a source map, each minified byte charged to
 *    the layer (src/<dir>) it came from, and each layer's share gzipped on its own (so the rows add
 *    up to a little more than the bundle). The element row is its share of the element entry.
 *  - Per module: the typical host's 20 largest source files by minified bytes, with the gzip of each
 *    file's share on its own (gzip finds less to share in one file, so these add up to more).
 *
 * Run `npm run build` first; `npx tsx bench/bundle-size.ts` (also part of `npm run bench`).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Rolldown } from "vite";
import { SIZE_BUDGETS_KB } from "./size-budgets.js";
import { splitBySource } from "./split-by-source.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "dist");
/** How many of the typical host's modules the per-module table lists (largest first). */
const TOP_MODULES = 20;

const gzip = (code: string) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const reactOnly = (id: string) => /^(react|react-dom)(\/|$)/.test(id);
const ownOnly = (id: string) => reactOnly(id) || /^(zustand|@radix-ui\/)/.test(id);

/** The typical host: the ready-made dock and the transcript under one provider. */
const TYPICAL_HOST = ["AskUserProvider", "AskUserDock", "AskUserTranscript"];

/**
 * Features only some hosts use, by the modules that carry them: paths under src/ or dist/ (the build
 * keeps one file per source module), without the extension.
 */
const OPTIONAL_FEATURES: [name: string, files: RegExp][] = [
  ["plain-text answer parsing", /\/contract\/plain-text$/],
  ["Vietnamese catalogue", /\/messages\/vi$/],
  ["cards (AskUserCards)", /\/components\/cards\//],
  ["gateway client (any module of src/client)", /\/client\//],
  ["summary persistence (opt-in)", /\/store\/summary-(persistence|v1|codec|index)$/],
  ["credential detector (opt-in)", /\/contract\/credential-guard$/],
];

const LAYERS = ["contract", "client", "store", "bridge", "react", "messages", "components", "element"] as const;
type Layer = (typeof LAYERS)[number];

interface Bundled {
  code: string;
  /** Minified text per source file (absolute path), when built with a source map. */
  perSource: Map<string, string>;
  /** The modules (absolute paths) the bundle kept code of. */
  kept: string[];
}

interface BundleOptions {
  sourcemap?: boolean;
  /** Vite's library mode, whose ES output keeps whitespace and comments (the earlier measure). */
  libraryMode?: boolean;
}

/** One minified bundle of `entry` (a file path); `external` decides which imports stay imports. */
async function bundle(
  entry: string,
  external: (id: string) => boolean,
  { sourcemap = false, libraryMode = false }: BundleOptions = {},
): Promise<Bundled> {
  const result = await build({
    configFile: false,
    logLevel: "silent",
    root,
    // A host's production build, whoever runs this: under Vitest (NODE_ENV=test) Vite would resolve
    // the packages' "development" export condition.
    resolve: { conditions: ["module", "browser", "production"] },
    build: {
      write: false,
      minify: true,
      sourcemap,
      ...(libraryMode
        ? { lib: { entry, formats: ["es"], fileName: "bundle" }, rolldownOptions: { external } }
        : // The entry's exports stand for the host's uses of them: kept, and nothing else.
          { rolldownOptions: { input: entry, external, preserveEntrySignatures: "strict" } }),
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((out) => out.output).filter((item): item is Rolldown.OutputChunk => item.type === "chunk");
  const perSource = new Map<string, string>();
  for (const chunk of chunks) {
    if (chunk.map) splitBySource(chunk.code, chunk.map, (source) => join(root, "dist", dirname(chunk.fileName), source), perSource);
  }
  const kept = chunks.flatMap((chunk) =>
    Object.entries(chunk.modules)
      .filter(([, module]) => module.renderedLength > 0)
      .map(([id]) => id),
  );
  return { code: chunks.map((chunk) => chunk.code).join("\n"), perSource, kept };
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

/**
 * The typical host's bytes, gzip -9 (what the budgets hold): `own` with zustand and Radix left as
 * imports, `withDeps` with them bundled in; React is external in both.
 */
export async function typicalHostSize(): Promise<{ own: number; withDeps: number }> {
  const temp = mkdtempSync(join(tmpdir(), "ask-user-kit-size-"));
  try {
    const host = consumerEntry(temp, join(dist, "index.js"), TYPICAL_HOST);
    return { own: gzip((await bundle(host, ownOnly)).code), withDeps: gzip((await bundle(host, reactOnly)).code) };
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
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
    const hostOwnBundle = await bundle(host, ownOnly);
    const hostOwn = gzip(hostOwnBundle.code);
    const hostTotal = gzip((await bundle(host, reactOnly)).code);
    const hostOwnLibrary = gzip((await bundle(host, ownOnly, { libraryMode: true })).code);
    const hostTotalLibrary = gzip((await bundle(host, reactOnly, { libraryMode: true })).code);
    // The same host bundled from src/: what dist/'s layout (chunks, helpers) costs on top of it.
    const srcHost = consumerEntry(mkdtempSync(join(temp, "src-host-")), join(root, "src/index.ts"), TYPICAL_HOST);
    const srcHostBundle = await bundle(srcHost, ownOnly, { sourcemap: true });
    const hostSources = srcHostBundle.perSource;
    const hostOwnFromSrc = gzip(srcHostBundle.code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, ""));

    const against = (limits: { hostOwn: number; hostWithDeps: number }) =>
      hostOwn <= limits.hostOwn * 1024 && hostTotal <= limits.hostWithDeps * 1024 ? "meets" : "MISSES";
    const verdict = () =>
      `${against(SIZE_BUDGETS_KB)} budget (${SIZE_BUDGETS_KB.hostOwn} / ${SIZE_BUDGETS_KB.hostWithDeps} KB, bench/size-budgets.ts)`;
    console.log("bundle size, gzip -9 of a minified tree-shaken bundle, React external");
    console.log(`  ${"".padEnd(44)} ${"own".padStart(9)}   ${"with zustand + Radix".padStart(20)}`);
    console.log(`  ${"typical host: " + TYPICAL_HOST.join(", ")}`);
    console.log(`  ${"  (what the budget measures)".padEnd(44)} ${kb(hostOwn).padStart(9)}   ${kb(hostTotal).padStart(20)}   ${verdict()}`);
    console.log(
      `  ${"  library mode, whitespace kept (earlier runs)".padEnd(44)} ${kb(hostOwnLibrary).padStart(9)}   ${kb(hostTotalLibrary).padStart(20)}`,
    );
    console.log(`  ${"  from src/ (no dist/ layout in the way)".padEnd(44)} ${kb(hostOwnFromSrc).padStart(9)}`);
    console.log(`  ${"whole React entry (every export kept)".padEnd(44)} ${kb(wholeOwn).padStart(9)}   ${kb(wholeTotal).padStart(20)}`);
    for (const entry of ["parts", "contract", "client", "store", "bridge", "element"]) {
      const file = join(dist, `${entry}.js`);
      const own = gzip((await bundle(file, ownOnly)).code);
      const total = gzip((await bundle(file, reactOnly)).code);
      console.log(`  ${`ask-user-kit/${entry}`.padEnd(44)} ${kb(own).padStart(9)}   ${kb(total).padStart(20)}`);
    }

    // Per layer, from the sources (dist/ is one build of them; its maps point back at src/).
    const srcWhole = consumerEntry(mkdtempSync(join(temp, "src-whole-")), join(root, "src/index.ts"), "*");
    const wholeLayers = byLayer((await bundle(srcWhole, ownOnly, { sourcemap: true })).perSource);
    const hostLayers = byLayer(hostSources);
    const elementLayers = byLayer((await bundle(join(root, "src/element/index.ts"), ownOnly, { sourcemap: true })).perSource);
    console.log("\n  per layer, own code: gzip of each layer's share of the minified bundle");
    console.log(`  ${"layer".padEnd(12)} ${"typical host".padStart(12)} ${"whole entry".padStart(12)}`);
    for (const layer of LAYERS) {
      const share = (layers: Map<Layer, string>) => (layers.has(layer) ? kb(gzip(layers.get(layer)!)) : "—");
      const [hostShare, wholeShare] =
        layer === "element" ? ["—", share(elementLayers) + " (element entry)"] : [share(hostLayers), share(wholeLayers)];
      console.log(`  ${layer.padEnd(12)} ${hostShare.padStart(12)} ${wholeShare.padStart(12)}`);
    }
    console.log(
      `  ${"theme CSS".padEnd(12)} ${"".padStart(12)} ${kb(gzip(readFileSync(join(dist, "styles.css"), "utf8"))).padStart(12)} (ask-user-kit/styles.css)`,
    );

    console.log(`\n  top ${TOP_MODULES} modules of the typical host, own code: minified bytes, gzip of each module's share alone`);
    const modules = [...hostSources].map(([source, text]) => ({
      name: relative(root, source),
      minified: text.length,
      gzipped: gzip(text),
    }));
    modules.sort((a, b) => b.minified - a.minified);
    const rest = modules.slice(TOP_MODULES);
    for (const { name, minified, gzipped } of modules.slice(0, TOP_MODULES)) {
      console.log(`  ${name.padEnd(52)} ${`${minified} B`.padStart(9)} ${kb(gzipped).padStart(10)}`);
    }
    const restBytes = rest.reduce((sum, module) => sum + module.minified, 0);
    console.log(`  ${`${rest.length} more modules`.padEnd(52)} ${`${restBytes} B`.padStart(9)}`);

    // From sources and from dist/: a build that merges modules into chunks can pin what the
    // sources let a bundler drop (a component's `displayName =` keeps its whole chunk).
    console.log("\n  optional features in the typical host's bundle (minified bytes from src/; what the dist/ bundle kept)");
    const withoutExtension = (path: string) => path.replace(/\.[jt]sx?$/, "");
    const keptFromDist = hostOwnBundle.kept.map(withoutExtension);
    const chunked = keptFromDist.some((id) => id.includes("/dist/chunks/"));
    for (const [name, files] of OPTIONAL_FEATURES) {
      let bytes = 0;
      for (const [source, text] of hostSources) if (files.test(withoutExtension(source))) bytes += text.length;
      const inDist = keptFromDist.some((id) => files.test(id)) ? "kept from dist/" : chunked ? "dist/ is chunked: unknown" : "not in dist/ bundle";
      console.log(`  ${name.padEnd(42)} ${(bytes === 0 ? "absent" : `present, ${bytes} B`).padEnd(18)} ${inDist}`);
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await measureBundleSize();
