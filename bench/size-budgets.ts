/**
 * Bundle budgets, gzip -9 KB (1 KB = 1024 bytes), measured by `typicalHostSize` (bench/bundle-size.ts)
 * and `shippedStandaloneSize` (bench/element-size.ts); test/package/size-budgets.test.ts fails when a
 * figure exceeds its budget, and `npm run bench` prints both against them.
 *
 * A budget is the figure reached plus at most 0.5 KB, so the size can only come down: lower it
 * whenever a change does (the size test fails when a budget is looser than that).
 */
export interface SizeFigures {
  /** The typical host (Provider + Dock + Transcript from dist/index.js, tree-shaken, minified), our code only. */
  hostOwn: number;
  /** The same with zustand and Radix bundled in (React external). */
  hostWithDeps: number;
  /** dist/element-standalone.js as shipped: the custom elements with Preact, Radix and zustand inside. */
  standalone: number;
}

// Raised with issue 36: the catalogue's strings for the tool-call chip and the inbox (every host
// carries the catalogue) and the <ask-user-inbox> element in the standalone file; then the
// standalone file's <ask-user-summary .toolCall> (the chip built from a transcript row, with the
// row reader it needs), so a Lit host such as the Control UI gets the same chip as a React one.
export const SIZE_BUDGETS_KB: SizeFigures = { hostOwn: 27.4, hostWithDeps: 36.8, standalone: 52.2 };

export const SIZE_LABELS: Record<keyof SizeFigures, string> = {
  hostOwn: "typical host, own code",
  hostWithDeps: "typical host with zustand + Radix",
  standalone: "dist/element-standalone.js",
};
