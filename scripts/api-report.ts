/**
 * The public runtime surface, written to api-report.txt: for every JavaScript entry in
 * package.json#exports, the names its built file (dist/) exports, as plain Node sees them.
 * A namespace export (`AskUser` on the main entry) is listed with its members, which are public too.
 *
 *   npm run api:report            build, then rewrite api-report.txt
 *   tsx scripts/api-report.ts --stdout   print the report for the current dist/ (what the test runs)
 *
 * test/package/api-report.test.ts fails while the file and the build disagree, so a change to the
 * public surface always shows up in review as a diff of this file.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
export const REPORT_FILE = join(root, "api-report.txt");

type Target = string | { import?: string; default?: string };

/** `[specifier, built file]` for each entry whose target is JavaScript, in package.json order. */
function jsEntries(): [string, string][] {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { name: string; exports: Record<string, Target> };
  return Object.entries(manifest.exports).flatMap(([subpath, target]): [string, string][] => {
    const file = typeof target === "string" ? target : (target.import ?? target.default);
    if (!file || !file.endsWith(".js")) return [];
    return [[subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, file]];
  });
}

const isNamespace = (value: unknown) => Object.prototype.toString.call(value) === "[object Module]";

export async function apiReport(): Promise<string> {
  const sections: string[] = [];
  let total = 0;
  const entries = jsEntries();
  for (const [specifier, file] of entries) {
    const path = join(root, file);
    if (!existsSync(path)) throw new Error(`${file} is missing: run \`npm run build\` first.`);
    const module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    const names = Object.keys(module)
      .sort()
      .flatMap((name) => {
        const value = module[name];
        return isNamespace(value)
          ? [
              name,
              ...Object.keys(value as object)
                .sort()
                .map((member) => `${name}.${member}`),
            ]
          : [name];
      });
    total += names.length;
    sections.push(`## ${specifier} (${file.replace(/^\.\//, "")}, ${names.length})\n${names.join("\n")}`);
  }
  const header = [
    "# ask-user-kit: every runtime export, per entry.",
    "# Generated from dist/ by `npm run api:report`; test/package/api-report.test.ts compares it with the build.",
    `# ${total} names over ${entries.length} entries.`,
  ].join("\n");
  return `${header}\n\n${sections.join("\n\n")}\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const report = await apiReport();
  if (process.argv.includes("--stdout")) process.stdout.write(report);
  else {
    writeFileSync(REPORT_FILE, report);
    console.log(`wrote ${REPORT_FILE} (${report.split("\n")[2]?.slice(2)})`);
  }
}
