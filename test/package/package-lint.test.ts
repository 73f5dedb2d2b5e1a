/**
 * publint --strict and attw on the packed tarball (the same check as `npm run lint:package`), so a
 * new packaging finding fails the tests. Needs `npm run build` first; takes about 10 s (attw).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { lintTarball, packTarball } from "../../scripts/lint-package.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
let folder: string;

afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe("the packed tarball", () => {
  it("has no publint --strict finding and no attw problem", async () => {
    if (!existsSync(join(root, "dist/index.js"))) throw new Error("dist/ is missing: run `npm run build` first.");
    folder = mkdtempSync(join(tmpdir(), "ask-user-kit-lint-"));
    const { tarball } = await packTarball(folder);
    const result = await lintTarball(tarball);
    expect(result.publint).toEqual([]);
    expect(result.attw.ok, result.attw.report).toBe(true);
    // node10 is supported (top-level `types` + `typesVersions`): the report must not mark it failed.
    expect(result.attw.report).not.toMatch(/Resolution failed/);
  }, 120_000);
});
