/**
 * The framework-free layers (contract, client, store, testing core) must not reach for React, Radix
 * or the DOM — neither in source nor in what the build ships for their entries.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const FRAMEWORK_FREE = ["src/contract", "src/client", "src/store", "src/bridge", "src/testing"];
/** Node-only helpers of the testing kit (`src/testing/node*.ts`) may use what the browser lacks. */
const isExempt = (file: string) => file.startsWith(join(root, "src/testing")) && /^node.*\.ts$/.test(basename(file));
/** Layers that may use React and the DOM; the framework-free layers must not import them either. */
const UI_LAYERS = ["src/react", "src/components", "src/element", "src/theme"].map((dir) => join(root, dir));
const FORBIDDEN_PACKAGE = /^(react|react-dom)(\/|$)|^@radix-ui\//;

/** Every module specifier a file names: static and dynamic imports, re-exports, requires. */
function specifiers(code: string): string[] {
  const found: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(["'])([^"'\n]+)\1/g;
  for (const match of code.matchAll(pattern)) if (match[2]) found.push(match[2]);
  return found;
}

/** Comments may talk about `window.`; only code counts. */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\])\/\/.*$/gm, "$1");
}

const DOM_USE = /(?<![\w$.])(document|window)\s*\.|\bglobalThis\s*\.\s*(document|window)\b/;

/** What is wrong with one source file, as readable lines. */
function sourceViolations(file: string, code: string): string[] {
  const problems: string[] = [];
  const name = relative(root, file);
  for (const specifier of specifiers(code)) {
    if (FORBIDDEN_PACKAGE.test(specifier)) problems.push(`${name} imports ${specifier}`);
    if (specifier.startsWith(".")) {
      const target = resolve(dirname(file), specifier);
      if (UI_LAYERS.some((layer) => target === layer || target.startsWith(`${layer}/`))) problems.push(`${name} imports the UI layer ${specifier}`);
    }
  }
  const dom = DOM_USE.exec(withoutComments(code));
  if (dom) problems.push(`${name} uses the DOM (${dom[0].trim()})`);
  return problems;
}

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe("the layering check itself", () => {
  it.each([
    ['import { useState } from "react";', true],
    ['import type { ReactNode } from "react";', true],
    ['export { createRoot } from "react-dom/client";', true],
    ['const radio = await import("@radix-ui/react-radio-group");', true],
    ['const el = document.createElement("div");', true],
    ["window.addEventListener('x', f);", true],
    ["const w = globalThis.window;", true],
    ['import { x } from "../react/ask-user-hooks.js";', true],
    ['import { createStore } from "zustand/vanilla";', false],
    ['import { parseAnswers } from "../contract/index.js";', false],
    ["// the browser window.open is not used here", false],
    ["const shadow = myWindow.width + documented.value;", false],
    ['import { x } from "./reactive.js";', false],
  ])("%s → flagged: %s", (code, flagged) => {
    expect(sourceViolations(join(root, "src/store/example.ts"), code).length > 0).toBe(flagged);
  });
});

describe("framework-free source", () => {
  const files = FRAMEWORK_FREE.flatMap((dir) => sourceFiles(join(root, dir))).filter((file) => !isExempt(file));

  it("covers every framework-free layer", () => {
    for (const dir of ["src/contract", "src/client", "src/store"]) expect(files.some((file) => file.startsWith(join(root, dir)))).toBe(true);
  });

  it("imports neither React, react-dom, Radix nor the UI layers, and touches no DOM", () => {
    expect(files.flatMap((file) => sourceViolations(file, readFileSync(file, "utf8")))).toEqual([]);
  });
});

/**
 * Which layer may import which (design.md): contract → client and store (siblings that never
 * import each other) → bridge → react → components. The messages catalogue and the theme serve
 * the UI; the testing kit stands beside the runtime layers and never under the UI.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  contract: ["contract"],
  client: ["contract", "client"],
  store: ["contract", "store"],
  bridge: ["contract", "client", "store", "bridge"],
  testing: ["contract", "client", "store", "bridge", "testing"],
  messages: ["contract", "store", "messages"],
  react: ["contract", "client", "store", "bridge", "messages", "react"],
  components: ["contract", "store", "messages", "react", "components"],
  element: ["contract", "store", "messages", "react", "components", "element", "theme"],
  theme: ["theme"],
};
/** Packages a runtime layer may use besides its own files (the store is zustand's vanilla core). */
const MAY_USE_PACKAGE: Record<string, RegExp> = {
  contract: /^$/,
  client: /^$/,
  store: /^zustand\/vanilla$/,
  bridge: /^zustand\/vanilla$/,
};

