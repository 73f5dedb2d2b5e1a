import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const storeDir = fileURLToPath(new URL("../../src/store/", import.meta.url));
const files = readdirSync(storeDir).filter((name) => name.endsWith(".ts"));

describe("src/store layering", () => {
  it.each(files)("%s imports no React, DOM, Radix or Node module", (name) => {
    const source = readFileSync(storeDir + name, "utf8");
    const imports = [...source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"/gm)].map((match) => (match[1] ?? match[2])!);
    for (const specifier of imports) {
      expect(specifier, `${name} imports ${specifier}`).toMatch(/^(\.\.?\/|zustand\/vanilla$)/);
    }
    expect(source).not.toMatch(/\b(document|window)\./);
  });

  it("has files to check", () => {
    expect(files).toContain("create-ask-user-store.ts");
  });
});
