/**
 * The Parts and Summary docs pages (stories/docs/parts.mdx, summary.mdx) promise "every data
 * attribute" and every `data-slot`: hosts style by them, so one the components set but the pages
 * leave out is a styling hook nobody can find, and one the pages name but nothing sets is a rule
 * that never matches. Read from the sources rather than listed here, so a new slot or attribute
 * fails this until it is documented.
 *
 * The pages shorten a child slot to its suffix beside its parent (`ask-user-skip-confirm` [`-text`]
 * is `ask-user-skip-confirm-text`; `ask-user-summary-option` (+ `-mark`) is `ask-user-summary-mark`):
 * a suffix counts for any slot it completes from a hyphen-prefix of a slot in the same table row.
 * Slots named in full count wherever they are (the frames of the ready-made components are prose).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const componentsDir = join(root, "src/components");

/** The components' code, comments dropped (they mention attributes the code does not set). */
const code = readdirSync(componentsDir, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => readFileSync(join(componentsDir, file), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ""))
  .join("\n");
const pages = ["parts.mdx", "summary.mdx"].map((page) => readFileSync(join(root, "stories/docs", page), "utf8"));

/** Attributes written in JSX (`data-step=`), as keys (`"data-index":`) or through `dataset.x`. */
const setAttributes = new Set([
  ...[...code.matchAll(/\bdata-([a-z][a-z-]*[a-z])\b/g)].map((match) => match[1]!),
  ...[...code.matchAll(/\.dataset\.([a-zA-Z]+)/g)].map((match) => match[1]!.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)),
]);
/** Slot names: every string literal that is one. */
const setSlots = new Set([...code.matchAll(/["'`](ask-user-[a-z-]*[a-z])["'`]/g)].map((match) => match[1]!));

const rows = pages.flatMap((page) => page.split("\n").filter((line) => line.startsWith("|")));
const documentedAttributes = new Set(pages.flatMap((page) => [...page.matchAll(/`data-([a-z][a-z-]*[a-z])/g)].map((match) => match[1]!)));

/** Slots the pages name in full, in a table or in prose. */
const namedSlots = new Set(pages.flatMap((page) => [...page.matchAll(/`(ask-user-[a-z-]*[a-z])`/g)].map((match) => match[1]!)));

function documentedSlot(slot: string): boolean {
  if (namedSlots.has(slot)) return true;
  return rows.some((row) => {
    const full = [...row.matchAll(/`(ask-user-[a-z-]*[a-z])`/g)].map((match) => match[1]!);
    const suffixes = [...row.matchAll(/`(-[a-z][a-z-]*)`/g)].map((match) => match[1]!);
    return suffixes.some((suffix) => full.some((parent) => hyphenPrefixes(parent).some((prefix) => prefix + suffix === slot)));
  });
}

/** `ask-user-summary-option` → `ask-user-summary-option`, `ask-user-summary`, `ask-user`. */
function hyphenPrefixes(slot: string): string[] {
  const parts = slot.split("-");
  return parts.slice(2).map((_, index) => parts.slice(0, parts.length - index).join("-"));
}

describe("the Parts and Summary docs pages", () => {
  it("document every data-* attribute the components set", () => {
    expect(setAttributes.size).toBeGreaterThan(20);
    expect([...setAttributes].filter((name) => name !== "slot" && !documentedAttributes.has(name)).sort()).toEqual([]);
  });

  it("document every data-slot the components set", () => {
    expect(setSlots.size).toBeGreaterThan(60);
    expect([...setSlots].filter((slot) => !documentedSlot(slot)).sort()).toEqual([]);
  });

  it("name no slot the components do not set", () => {
    expect([...namedSlots].filter((slot) => !setSlots.has(slot)).sort()).toEqual([]);
  });
});
