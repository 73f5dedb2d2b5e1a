/**
 * Bundle cost of each public entry, gzip-compressed.
 *  - "own": the entry as published in dist/, minified, dependencies left as imports — what this
 *    package adds;
 *  - "with deps": the entry bundled with zustand and Radix (React stays external: every host has it)
 *    — what a consumer pays. Goals: own code of the React entry ≤ 12 KB, total ≤ 25 KB.
 * Run `npm run build` first; `npx tsx bench/bundle-size.ts`.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const dist = new URL("../dist/", import.meta.url).pathname;
const entries = ["index", "contract", "client", "store", "element"] as const;

const gzip = (code: string) => gzipSync(code, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/** Minified bundle of a built entry; `external` decides which imports stay imports. */
async function bundle(entry: string, external: (id: string) => boolean): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), "ask-user-kit-size-"));
  try {
    await build({
      configFile: false,
      logLevel: "silent",
      build: {
        outDir,
        minify: true,
        lib: { entry: join(dist, `${entry}.js`), formats: ["es"], fileName: "bundle" },
        rolldownOptions: { external },
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

export async function measureBundleSize(): Promise<void> {
  console.log("bundle size (gzip -9)");
  for (const entry of entries) {
    const own = gzip(await bundle(entry, (id) => !id.startsWith(".") && !id.startsWith("/")));
    const total = gzip(await bundle(entry, (id) => /^(react|react-dom)(\/|$)/.test(id)));
    console.log(`  ${entry.padEnd(9)} own ${kb(own).padStart(9)}   with zustand + Radix ${kb(total).padStart(9)}`);
  }
  console.log(`  styles.css ${kb(gzip(readFileSync(join(dist, "styles.css"), "utf8")))}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await measureBundleSize();
