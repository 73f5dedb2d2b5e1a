// Storybook ≥ 10.3 applies the preview annotations (addon-a11y's `a11y: { test: "error" }` included)
// by itself; this file only adds what it does not: a story that logs a console error fails.
import { afterEach, beforeEach, vi } from "vitest";

let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (consoleErrors.length > 0) {
    throw new Error(`console.error was called:\n${consoleErrors.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
