/**
 * The bundle budgets (bench/size-budgets.ts), measured exactly as `npm run bench` measures them:
 * the typical host (Provider + Dock + Transcript) bundled from dist/ by a production Vite build,
 * tree-shaken and minified, and dist/element-standalone.js as shipped, each gzip -9. Sizes are
 * deterministic for a given tree and toolchain, so this is not a timing test. Needs
 * `npm run build` first (`npm test` does).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { shippedStandaloneSize } from "../../bench/element-size.js";
import { typicalHostSize } from "../../bench/bundle-size.js";
import { SIZE_BUDGETS_KB, SIZE_LABELS, type SizeFigures } from "../../bench/size-budgets.js";

const dist = fileURLToPath(new URL("../../dist/", import.meta.url));

let figures: SizeFigures;

beforeAll(async () => {
  if (!existsSync(`${dist}index.js`) || !existsSync(`${dist}element-standalone.js`)) {
    throw new Error("dist/ is missing or incomplete: run `npm run build` before the size test (`npm test` does).");
  }
  const host = await typicalHostSize();
  figures = { hostOwn: host.own, hostWithDeps: host.withDeps, standalone: shippedStandaloneSize() };
});

const kb = (bytes: number) => (bytes / 1024).toFixed(2);

it.each(Object.keys(SIZE_BUDGETS_KB) as (keyof SizeFigures)[])("%s stays within its budget", (key) => {
  const bytes = figures[key];
  const budget = SIZE_BUDGETS_KB[key];
  expect(
    bytes,
    `${SIZE_LABELS[key]} is ${kb(bytes)} KB gzip, over its budget of ${budget} KB. ` +
      "`npx tsx bench/bundle-size.ts` / `bench/element-size.ts` list what it carries.",
  ).toBeLessThanOrEqual(budget * 1024);
});

it("holds no budget looser than needed: each is at most 0.5 KB over its figure", () => {
  for (const key of Object.keys(SIZE_BUDGETS_KB) as (keyof SizeFigures)[]) {
    const budget = SIZE_BUDGETS_KB[key];
    expect(
      budget * 1024 - figures[key],
      `${SIZE_LABELS[key]} is ${kb(figures[key])} KB gzip: lower its budget (${budget} KB) to at most ${kb(figures[key] + 512)} KB in bench/size-budgets.ts`,
    ).toBeLessThanOrEqual(512);
  }
});
