/**
 * `npm run bench:control-ui`: the kit's playground, OpenClaw's own Control UI, and that Control UI
 * with the kit in place of its native panel, side by side on one real gateway (the pinned openclaw
 * of scripts/openclaw, started as `npm run test:openclaw` starts it: same cache, same loopback-only
 * network namespace; skipped with the reason where `unshare` is not allowed), in Debian's Chromium,
 * in alternating blocks (kit, Control UI, kit in it; then the reverse; each block a fresh browser
 * context with one page, the others closed). The gateway serves the Control UI copy with the kit's
 * adapter (scripts/openclaw/control-ui-root.mjs); the native side opens it with `?ask-user-kit=off`,
 * where the adapter does nothing, so both Control UI sides load the same files.
 *
 * Every page shows the same chat session: one the bench creates with `sessions.create` (the Control
 * UI opened on it from the gateway's origin, the token in the URL fragment; the playground with
 * `?session=`) and deletes at the end. Questions come from the bench's own operator connection
 * (`question.request`, no language model): two steps, single-select, Other allowed. Every
 * question gives one sample of series 3 and 4 and one of series 1 or 2 (alternating), then is
 * cancelled and the bench waits until it is gone.
 *
 * Clocks, the same for both UIs (the probe is bench/control-ui/probe.browser.js):
 *   end of every series = the first frame in which an element holding the marker text (the
 *     question's text, with a unique token) is rendered — has a layout box ≥ 4×4 px and is not
 *     display:none / visibility:hidden — taken at a task queued from that frame's
 *     requestAnimationFrame callback (it runs once the frame is produced). A MutationObserver on
 *     the document and every shadow root spots the marker; fades and slides are not waited for.
 *   1. in-page click: from the `click` event's timeStamp (el.click() on option 1's clickable
 *      element, dispatched from page script) to the first frame with step 2's question.
 *   2. real click: page.mouse.click (CDP Input.dispatchMouseEvent press + release, the pointer
 *      already hovering there) from the `pointerdown` event's timeStamp (the press's input time)
 *      to the first frame with step 2's question.
 *   3. request → shown: from when the bench's client handed the `question.request` frame to its
 *      socket (Node, epoch ms) to the first frame with the question; page times are moved to the
 *      Node clock by an offset measured per sample over CDP (the round trip with the least spread).
 *   4. receipt → shown: from the page's receipt of the `question.requested` frame (a first
 *      "message" listener the probe adds to every WebSocket the page opens) to the first frame
 *      with the question.
 * The playground is a production build (bench/control-ui/playground-server.ts), like the Control
 * UI. Figures on a shared 2-core machine are noisy: read the ratios, which come from interleaved
 * blocks, and the load average printed before and after.
 * With --trace, after the table it also traces `--trace-clicks` questions per side, each shown and
 * answered by a real click (Chromium performance trace, V8 sampler on; not in the table), and
 * prints where each side's main thread spent showing the question (receipt → frame) and the step
 * change (bench/control-ui/trace-report.ts).
 * Every block's first question on a side is its first since the page loaded: on the kit-in-the-
 * Control-UI side that is when the kit's code loads (the page's startup carries only a 1 KB
 * loader). Those are kept apart as "first question (cold)", with series 3 and 4, against the
 * block's later questions ("warm").
 * Before the browser blocks (and before the playground is served), the resolve round trip on the
 * same gateway: the kit vs a raw WebSocket client (bench/control-ui/resolve-round-trip.ts), printed
 * after the table (reported, no goal); --resolve-only prints it alone. After the blocks, what a
 * streaming chat costs the page with the kit on and off (bench/control-ui/streaming.ts;
 * --stream-runs per side, --stream-words per reply), and the bytes the page's startup pays for the
 * kit (bench/control-ui-size.ts).
 * Then the feature plugin, on a second, stock gateway with the packed plugin installed and the lab
 * on (bench/control-ui/plugin-sides.ts): its Questions page vs the native dock of the same page in
 * alternating blocks (the same series, cold and warm), the plugin's bytes and how many of them the
 * page fetched before it connected, and a streaming chat with the plugin on vs the page as shipped.
 * --plugin-only runs that part alone.
 *   npm run bench:control-ui [-- --blocks 6 --per-block 10 --warmup 2 --resolve-samples 500 --resolve-only --plugin-only --stream-runs 4 --stream-words 300 --trace --trace-clicks 20]
 */
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.js";
import { buildAdapter, prepareControlUiRoot } from "../../scripts/openclaw/control-ui-root.mjs";
import { startPluginGateway } from "../../scripts/openclaw/plugin.mjs";
import { freePort, startOpenClawGateway } from "../../scripts/openclaw/start-gateway.mjs";
import { OPENCLAW_VERSION } from "../../scripts/openclaw/paths.mjs";
import { controlUiKitSize } from "../control-ui-size.js";
import { median, quantile } from "../stats.js";
import { type BenchGatewayClient, connectBenchClient } from "./gateway-client.js";
import { runInLoopbackNamespace } from "./namespace.js";
import { servePlayground } from "./playground-server.js";
import { measurePluginBytes, measurePluginSides, PLUGIN_ASSETS, type PluginBytes, type PluginSamples, pluginPageUrls } from "./plugin-sides.js";
import { measureRealResolve, printRealResolve } from "./resolve-round-trip.js";
import { measureStreaming, printStreaming } from "./streaming.js";
import { TRACE_CATEGORIES, reportShownTrace, reportTrace } from "./trace-report.js";
import { type OpenSide, type Sample, type SideName, openSide } from "./sides.js";

