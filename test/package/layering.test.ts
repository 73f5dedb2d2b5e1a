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
  // The bridge runs over the contract's AskUserTransport: the kit's client is one, never a dependency.
  bridge: ["contract", "store", "bridge"],
  testing: ["contract", "client", "store", "bridge", "testing"],
  messages: ["contract", "store", "messages"],
  react: ["contract", "store", "bridge", "messages", "react"],
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
    ["src/bridge/x.ts", 'import { createGatewayClient } from "../client/index.js";', true],
    ["src/react/x.tsx", 'import { createGatewayClient } from "../client/index.js";', true],
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

/** `specifier` from `file` as a source file: `./x.js` is `x.ts`, `x.tsx` or `x/index.ts`. */
function resolveSource(file: string, specifier: string): string {
  const base = resolve(dirname(file), specifier).replace(/\.js$/, "");
  for (const candidate of [`${base}.ts`, `${base}.tsx`, join(base, "index.ts"), base]) if (existsSync(candidate)) return candidate;
  return base;
}

const NAME = "[A-Za-z_$][\\w$]*";

/** The names in an export or import list `{ a, type b, c as d }`: `side` picks the local name (left) or the exported one (right). */
function listNames(list: string, side: "left" | "right"): string[] {
  return list
    .split(",")
    .map((item) => item.trim().replace(/^type\s+/, ""))
    .filter(Boolean)
    .map((item) => {
      const [left, right] = item.split(/\s+as\s+/);
      return (side === "right" ? (right ?? left) : left)!.trim();
    });
}

const exportCache = new Map<string, Set<string>>();

