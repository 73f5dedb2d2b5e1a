/**
 * No module-level mutable state in src/: two stores (two providers, two tests) must never share
 * anything. Allowed at module level: constants, and `WeakMap` side tables keyed by the store's
 * immutable objects (memoized derivations, the settled view's snapshot), which hold nothing once
 * their key is gone and cannot differ between two stores' reads of the same object. A reassignable
 * binding, or an empty Map, Set or array to fill later, is refused (an empty object is a constant
 * here: a JSON schema that accepts anything).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Top-level statements only: lines that start at column 0 (the house formatting). */
const MUTABLE_BINDING = /^(?:export\s+)?(?:let|var)\s+\w+/m;
const FILLED_LATER = /^(?:export\s+)?const\s+\w+(?:\s*:[^=]+)?\s*=\s*(?:new\s+(?:Map|Set)(?:<[^>]*>)?\(\s*\)|\[\s*\])\s*;/m;

it("keeps no mutable state at module level anywhere in src/", () => {
  const problems: string[] = [];
  for (const file of sources(join(root, "src"))) {
    const code = readFileSync(file, "utf8");
    const binding = code.match(MUTABLE_BINDING) ?? code.match(FILLED_LATER);
    if (binding) problems.push(`${relative(root, file)}: ${binding[0]}`);
  }
  expect(problems).toEqual([]);
});

it("would catch a module-level let or an empty registry", () => {
  expect("let calls = 0;").toMatch(MUTABLE_BINDING);
  expect("const registry = new Map<string, number>();").toMatch(FILLED_LATER);
  expect("export const seen: string[] = [];").toMatch(FILLED_LATER);
  expect("const cache = new WeakMap<object, number>();").not.toMatch(FILLED_LATER);
  expect('const KEYS = new Set(["a"]);').not.toMatch(FILLED_LATER);
});