const say = (line: string) => console.log(`[bench:control-ui] ${line}`);

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a positive integer`);
  return value;
}

interface Gateway {
  url: string;
  token: string;
  port: number;
  stop(): Promise<void>;
}

async function main(): Promise<number> {
  const blocks = option("blocks", 6);
  const perBlock = option("per-block", 10);
  const warmup = option("warmup", 2);
  const resolveSamples = option("resolve-samples", 500);
  const resolveOnly = process.argv.includes("--resolve-only");
  const streamRuns = option("stream-runs", 4);
  const streamWords = option("stream-words", 300);
  const pluginOnly = process.argv.includes("--plugin-only");
  const loadBefore = loadavg();
  const playgroundPort: number = await freePort();
  const playgroundOrigin = `http://127.0.0.1:${playgroundPort}`;
  let gateway: Gateway | undefined;
  let pluginGateway: Gateway | undefined;
  const closers: (() => Promise<unknown>)[] = [];
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    // The gateway serves the Control UI with the kit in it; `?ask-user-kit=off` is that page as
    // OpenClaw ships it (the adapter does nothing), so both Control UI sides load the same files.
    await buildAdapter({ log: say });
    const controlUiRoot = prepareControlUiRoot({ log: say });
    // The scripted model streams the replies of the streaming runs; questions come from question.request.
    gateway = (await startOpenClawGateway({ fakeModel: true, allowedOrigins: [playgroundOrigin], controlUiRoot, log: say })) as Gateway;
    const client = await connectBenchClient(gateway.url, gateway.token);
    closers.push(async () => client.close());
    const created = await client.request<{ key: string }>("sessions.create", {
      agentId: "main",
      label: `bench-control-ui-${randomBytes(3).toString("hex")}`,
    });
    const sessionKey = created.key;
    closers.push(() =>
      client.request("sessions.delete", { key: sessionKey, deleteTranscript: true }).then(() => say(`deleted session ${sessionKey}`)),
    );
    say(`session ${sessionKey}`);
    // First, while the bench's asker is this process's only other client of the gateway (the
    // playground's demo agent connects once it is served).
    const resolveLoad = loadavg();
    const resolveRun = await measureRealResolve({ url: gateway.url, token: gateway.token, sessionKey }, { warmup: 30, samples: resolveSamples });
    const printResolve = () => {
      printRealResolve(resolveRun, resolveSamples);
      console.log(`load average before the round trips: ${resolveLoad.map((value) => value.toFixed(2)).join(" ")}`);
    };
    say(`resolve round trip: ${resolveSamples} samples per side`);
    if (resolveOnly) {
      printResolve();
      return 0;
    }
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    closers.push(() => browser.close());
    const rest = sessionKey.split(":").slice(2).map(encodeURIComponent).join("/");
    const offPage = `http://127.0.0.1:${gateway.port}/chat/main/${rest}?ask-user-kit=off#token=${gateway.token}`;
    if (pluginOnly) {
      pluginGateway = (await startPluginGateway({ fakeModel: true, log: say })) as Gateway;
      await benchPlugin(
        browser,
        pluginGateway,
        { blocks, perBlock, warmup, streamRuns, streamWords, firstSample: 0, interrupted: () => interrupted },
        {
          url: offPage,
          client,
          sessionKey,
        },
      );
      return interrupted ? 130 : 0;
    }
    const playground = await servePlayground({ port: playgroundPort, gatewayUrl: gateway.url, token: gateway.token });
    closers.push(() => playground.close());
    const urls: Record<SideName, string> = {
      kit: `${playgroundOrigin}/?session=${encodeURIComponent(sessionKey)}`,
      controlUi: offPage,
      kitInControlUi: `http://127.0.0.1:${gateway.port}/chat/main/${rest}#token=${gateway.token}`,
    };
    const samples: Record<SideName, Sample[]> = { kit: [], controlUi: [], kitInControlUi: [] };
    const cold: Record<SideName, Sample[]> = { kit: [], controlUi: [], kitInControlUi: [] };
    let n = 0;
    for (let block = 0; block < blocks && !interrupted; block += 1) {
      // ABC CBA: every side as often first as last.
      const order: SideName[] = block % 2 === 0 ? ["kit", "controlUi", "kitInControlUi"] : ["kitInControlUi", "controlUi", "kit"];
      for (const name of order) {
        if (interrupted) break;
        const side: OpenSide = await openSide(browser, name, urls[name], { client, sessionKey, runTag: randomBytes(2).toString("hex") });
        try {
          // The page's first question, then warm-up ones (they also wait out the page's start).
          cold[name].push(await side.sample(++n, block % 2 === 0 ? "inPage" : "cdp"));
          for (let i = 1; i < warmup; i += 1) await side.sample(++n, i % 2 === 0 ? "inPage" : "cdp");
          for (let i = 0; i < perBlock && !interrupted; i += 1) samples[name].push(await side.sample(++n, (block + i) % 2 === 0 ? "inPage" : "cdp"));
        } finally {
          await side.close();
        }
        say(`block ${block + 1}/${blocks} ${name}: ${perBlock} questions`);
      }
    }
    const loadAfter = loadavg();
    printTable(samples, { chromium: browser.version(), blocks, perBlock, loadBefore, loadAfter });
    printFirstQuestion(
      (["kitInControlUi", "controlUi", "kit"] as const).map((name) => ({
        label: { kit: "kit (playground)", controlUi: "CUI (native panel)", kitInControlUi: "kit in the CUI page" }[name],
        cold: cold[name],
        warm: samples[name],
      })),
      "on the kit-in-CUI side, the kit's code loads then",
    );
    printResolve();
    if (!interrupted) {
      const streamLoad = loadavg();
      const streaming = await measureStreaming(browser, {
        sides: {
          kitOn: { url: urls.kitInControlUi, client, sessionKey, panel: "kit", kitAssets: "/assets/ask-user-kit/" },
          kitOff: { url: urls.controlUi, client, sessionKey, panel: "native", kitAssets: "/assets/ask-user-kit/" },
        },
        runs: streamRuns,
        words: streamWords,
        onRun: (side, index) => say(`streaming run ${index + 1}/${streamRuns}: kit ${side === "kitOn" ? "on" : "off"}`),
      });
      printStreaming(streaming, streamWords, "the kit in place of the native panel vs off (the page as shipped)");
      console.log(`load average before the streaming runs: ${streamLoad.map((value) => value.toFixed(2)).join(" ")}`);
    }
    const size = await controlUiKitSize();
    console.log(
      `\nthe page's startup pays for the kit ${size.startup} B gzip (start.js ${size.startupFile} B + its tag ${size.tag ?? "?"} B; budget 1024 B); the first question or chip loads ${(size.chunk / 1024).toFixed(1)} KB gzip (kit-*.js)`,
    );
    rmSync(size.outDir, { recursive: true, force: true });
    if (!interrupted) {
      pluginGateway = (await startPluginGateway({ fakeModel: true, log: say })) as Gateway;
      await benchPlugin(
        browser,
        pluginGateway,
        { blocks, perBlock, warmup, streamRuns, streamWords, firstSample: n, interrupted: () => interrupted },
        {
          url: offPage,
          client,
          sessionKey,
        },
      );
    }
    if (process.argv.includes("--trace")) {
      const clicks = option("trace-clicks", 20);
      console.log(
        `\nquestion shown and step change traced (${clicks} questions and real clicks per side; tracing slows both, compare the sides, not these figures with the table):`,
      );
      for (const name of ["kit", "controlUi", "kitInControlUi"] as const) {
        if (interrupted) break;
        const side = await openSide(browser, name, urls[name], { client, sessionKey, runTag: randomBytes(2).toString("hex") });
        try {
          for (let i = 0; i < warmup; i += 1) await side.sample(++n, "cdp");
          await side.page.evaluate("window.__bench.traceMarks()");
          await browser.startTracing(side.page, { categories: TRACE_CATEGORIES });
          const traced: Sample[] = [];
          for (let i = 0; i < clicks && !interrupted; i += 1) traced.push(await side.sample(++n, "cdp"));
          const trace = await browser.stopTracing();
          const label = { kit: "kit (playground)", controlUi: "Control UI", kitInControlUi: "kit in the Control UI" }[name];
          reportShownTrace(
            `${label}, question shown`,
            trace,
            traced.map((sample) => sample.receiptToShown),
          );
          reportTrace(
            `${label}, step change`,
            trace,
            traced.map((sample) => sample.clickToStep2),
          );
        } finally {
          await side.close();
        }
      }
    }
    return interrupted ? 130 : 0;
  } catch (error) {
    console.error(`[bench:control-ui] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    for (const close of closers.reverse())
      await close().catch((error: unknown) => say(`cleanup: ${error instanceof Error ? error.message : String(error)}`));
    if (pluginGateway) await pluginGateway.stop();
    if (gateway) await gateway.stop();
  }
}

/**
 * The feature plugin on its own stock gateway: its Questions page vs the native dock of the same
 * page, the plugin's bytes, and a streaming chat with the plugin on vs the page as shipped (`off`:
 * the harness gateway's `?ask-user-kit=off` page, the same OpenClaw files on another gateway process).
 */
async function benchPlugin(
  browser: Browser,
  plugin: Gateway,
  run: { blocks: number; perBlock: number; warmup: number; streamRuns: number; streamWords: number; firstSample: number; interrupted(): boolean },
  off: { url: string; client: BenchGatewayClient; sessionKey: string },
): Promise<void> {
  const client = await connectBenchClient(plugin.url, plugin.token);
  try {
    const created = await client.request<{ key: string }>("sessions.create", {
      agentId: "main",
      label: `bench-plugin-${randomBytes(3).toString("hex")}`,
    });
    const sessionKey = created.key;
    const urls = pluginPageUrls(`http://127.0.0.1:${plugin.port}`, plugin.token, sessionKey);
    const loadBefore = loadavg();
    const sides = await measurePluginSides(browser, {
      client,
      sessionKey,
      urls,
      blocks: run.blocks,
      perBlock: run.perBlock,
      warmup: run.warmup,
      firstSample: run.firstSample,
      interrupted: run.interrupted,
      onBlock: (block, side) => say(`plugin block ${block + 1}/${run.blocks} ${side}: ${run.perBlock} questions`),
    });
    printPluginSides(sides, loadBefore, loadavg());
    printPluginBytes(await measurePluginBytes(browser, urls.chat));
    if (run.interrupted()) return;
    const streamLoad = loadavg();
    const streaming = await measureStreaming(browser, {
      sides: {
        kitOn: { url: urls.chat, client, sessionKey, panel: "native", kitAssets: PLUGIN_ASSETS },
        kitOff: { ...off, panel: "native", kitAssets: PLUGIN_ASSETS },
      },
      runs: run.streamRuns,
      words: run.streamWords,
      onRun: (side, index) => say(`plugin streaming run ${index + 1}/${run.streamRuns}: plugin ${side === "kitOn" ? "on" : "off"}`),
    });
    printStreaming(streaming, run.streamWords, "the plugin on (its stock gateway) vs off (the page as shipped, on the harness gateway)");
    console.log(`load average before the streaming runs: ${streamLoad.map((value) => value.toFixed(2)).join(" ")}`);
  } finally {
    client.close();
  }
}

