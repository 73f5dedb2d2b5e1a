/**
 * Server rendering of the built main entry, on both React majors of the peer range: `renderToString`
 * of AskUserProvider + AskUserDock (+ AskUserTranscript) must log nothing — React 18 warns
 * "useLayoutEffect does nothing on the server" for every layout effect it meets. The store holds a
 * prompt, but zustand renders a store's *initial* state on the server (its server snapshot): the
 * first page is the idle dock, as in an app whose prompts arrive over the gateway later; the second
 * serves the current state as the snapshot, so the open panel's parts render on the server too.
 *
 * Each render runs in its own plain Node process (React's dev build, as a dev server would run it).
 * For React 18 a module-resolve hook sends every `react` / `react-dom` import — the kit's, zustand's
 * and Radix's alike — to the cached React 18 install of the components-react18 leg, so one React
 * serves the whole tree. Needs `npm run build` first.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import installReact18 from "./react18-install.js";
import { REACT18_VERSION, react18Folder } from "./react18.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const dist = (file: string) => pathToFileURL(join(root, "dist", file)).href;

/** Resolves React from another folder, whoever imports it (ESM imports; React's own requires stay inside its folder). */
function reactFrom(folder: string): string {
  const parent = pathToFileURL(join(folder, "package.json")).href;
  const hooks = `export async function resolve(specifier, context, next) {
  return /^react(-dom)?(\\/|$)/.test(specifier) ? next(specifier, { ...context, parentURL: ${JSON.stringify(parent)} }) : next(specifier, context);
}`;
  return `import { register } from "node:module";
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
}

const PROBE = `
const logged = [];
for (const level of ["error", "warn"]) console[level] = (...args) => logged.push(level + ": " + args.map(String).join(" "));
const React = (await import("react")).default;
const server = await import("react-dom/server");
const renderToString = server.renderToString ?? server.default.renderToString;
const kit = await import(${JSON.stringify(dist("index.js"))});
const { normalizeAskUserInput, parseQuestionRecord } = await import(${JSON.stringify(dist("contract.js"))});

const input = normalizeAskUserInput({ questions: [{ id: "target", header: "Target", question: "Where should this deploy?", options: [{ label: "Staging" }, { label: "Production" }] }] });
const parsed = parseQuestionRecord({ id: "ask_0123456789abcdef", questions: input.value.questions, createdAtMs: Date.now(), expiresAtMs: Date.now() + 60_000, status: "pending" });
if (!parsed.ok) throw new Error("fixture record did not parse");
const store = kit.createAskUserStore({ storage: null, autoExpire: false });
store.getState().upsertRecord(parsed.value);

const h = React.createElement;
const page = (api) =>
  renderToString(
    h(kit.AskUserProvider, { store: api, locale: "en" },
      h(kit.AskUserTranscript, { runId: "run-1" }),
      h(kit.AskUserDock, null, h("textarea", { "aria-label": "Message" }))),
  );
const idle = page(store);
// Same store, but its server snapshot is the current state: the open panel, its options and
// buttons render on the server too, as they would for an app that hands a filled store to SSR.
const open = page({ ...store, getInitialState: store.getState });
store.getState().destroy?.();
console.log(JSON.stringify({
  version: React.version,
  rendered: idle.includes('data-slot="ask-user-dock"') && open.includes("Where should this deploy?"),
  logged,
}));
`;

function render(preload?: string): Promise<{ version: string; rendered: boolean; logged: string[] }> {
  const args = [...(preload ? ["--import", `data:text/javascript,${encodeURIComponent(preload)}`] : []), "--input-type=module", "-e", PROBE];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { cwd: root, timeout: 60_000, env: { ...process.env, NODE_ENV: "development" } }, (error, stdout, stderr) => {
      if (error) reject(new Error(`SSR probe failed:\n${stdout}\n${stderr}`));
      else resolve(JSON.parse(stdout.trim().split("\n").at(-1) as string));
    });
  });
}

describe("server rendering (renderToString) of Provider + Dock + Transcript", () => {
  it("on React 19 renders the idle and the open dock and logs nothing", async () => {
    const result = await render();
    expect(result.version).toMatch(/^19\./);
    expect(result.rendered).toBe(true);
    expect(result.logged).toEqual([]);
  }, 60_000);

  let react18: ReturnType<typeof render> | undefined;
  const renderOn18 = () => {
    installReact18(); // a no-op once the cache folder holds React 18
    return (react18 ??= render(reactFrom(react18Folder())));
  };

  it(`on React ${REACT18_VERSION} renders the idle and the open dock`, async () => {
    const result = await renderOn18();
    expect(result.version).toBe(REACT18_VERSION);
    expect(result.rendered).toBe(true);
  }, 240_000);

  it(`on React ${REACT18_VERSION} logs nothing (no "useLayoutEffect does nothing on the server")`, async () => {
    const result = await renderOn18();
    expect(result.logged).toEqual([]);
  }, 240_000);
});
