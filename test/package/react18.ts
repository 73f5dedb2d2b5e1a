/**
 * Where the React 18 leg takes react and react-dom from: a cache folder outside the repo, so the
 * repo's own install (React 19) stays untouched. Shared by vite.config.ts and the installer.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";

export const REACT18_VERSION = "18.3.1";

export function react18Folder(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.ASK_USER_KIT_CACHE || join(homedir(), ".cache/ask-user-kit"), "react18");
}

/**
 * Vite aliases that send `react`, `react-dom` and their subpaths (`react/jsx-runtime`,
 * `react-dom/client`…) to the cached copies. Testing Library's `main` is CommonJS, whose
 * `require("react-dom/client")` no alias can reach: it is sent to its ES build instead.
 */
export function react18Aliases(folder: string = react18Folder()) {
  const testingLibrary = dirname(createRequire(import.meta.url).resolve("@testing-library/react/package.json"));
  const { module } = JSON.parse(readFileSync(join(testingLibrary, "package.json"), "utf8")) as { module: string };
  return [
    { find: /^@testing-library\/react$/, replacement: join(testingLibrary, module) },
    { find: "react-dom", replacement: join(folder, "node_modules/react-dom") },
    { find: "react", replacement: join(folder, "node_modules/react") },
  ];
}