function printPluginSides(sides: PluginSamples, loadBefore: number[], loadAfter: number[]): void {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" ");
  console.log(
    `\nthe feature plugin's Questions page vs the native dock — one stock page and gateway (openclaw ${OPENCLAW_VERSION}, the plugin installed, the lab on), alternating blocks`,
  );
  console.log(`load average before: ${load(loadBefore)}   after: ${load(loadAfter)}`);
  printPair("Questions page (Qs) vs CUI (the native dock, plugin installed)", "Qs", sides.warm.questionsPage, sides.warm.nativeDock);
  printFirstQuestion(
    [
      { label: "Questions page", cold: sides.cold.questionsPage, warm: sides.warm.questionsPage },
      { label: "CUI (native dock)", cold: sides.cold.nativeDock, warm: sides.warm.nativeDock },
    ],
    "the page opened directly on the Questions page or the chat; the plugin's code loaded after the page connected",
  );
}

function printPluginBytes(bytes: PluginBytes): void {
  const kb = (value: number) => `${(value / 1024).toFixed(1)} KB`;
  const files = bytes.files.map((file) => `${file.name} ${kb(file.gzip)} gzip (${kb(file.bytes)})`).join(", ");
  console.log(
    `\nthe plugin's assets: ${files}; the page fetched ${bytes.loaded.count} of them (${kb(bytes.loaded.bytes)} as served), ${bytes.beforeConnect.count} (${bytes.beforeConnect.bytes} B) before its connection's hello-ok: the Control UI's startup pays ${bytes.beforeConnect.bytes} B for the plugin`,
  );
}

