import "@testing-library/jest-dom/vitest";
import { beforeAll } from "vitest";

// findBy* and waitFor wait for a condition; their 1 s default deadline fails on a saturated
// machine. A deadline for a hang, not a speed check. Set in beforeAll, after the test file has
// loaded: importing Testing Library here would load react-dom before render-budget.test.tsx puts
// its DevTools hook in place.
beforeAll(async () => {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 20_000 });
});