/** Every name `file` exports, following `export * from` (type-only exports included). */
function exportedNames(file: string): Set<string> {
  const cached = exportCache.get(file);
  if (cached) return cached;
  const names = new Set<string>();
  exportCache.set(file, names);
  if (!existsSync(file)) return names;
  const code = withoutComments(readFileSync(file, "utf8"));
  const declaration = new RegExp(
    `\\bexport\\s+(?:declare\\s+)?(?:default\\s+)?(?:async\\s+)?(?:abstract\\s+)?(?:function\\*?|const|let|var|class|interface|type|enum|namespace)\\s+(${NAME})`,
    "g",
  );
  for (const match of code.matchAll(declaration)) names.add(match[1]!);
  for (const match of code.matchAll(/\bexport\s+(?:type\s+)?\{([^}]*)\}/g)) for (const name of listNames(match[1]!, "right")) names.add(name);
  for (const match of code.matchAll(new RegExp(`\\bexport\\s+(?:type\\s+)?\\*\\s+as\\s+(${NAME})`, "g"))) names.add(match[1]!);
  for (const match of code.matchAll(/\bexport\s+(?:type\s+)?\*\s+from\s*(["'])([^"']+)\1/g)) {
    for (const name of exportedNames(resolveSource(file, match[2]!))) names.add(name);
  }
  return names;
}

/** What a file takes from each module it names: the names, or "*" for the whole module (namespace, default, dynamic, side effect). */
function importedBindings(code: string): { specifier: string; names: string[] | "*" }[] {
  const text = withoutComments(code);
  const quoted = String.raw`(?<quote>["'])(?<specifier>[^"'\n]+)\k<quote>`;
  const patterns: [RegExp, (groups: Record<string, string | undefined>) => string[] | "*"][] = [
    [
      new RegExp(String.raw`\bimport\s+(?:type\s+)?(?:(?<default>${NAME})\s*,\s*)?\{(?<list>[^}]*)\}\s*from\s*${quoted}`, "g"),
      (g) => (g.default ? "*" : listNames(g.list!, "left")),
    ],
    [new RegExp(String.raw`\bimport\s+(?:type\s+)?(?:${NAME}|\*\s+as\s+${NAME})\s+from\s*${quoted}`, "g"), () => "*"],
    [new RegExp(String.raw`\bexport\s+(?:type\s+)?\{(?<list>[^}]*)\}\s*from\s*${quoted}`, "g"), (g) => listNames(g.list!, "left")],
    [new RegExp(String.raw`\bexport\s+(?:type\s+)?\*(?:\s+as\s+${NAME})?\s+from\s*${quoted}`, "g"), () => "*"],
    [new RegExp(String.raw`\bimport\s*(?:\(\s*)?${quoted}`, "g"), () => "*"],
  ];
  return patterns.flatMap(([pattern, names]) =>
    [...text.matchAll(pattern)].map((match) => ({ specifier: match.groups!.specifier!, names: names(match.groups!) })),
  );
}

/**
 * Each layer's entries: a layer takes from another only what that layer's entry exports, so what
 * the kit's own layers use, a host (or the layer above) can use too, and a layer's modules can
 * change without reaching into the others. The top-level src/index.ts and src/parts.ts are the
 * components' entries. The contract is every layer's shared vocabulary: besides its public entry,
 * its kernel modules (the wire vocabulary, timers, safe reads of untrusted values, the error
 * vocabulary, UTF-16 clipping, string lists) are entries for the kit's own layers, though not for hosts.
 */
const ENTRIES: Record<string, readonly string[]> = {
  contract: [
    "contract/index.ts",
    "contract/wire.ts",
    "contract/timers.ts",
    "contract/safe-read.ts",
    "contract/gateway-clients.ts",
    "contract/request-failure.ts",
    "contract/utf16.ts",
    "contract/errors.ts",
    "contract/string-list.ts",
  ],
  client: ["client/index.ts"],
  store: ["store/index.ts", "store/local-summaries.ts"],
  bridge: ["bridge/index.ts"],
  messages: ["messages/index.ts"],
  react: ["react/index.ts"],
  components: ["index.ts", "parts.ts"],
  element: ["element/index.ts", "element/standalone.ts"],
  testing: ["testing/index.ts", "testing/node.ts"],
};
const entryFiles = (layer: string) => (ENTRIES[layer] ?? []).map((entry) => join(root, "src", entry));

function entryViolations(file: string, code: string): string[] {
  const from = layerOf(file);
  if (!MAY_IMPORT[from]) return [];
  const problems: string[] = [];
  for (const { specifier, names } of importedBindings(code)) {
    if (!specifier.startsWith(".")) continue;
    const target = resolveSource(file, specifier);
    const to = layerOf(target);
    if (to === from || !ENTRIES[to]) continue;
    const entries = entryFiles(to);
    const name = relative(root, file);
    if (names === "*") {
      if (!entries.includes(target)) problems.push(`${name} takes the whole private module ${specifier} of the ${to} layer`);
      continue;
    }
    const exported = new Set(entries.flatMap((entry) => [...exportedNames(entry)]));
    for (const imported of names)
      if (!exported.has(imported)) problems.push(`${name} imports ${imported} from ${specifier}, which the ${to} layer's entry does not export`);
  }
  return problems;
}

describe("entries", () => {
  it.each([
    ["src/bridge/x.ts", 'import { NOT_CONNECTED_REASON } from "../store/send-actions.js";', true],
    ["src/bridge/x.ts", 'import type { AskUserStoreState } from "../store/types.js";', false],
    ["src/bridge/x.ts", 'import { createAskUserStore } from "../store/create-ask-user-store.js";', false],
    ["src/components/x.tsx", 'import * as selectors from "../store/selectors.js";', true],
    ["src/components/x.tsx", 'import { createAskUserStore } from "../store/index.js";', false],
    ["src/react/x.tsx", 'import { createHydration } from "../bridge/hydration.js";', true],
    ["src/react/x.tsx", 'import { connectQuestions as connect } from "../bridge/index.js";', false],
    ["src/element/x.ts", 'export type { HydrationDeps } from "../bridge/hydration.js";', true],
    ["src/element/x.ts", 'export * from "../bridge/hydration.js";', true],
    ["src/client/x.ts", 'import { GATEWAY_EVENTS } from "../contract/wire.js";', false],
    ["src/client/x.ts", 'import { STATUSES } from "../contract/parse-record.js";', true],
    ["src/client/x.ts", 'import { parseQuestionRecord } from "../contract/parse-record.js";', false],
    ["src/components/x.tsx", 'const lazy = import("../store/selectors.js");', true],
    ["src/store/x.ts", 'import { parseAnswers } from "./parse.js";', false],
  ])("%s: %s → flagged: %s", (file, code, flagged) => {
    expect(entryViolations(join(root, file), code).length > 0).toBe(flagged);
  });

  it("every layer has the entries it names", () => {
    for (const layer of Object.keys(ENTRIES)) for (const entry of entryFiles(layer)) expect(existsSync(entry), relative(root, entry)).toBe(true);
  });

  it("hold for every source file: other layers are reached through their entries only", () => {
    const files = sourceFiles(join(root, "src")).filter((file) => !isExempt(file));
    expect(files.flatMap((file) => entryViolations(file, readFileSync(file, "utf8")))).toEqual([]);
  });
});

/** The cycles of a module graph (Tarjan's strongly connected components): each a list of modules, or none. */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  function visit(node: string): void {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe("import cycles", () => {
  it.each([
    ["a chain", { a: ["b"], b: ["c"], c: [] }, []],
    ["a diamond", { a: ["b", "c"], b: ["d"], c: ["d"], d: [] }, []],
    ["two modules", { a: ["b"], b: ["a"] }, [["a", "b"]]],
    ["a loop of four beside a chain", { a: ["b"], b: ["c"], c: ["d"], d: ["a"], e: ["a"] }, [["a", "b", "c", "d"]]],
    ["a module importing itself", { a: ["a"] }, [["a"]]],
  ])("finds the cycles of %s", (_, graph, cycles) => {
    expect(findCycles(new Map(Object.entries(graph)))).toEqual(cycles);
  });

  it("src/ has none, type-only imports included", () => {
    const files = sourceFiles(join(root, "src")).filter((file) => /\.tsx?$/.test(file));
    const graph = new Map(
      files.map((file) => [
        relative(root, file),
        importedBindings(readFileSync(file, "utf8"))
          .filter(({ specifier }) => specifier.startsWith("."))
          .map(({ specifier }) => relative(root, resolveSource(file, specifier)))
          .filter((target) => /\.tsx?$/.test(target)),
      ]),
    );
    expect(graph.size).toBeGreaterThan(50);
    expect(findCycles(graph)).toEqual([]);
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
    const offending = files.flatMap((file) =>
      specifiers(readFileSync(file, "utf8"))
        .filter((specifier) => FORBIDDEN_PACKAGE.test(specifier))
        .map((specifier) => `${relative(root, file)} → ${specifier}`),
    );
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