const SERIES: { label: string; pick(samples: Sample[]): number[] }[] = [
  {
    label: "1. in-page click on option 1 → first frame with step 2",
    pick: (list) => list.filter((s) => s.click === "inPage").map((s) => s.clickToStep2),
  },
  { label: "2. real (CDP) mouse click → first frame with step 2", pick: (list) => list.filter((s) => s.click === "cdp").map((s) => s.clickToStep2) },
  { label: "3. question.request sent → first frame with the question", pick: (list) => list.map((s) => s.requestToShown) },
  { label: "4. page's question.requested → first frame with the question", pick: (list) => list.map((s) => s.receiptToShown) },
];

function printTable(
  samples: Record<SideName, Sample[]>,
  run: { chromium: string; blocks: number; perBlock: number; loadBefore: number[]; loadAfter: number[] },
): void {
  const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" ");
  console.log(
    `\nkit playground, OpenClaw Control UI, and the kit in that Control UI — openclaw ${OPENCLAW_VERSION}, Chromium ${run.chromium}, ${run.blocks} alternating blocks × ${run.perBlock} questions per side`,
  );
  console.log(`load average before: ${load(run.loadBefore)}   after: ${load(run.loadAfter)}   (1, 5, 15 min; 2 cores)`);
  printPair("kit (playground) vs CUI (the Control UI's native panel)", "kit", samples.kit, samples.controlUi);
  printPair(
    "kit in the Control UI page vs CUI (the native panel; same page files, same gateway)",
    "in-CUI",
    samples.kitInControlUi,
    samples.controlUi,
  );
  const probe = (name: SideName, key: "probeShownMs" | "probeStepMs") => `${median(samples[name].map((s) => s[key])).toFixed(2)} ms`;
  const probes = (key: "probeShownMs" | "probeStepMs") =>
    `kit ${probe("kit", key)}, CUI ${probe("controlUi", key)}, in-CUI ${probe("kitInControlUi", key)}`;
  console.log(
    `\nthe probe's own mutation scanning inside the spans, median: question shown ${probes("probeShownMs")}; step 2 ${probes("probeStepMs")}`,
  );
  console.log(
    `(CUI = the gateway's own Control UI; in-CUI = that page with the kit in place of its panel; p90 by nearest rank; clocks as in bench/control-ui/run.ts's header)`,
  );
}

