/**
 * The kit's UI layers (react, components, element) read the store only through its entry,
 * src/store/index.ts — the module `ask-user-kit/store` is built from — so whatever the kit's own
 * parts use from the store, a host can import too.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const STORE = join(root, "src/store");
const ENTRY = join(STORE, "index.js");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const path = join(dir, item.name);
    if (item.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(item.name) ? [path] : [];
  });
}

/** The store modules `code` (a file at `file`) names other than the entry. */
function privateStoreImports(file: string, code: string): string[] {
  const found: string[] = [];
  for (const match of code.matchAll(/\bfrom\s*(["'])(\.[^"'\n]+)\1/g)) {
    const target = resolve(dirname(file), match[2]!);
    if (target.startsWith(`${STORE}/`) && target !== ENTRY) found.push(`${relative(root, file)} imports ${match[2]}`);
  }
  return found;
}

it.each([
  ["src/components/parts/x.tsx", 'import { isOpenStatus } from "../../store/docking.js";', true],
  ["src/react/x.ts", 'export type { AskUserSubmitDetail } from "../store/store-events.js";', true],
  ["src/components/x.tsx", 'import { isOpenStatus, type PromptEntry } from "../store/index.js";', false],
])("%s: %s → flagged: %s", (file, code, flagged) => {
  expect(privateStoreImports(join(root, file), code).length > 0).toBe(flagged);
});

it("holds for every file of src/react, src/components and src/element", () => {
  const files = ["src/react", "src/components", "src/element"].flatMap((dir) => sourceFiles(join(root, dir)));
  expect(files.length).toBeGreaterThan(30);
  expect(files.flatMap((file) => privateStoreImports(file, readFileSync(file, "utf8")))).toEqual([]);
});
