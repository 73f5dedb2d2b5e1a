/**
 * What a host without React (OpenClaw's Control UI is Lit) pays for the custom elements, gzip -9:
 *  - "React inside": dist/element.js bundled with everything it imports, react-dom included — what
 *    such a host paid before `ask-user-kit/element/standalone`;
 *  - "preact/compat": the same entry bundled with react and react-dom aliased to Preact's compat
 *    layer (vite.element-standalone.config.ts's aliases) — what the standalone build carries;
 *  - the README's Lit example: dist/element-standalone.js with the client and the store it also
 *    imports (the standalone file carries its own copy of the store code), and the same host built
 *    from `ask-user-kit/element` with its bundler aliasing react to preact/compat (one copy).
 * Every bundle is minified the same way (identifiers and whitespace), as a host's bundler would.
 * Run `npm run build` first; `npx tsx bench/element-size.ts`.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { preactCompatAliases } from "../vite.element-standalone.config.js";
import { SIZE_BUDGETS_KB } from "./size-budgets.js";

const dist = new URL("../dist/", import.meta.url).pathname;

const gzip = (code: string) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** `entry` and everything it imports in one minified file, built for production. */
async function bundleAll(entry: string, alias: typeof preactCompatAliases = []): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), "ask-user-kit-element-size-"));
  try {
    await build({
      configFile: false,
      logLevel: "silent",
      resolve: { alias },
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      build: {
        outDir,
        minify: true,
        lib: { entry, formats: ["es"], fileName: "bundle" },
        rolldownOptions: { output: { minify: true } },
      },
    });
    return readdirSync(outDir)
      .filter((f) => f.endsWith(".js"))
      .map((f) => readFileSync(join(outDir, f), "utf8"))
      .join("");
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** The README's Lit host: the elements (`element` is the built file), the gateway client and a store. */
async function litHostBundle(element: string, alias: typeof preactCompatAliases = []): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), "ask-user-kit-lit-host-"));
  try {
    const entry = join(folder, "host.js");
    writeFileSync(
      entry,
      [
        `export { defineAskUserElements } from ${JSON.stringify(join(dist, element))};`,
        `export { createGatewayClient } from ${JSON.stringify(join(dist, "client.js"))};`,
        `export { createAskUserStore } from ${JSON.stringify(join(dist, "store.js"))};`,
      ].join("\n"),
    );
    return await bundleAll(entry, alias);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** dist/element-standalone.js as shipped (its source-map comment included), gzip -9 bytes: what the budget holds. */
export function shippedStandaloneSize(): number {
  return gzip(readFileSync(join(dist, "element-standalone.js"), "utf8"));
}

export async function measureElementSize(): Promise<void> {
  const entry = join(dist, "element.js");
  const withReact = gzip(await bundleAll(entry));
  const withPreact = gzip(await bundleAll(entry, preactCompatAliases));
  const shipped = readFileSync(join(dist, "element-standalone.js"), "utf8");
  if (/\bfrom\s*["']react/.test(shipped))
    throw new Error("dist/element-standalone.js imports react: it must carry its renderer (vite.element-standalone.config.ts).");
  const litHost = gzip(await litHostBundle("element-standalone.js"));
  const litHostAliased = gzip(await litHostBundle("element.js", preactCompatAliases));
  console.log("custom element for a host without React (gzip -9, minified, everything bundled)");
  console.log(`  React + react-dom inside   ${kb(withReact).padStart(9)}`);
  console.log(`  preact/compat inside       ${kb(withPreact).padStart(9)}   ${(withPreact / withReact).toFixed(2)}× the React build`);
  console.log(`  README Lit host, element/standalone + client + store        ${kb(litHost).padStart(9)}`);
  console.log(
    `  the same with ask-user-kit/element, react aliased by the host ${kb(litHostAliased).padStart(9)}   (shares the store and contract code)`,
  );
  const standalone = shippedStandaloneSize();
  const verdict = (limit: number) => (standalone <= limit * 1024 ? "meets" : "MISSES");
  console.log(
    `  dist/element-standalone.js as shipped ${kb(standalone).padStart(9)}   ${verdict(SIZE_BUDGETS_KB.standalone)} budget (${SIZE_BUDGETS_KB.standalone} KB, bench/size-budgets.ts)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await measureElementSize();
