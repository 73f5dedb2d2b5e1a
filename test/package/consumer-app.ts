/**
 * A fresh Vite + React + TypeScript app that depends on the packed tarball and uses every public
 * entry with types, as a consumer would. Kept as strings (not files under test/) so the repo's own
 * typecheck never tries to resolve `ask-user-kit` against the working tree.
 */

export interface ConsumerVersions {
  react: string;
  reactDom: string;
  typesReact: string;
  typesReactDom: string;
  vite: string;
  pluginReact: string;
  typescript: string;
}

export function consumerFiles(tarball: string, versions: ConsumerVersions): Record<string, string> {
  return {
    "package.json": JSON.stringify(
      {
        name: "ask-user-kit-consumer",
        private: true,
        type: "module",
        dependencies: { "ask-user-kit": `file:${tarball}`, react: versions.react, "react-dom": versions.reactDom },
        devDependencies: {
          "@types/react": versions.typesReact,
          "@types/react-dom": versions.typesReactDom,
          "@vitejs/plugin-react": versions.pluginReact,
          typescript: versions.typescript,
          vite: versions.vite,
        },
      },
      null,
      2,
    ),
    // Stricter than most apps, and no skipLibCheck: the shipped .d.ts files are checked too.
    "tsconfig.json": JSON.stringify(
      {
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2023", "DOM", "DOM.Iterable"],
          module: "ESNext",
          moduleResolution: "Bundler",
          jsx: "react-jsx",
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          verbatimModuleSyntax: true,
          isolatedModules: true,
          skipLibCheck: false,
          noEmit: true,
          types: ["vite/client"],
        },
        include: ["src"],
      },
      null,
      2,
    ),
    "vite.config.ts": `import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({ plugins: [react()] });
`,
    "index.html": `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>ask-user-kit consumer</title></head>
  <body>
    <div id="root"></div>
    <ask-user-panel id="panel"></ask-user-panel>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
    "src/main.tsx": `import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import { AskUser, AskUserPanel, AskUserProvider, AskUserSummary, type AskUserMessages, en } from "ask-user-kit";
import * as Parts from "ask-user-kit/parts";
import { type AnswerMap, type QuestionRecord, normalizeAskUserInput, parseQuestionRecord } from "ask-user-kit/contract";
import { type GatewayClient, createGatewayClient } from "ask-user-kit/client";
import { type AskUserStore, createAskUserStore, selectActivePrompt } from "ask-user-kit/store";
import { localSummaries } from "ask-user-kit/summaries";
import { type AskUserPanelElement, type AskUserSubmitDetail, defineAskUserElements } from "ask-user-kit/element";
import "ask-user-kit/styles.css";

const input = normalizeAskUserInput({
  questions: [{ id: "target", header: "Target", question: "Where should this deploy?", options: [{ label: "Staging" }, { label: "Production" }] }],
});
if (!input.ok) throw new Error(input.errors.map((error) => error.message).join("; "));

const parsed = parseQuestionRecord({
  id: "ask_0123456789abcdef",
  questions: input.value.questions,
  createdAtMs: Date.now(),
  expiresAtMs: Date.now() + 60_000,
  status: "pending",
});
const record: QuestionRecord | undefined = parsed.ok ? parsed.value : undefined;

const store: AskUserStore = createAskUserStore({ storage: null, summaries: localSummaries({ keyPrefix: "consumer:" }) });
if (record) store.getState().upsertRecord(record);
const active: string | undefined = selectActivePrompt(store.getState())?.id;

const gateway: GatewayClient = createGatewayClient({ url: "ws://127.0.0.1:18789", autoConnect: false });
const messages: Partial<AskUserMessages> = { skip: en.skip };

function App() {
  const [lastAnswers, setLastAnswers] = useState<AnswerMap | null>(null);
  return (
    <AskUserProvider store={store} client={gateway} locale="en" messages={messages}>
      <AskUserPanel onKeyDown={() => setLastAnswers(null)} />
      <AskUser.StepIndicator />
      <Parts.StepIndicator />
      {/* @ts-expect-error the parts entry's exports are typed components, not any */}
      <Parts.NoSuchPart />
      {active ? <AskUserSummary promptId={active} /> : null}
      {/* @ts-expect-error promptId is required: proves the shipped types are real, not any */}
      <AskUserSummary />
      <output>{lastAnswers ? Object.keys(lastAnswers).join(",") : ""}</output>
    </AskUserProvider>
  );
}

// The custom elements in JSX, typed by ask-user-kit/element (not rendered: the element below is the one in use).
export function ElementTags() {
  return (
    <>
      <ask-user-panel store={store} viewSessionKey="main" onask-user-submit={(event) => console.log(event.detail.answers)} />
      {/* @ts-expect-error promptId is a string or null: proves the JSX types are real */}
      <ask-user-summary store={store} promptId={42} />
    </>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

defineAskUserElements();
const panel: AskUserPanelElement = document.querySelector("ask-user-panel") ?? document.createElement("ask-user-panel");
panel.store = store;
panel.locale = "vi";
panel.addEventListener("ask-user-submit", (event) => {
  const detail: AskUserSubmitDetail = event.detail;
  const answers: AnswerMap = detail.answers;
  console.log(detail.promptId, answers);
});
panel.addEventListener("ask-user-resolved", (event) => console.log(event.detail.status, event.bubbles));
`,
  };
}

/** Run in plain Node from the app folder: the framework-free entries load with no DOM at all. */
export const NODE_PROBE = `
const contract = await import("ask-user-kit/contract");
const client = await import("ask-user-kit/client");
const store = await import("ask-user-kit/store");
const summaries = await import("ask-user-kit/summaries");
const element = await import("ask-user-kit/element");
const parts = await import("ask-user-kit/parts");
const normalized = contract.normalizeAskUserInput({ questions: [{ id: "q", header: "Q", question: "Which?", options: [{ label: "A" }, { label: "B" }] }] });
const gateway = client.createGatewayClient({ url: "ws://127.0.0.1:9", autoConnect: false });
const status = gateway.getStatus();
gateway.close();
const made = store.createAskUserStore({ storage: null, autoExpire: false });
// No localStorage in Node: the store keeps its summaries in memory, and says nothing is wrong.
const kept = store.createAskUserStore({ storage: null, autoExpire: false, summaries: summaries.localSummaries() });
element.defineAskUserElements();
console.log(JSON.stringify({
  hasDocument: typeof document !== "undefined",
  normalized: normalized.ok,
  status,
  storeConnection: made.getState().connection,
  summariesWithoutStorage: kept.getState().problems.length,
  elementExports: Object.keys(element).sort(),
  // Every top-level export of the parts entry is a component (a plain or forwardRef/memo object).
  partsAreComponents: Object.keys(parts).length > 10 && Object.values(parts).every((part) => typeof part === "function" || (typeof part === "object" && part !== null && "$$typeof" in part)),
  partsHasRoot: "Root" in parts,
}));
`;

/**
 * Run as CommonJS from the app folder: on Node >= 20.19 `require()` loads the ESM entries through
 * the `default` export condition (there is no CommonJS build to point a `require` condition at).
 */
export const REQUIRE_PROBE = `
const contract = require("ask-user-kit/contract");
const store = require("ask-user-kit/store");
const client = require("ask-user-kit/client");
console.log(JSON.stringify({
  normalized: contract.normalizeAskUserInput({ questions: [{ id: "q", header: "Q", question: "Which?", options: [{ label: "A" }, { label: "B" }] }] }).ok,
  store: typeof store.createAskUserStore,
  client: typeof client.createGatewayClient,
}));
`;
