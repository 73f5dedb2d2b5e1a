/**
 * Vitest global setup of the `components-react18` project: installs react and react-dom 18 into
 * the cache folder once (later runs find them there and skip the install).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REACT18_VERSION, react18Folder } from "./react18.js";

function installedVersion(folder: string, name: string): string | undefined {
  const manifest = join(folder, "node_modules", name, "package.json");
  return existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")) as { version: string }).version : undefined;
}

export default function installReact18(): void {
  const folder = react18Folder();
  if (["react", "react-dom"].every((name) => installedVersion(folder, name) === REACT18_VERSION)) return;
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, "package.json"),
    JSON.stringify({ name: "ask-user-kit-react18", private: true, dependencies: { react: REACT18_VERSION, "react-dom": REACT18_VERSION } }, null, 2),
  );
  const start = performance.now();
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: folder, stdio: "inherit", timeout: 180_000 });
  console.log(`[react18] installed react and react-dom ${REACT18_VERSION} into ${folder} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  for (const name of ["react", "react-dom"]) {
    const version = installedVersion(folder, name);
    if (version !== REACT18_VERSION)
      throw new Error(`[react18] ${name} in ${folder} is ${version ?? "missing"}, expected ${REACT18_VERSION}: delete the folder and run again.`);
  }
}
