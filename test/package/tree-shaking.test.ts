/**
 * What only some hosts use must cost the others nothing: a host that renders the dock and the
 * transcript gets no plain-text parsing, no Vietnamese catalogue, no cards, no credential
 * detector and no summary persistence (both opt-in: the host passes `detectCredential` or
 * `localSummaries()` to the store), and no gateway client (a host that hands the provider its own
 * transport, or a store it connected, imports nothing from `ask-user-kit/client`) in its bundle. Bundled
 * the way a host's bundler would (Vite production build, tree-shaking on), from a consumer-shaped
 * entry; the modules each bundle kept are read from the build's output. `bench/bundle-size.ts`
 * prints the sizes.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Rolldown } from "vite";

const root = fileURLToPath(new URL("../..", import.meta.url));
const OPTIONAL = [
  "src/contract/plain-text.ts",
  "src/messages/vi.ts",
  "src/components/cards/ask-user-cards.tsx",
  "src/contract/credential-guard.ts",
  "src/store/summary-persistence.ts",
  // The gateway client comes only with a host's import of `ask-user-kit/client`.
  "src/client/connection.ts",
];
const isClientModule = (id: string) => id.startsWith("src/client/");

const from = (entry: string, names: string[]) => `export { ${names.join(", ")} } from ${JSON.stringify(join(root, "src", entry))};\n`;
/** The same from the build, which keeps one file per source module: dist/<path>.js for src/<path>.ts(x). */
const fromDist = (entry: string, names: string[]) => `export { ${names.join(", ")} } from ${JSON.stringify(join(root, "dist", entry))};\n`;
const asSource = (id: string) => id.replace(/^dist\//, "src/").replace(/\.js$/, "");
const OPTIONAL_MODULES = OPTIONAL.map((id) => id.replace(/\.tsx?$/, ""));

/** The src/ modules a bundle of the consumer module `code` kept. */
async function keptModules(code: string): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), "ask-user-kit-shake-"));
  try {
    const entry = join(dir, "host.js");
    writeFileSync(entry, code);
    const result = await build({
      configFile: false,
      logLevel: "silent",
      root,
      build: {
        write: false,
        minify: false,
        lib: { entry, formats: ["es"], fileName: "host" },
        rolldownOptions: { external: (id) => !id.startsWith(".") && !id.startsWith("/") },
      },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    return outputs
      .flatMap((out) => out.output)
      .flatMap((item) =>
        item.type === "chunk"
          ? Object.entries(item.modules)
              .filter(([, module]) => module.renderedLength > 0)
              .map(([id]) => relative(root, id))
          : [],
      );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

it("leaves plain-text parsing, the Vietnamese catalogue, the cards, the credential detector, summary persistence and every module of the gateway client out of a dock-and-transcript host", async () => {
  const kept = await keptModules(from("index.ts", ["AskUserProvider", "AskUserDock", "AskUserTranscript"]));
  expect(kept).toContain("src/components/ask-user-dock.tsx");
  // The provider connects whatever transport it is given: the bridge is in, the kit's client is not.
  expect(kept).toContain("src/bridge/connect-questions.ts");
  expect(kept.filter((id) => OPTIONAL.includes(id) || isClientModule(id))).toEqual([]);
});

it("bundles no gateway client for a host that connects its own transport and hands the provider the store", async () => {
  const kept = await keptModules(
    from("index.ts", ["AskUserProvider", "AskUserDock", "createAskUserStore"]) + from("bridge/index.ts", ["connectQuestions"]),
  );
  expect(kept).toContain("src/bridge/question-client.ts");
  expect(kept.filter(isClientModule)).toEqual([]);
});

it("keeps each of them for a host that imports it (the check above can fail)", async () => {
  const kept = await keptModules(
    from("index.ts", ["AskUserProvider", "AskUserCards", "vi"]) +
      from("contract/index.ts", ["parseTextReply", "detectCredential"]) +
      from("store/local-summaries.ts", ["localSummaries"]) +
      from("client/index.ts", ["createGatewayClient"]),
  );
  expect(OPTIONAL.filter((id) => !kept.includes(id))).toEqual([]);
});

// Shakeable sources are not enough: a build that merges modules into chunks pins whatever shares a
// chunk with what a host uses (a component's `displayName =` is a side effect). The host imports
// dist/ here, as it would from the package.
describe("from the built package", () => {
  beforeAll(() => {
    if (!existsSync(join(root, "dist/index.js"))) throw new Error("dist/ is missing: run `npm run build` first.");
  });

  it("leaves them out of a dock-and-transcript host too", async () => {
    const kept = (await keptModules(fromDist("index.js", ["AskUserProvider", "AskUserDock", "AskUserTranscript"]))).map(asSource);
    // The dock's own file: a build that merges modules has none, and fails here.
    expect(kept).toContain("src/components/ask-user-dock");
    expect(kept.filter((id) => OPTIONAL_MODULES.includes(id) || isClientModule(id))).toEqual([]);
  });

  it("keeps each of them for a host that imports it", async () => {
    const kept = (
      await keptModules(
        fromDist("index.js", ["AskUserProvider", "AskUserCards", "vi"]) +
          fromDist("contract.js", ["parseTextReply", "detectCredential"]) +
          fromDist("summaries.js", ["localSummaries"]) +
          fromDist("client.js", ["createGatewayClient"]),
      )
    ).map(asSource);
    expect(OPTIONAL_MODULES.filter((id) => !kept.includes(id))).toEqual([]);
  });
});
