import "@testing-library/jest-dom/vitest";
import { configure } from "@testing-library/react";

// findBy* and waitFor wait for a condition; their 1 s default deadline fails on a saturated
// machine. A deadline for a hang, not a speed check.
configure({ asyncUtilTimeout: 20_000 });