/** The layer a path in src/ belongs to: its first folder, or the file name for top-level entries. */
const layerOf = (file: string) => relative(join(root, "src"), file).split("/")[0]!;

function directionViolations(file: string, code: string): string[] {
  const from = layerOf(file);
  const allowed = MAY_IMPORT[from];
  if (!allowed) return [];
  const problems: string[] = [];
  for (const specifier of specifiers(withoutComments(code))) {
    if (specifier.startsWith(".")) {
      const to = layerOf(resolve(dirname(file), specifier));
      if (!allowed.includes(to)) problems.push(`${relative(root, file)} (${from}) imports the ${to} layer: ${specifier}`);
    } else if (MAY_USE_PACKAGE[from] && !MAY_USE_PACKAGE[from].test(specifier)) {
      problems.push(`${relative(root, file)} (${from}) imports the package ${specifier}`);
    }
  }
  return problems;
}

describe("layer direction", () => {
  it.each([
    ["src/client/x.ts", 'import type { ConnectionStatus } from "../store/types.js";', true],
    ["src/store/x.ts", 'import { createGatewayClient } from "../client/index.js";', true],
    ["src/components/x.tsx", 'import { connectQuestions } from "../bridge/index.js";', true],
    ["src/components/parts/x.tsx", 'import type { GatewayClient } from "../../client/index.js";', true],
    ["src/store/x.ts", 'import { readFileSync } from "node:fs";', true],
    ["src/bridge/x.ts", 'import { createAskUserStore } from "../store/index.js";', false],
    ["src/react/x.tsx", 'import { connectQuestions } from "../bridge/index.js";', false],
    ["src/store/x.ts", 'import { createStore } from "zustand/vanilla";', false],
  ])("%s: %s → flagged: %s", (file, code, flagged) => {
    expect(directionViolations(join(root, file), code).length > 0).toBe(flagged);
  });

  it("holds for every source file", () => {
    const files = sourceFiles(join(root, "src")).filter((file) => !isExempt(file));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => directionViolations(file, readFileSync(file, "utf8")))).toEqual([]);
  });
});

describe("built framework-free entries", () => {
  const dist = join(root, "dist");
  const entries = ["contract.js", "client.js", "store.js", "summaries.js", "bridge.js"].map((name) => join(dist, name));

  /** The entry and every chunk it reaches through relative imports. */
  function closure(entry: string): string[] {
    const seen = new Set<string>();
    const pending = [entry];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const specifier of specifiers(readFileSync(file, "utf8"))) if (specifier.startsWith(".")) pending.push(resolve(dirname(file), specifier));
    }
    return [...seen];
  }

  it("exist (npm test builds first; run `npm run build` before running this file alone)", () => {
    for (const entry of entries) expect(existsSync(entry), `${relative(root, entry)} is missing`).toBe(true);
    expect(readFileSync(entries[0] as string, "utf8")).toContain("normalizeAskUserInput");
  });

  it.each(["contract.js", "client.js", "store.js", "summaries.js", "bridge.js"])("%s and its chunks import no React, react-dom or Radix", (name) => {
    const files = closure(join(dist, name));
    const offending = files.flatMap((file) => specifiers(readFileSync(file, "utf8")).filter((specifier) => FORBIDDEN_PACKAGE.test(specifier)).map((specifier) => `${relative(root, file)} → ${specifier}`));
    expect(offending).toEqual([]);
  });

  it("dist/contract.js loads and works in Node, where there is no DOM", async () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe("undefined");
    const contract = (await import(pathToFileURL(join(dist, "contract.js")).href)) as typeof import("../../src/contract/index.js");
    const result = contract.normalizeAskUserInput({
      questions: [{ id: "env", header: "Deployment target", question: "Where?", options: [{ label: "Prod" }, { label: "Staging" }] }],
      timeoutSeconds: 5,
    });
    expect(result).toMatchObject({ ok: true, value: { questions: [{ header: "Deployment t", isOther: true }], timeoutSeconds: 30 } });
  });
});
