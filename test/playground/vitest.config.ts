// The playground showcase's own tests (test/playground/*.test.ts), in Node: run with
//   npx vitest run --config test/playground/vitest.config.ts
// The browser half starts a playground and drives Debian's Chromium through playwright-core.
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    name: "playground",
    environment: "node",
    include: ["test/playground/**/*.test.ts"],
  },
});