/** Each block's first question on a side (the page had none yet) against the block's later ones. */
function printFirstQuestion(sides: { label: string; cold: Sample[]; warm: Sample[] }[], cold: string): void {
  const ms = (values: number[]) => `${median(values).toFixed(1)} ms`.padStart(10);
  console.log(`\nfirst question after the page loaded (cold: ${cold}) vs later ones (warm), median (n cold / warm)`);
  console.log(`${"side".padEnd(22)} | ${"series".padEnd(30)} | cold       | warm       | cold / warm`);
  for (const { label, cold, warm } of sides) {
    for (const [series, pick] of [
      ["3. question.request → shown", (sample: Sample) => sample.requestToShown],
      ["4. page's receipt → shown", (sample: Sample) => sample.receiptToShown],
    ] as const) {
      const a = cold.map(pick);
      const b = warm.map(pick);
      console.log(
        `${label.padEnd(22)} | ${series.padEnd(30)} | ${ms(a)} | ${ms(b)} | ${(median(a) / median(b)).toFixed(2)} (n ${a.length} / ${b.length})`,
      );
    }
  }
}

function printPair(title: string, name: string, ours: Sample[], theirs: Sample[]): void {
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(9);
  const width = Math.max(...SERIES.map((series) => series.label.length));
  const head = (text: string) => text.padStart(10);
  const bar = (text: string) => "-".repeat(text.length + 2);
  console.log(`\n${title}`);
  console.log(
    `${"series".padEnd(width)} |   n | ${head(`${name} median`)} | ${head(`${name} p90`)} | CUI median |   CUI p90 | ${`${name} / CUI median`.padStart(16)} | ${name} / CUI p90`,
  );
  console.log(
    `${"-".repeat(width)}-|-----|${bar(head(`${name} median`))}|${bar(head(`${name} p90`))}|------------|-----------|${bar(`${name} / CUI median`.padStart(16))}|--------------`,
  );
  for (const series of SERIES) {
    const a = series.pick(ours);
    const b = series.pick(theirs);
    const count = `${Math.min(a.length, b.length)}`.padStart(3);
    const ratioMedian = (median(a) / median(b)).toFixed(2).padStart(16);
    const ratioP90 = (quantile(a, 0.9) / quantile(b, 0.9)).toFixed(2).padStart(13);
    console.log(
      `${series.label.padEnd(width)} | ${count} | ${ms(median(a)).padStart(10)} | ${ms(quantile(a, 0.9))} | ${ms(median(b)).padStart(10)} | ${ms(quantile(b, 0.9))} | ${ratioMedian} | ${ratioP90}`,
    );
  }
}

await runInLoopbackNamespace(fileURLToPath(import.meta.url), main);
