// Starts one real OpenClaw gateway on loopback for tests: isolated HOME/state/config in a temp
// folder, token auth, every outbound feature off, optionally a fake model so `chat.send` runs an
// agent turn that calls `ask_user`. Start it once per suite: it takes 17–34 s and ~1.3 GB.
// Usage: node scripts/openclaw/start-gateway.mjs [--port N] [--token T] [--origin URL]... [--no-fake-model]
import { spawn, spawnSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { FAKE_MODEL_ID, startFakeModel } from "./fake-model.mjs";
import { nodeBin, nodeBinDir, openclawEntry } from "./paths.mjs";

const READY_TIMEOUT_MS = 150_000;
// Clean within ~4 s when idle; on a busy 2-core machine it was seen taking over 10 s. A restart
// keeps the state folder, so it waits that long for the gateway to write it.
const STOP_GRACE_MS = 20_000;
// A gateway whose state folder is thrown away has nothing to write: with an agent run still open
// it ignores SIGTERM for the whole grace, which only made a suite's end 20 s longer.
const DISCARD_GRACE_MS = 3_000;
const FAKE_PROVIDER = "askuserfake";

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The gateway config of spec/openclaw-gateway.md: loopback, token auth, nothing outbound.
 * `customPlugins` turns on Settings → Labs → Custom plugin UI, the one setting a feature plugin's
 * browser code needs.
 */
export function gatewayConfig({ port, token, home, allowedOrigins = [], controlUiRoot, customPlugins = false, fakeModelBaseUrl }) {
  const controlUi = {
    ...(allowedOrigins.length > 0 ? { allowedOrigins } : {}),
    ...(controlUiRoot ? { root: controlUiRoot } : {}),
    ...(customPlugins ? { experimental: { customPlugins: true } } : {}),
  };
  const config = {
    gateway: {
      mode: "local",
      port,
      bind: "loopback",
      auth: { mode: "token", token },
      tailscale: { mode: "off" },
      ...(Object.keys(controlUi).length > 0 ? { controlUi } : {}),
    },
    discovery: { mdns: { mode: "off" } },
    update: { checkOnStart: false },
    logging: { file: join(home, "logs", "openclaw.log") },
    models: { catalogRefresh: { enabled: false } },
    agents: { defaults: { heartbeat: { every: "0m" } } },
    tools: { toolSearch: false },
  };
  if (fakeModelBaseUrl) {
    config.models.providers = {
      [FAKE_PROVIDER]: {
        baseUrl: fakeModelBaseUrl,
        apiKey: "fake-key",
        api: "openai-completions",
        models: [
          {
            id: FAKE_MODEL_ID,
            name: "ask-user fake model",
            reasoning: false,
            input: ["text"],
            cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
            contextWindow: 128000,
            maxTokens: 4096,
          },
        ],
      },
    };
    config.agents.defaults.model = { primary: `${FAKE_PROVIDER}/${FAKE_MODEL_ID}` };
  }
  return config;
}

/**
 * What a test runner puts in the environment: OpenClaw reads `VITEST` as its own test mode (silent
 * logs, test-only hooks), so a gateway or CLI started from inside a test would not be the one
 * people run.
 */
const TEST_RUNNER_ENV = /^(VITEST|VITE_|__VITEST|NODE_ENV$|TEST$|MODE$|DEV$|PROD$|SSR$|BASE_URL$)/;

/** Environment of every openclaw process: isolated folders, Node 24 first on PATH, nothing outbound. */
export function gatewayEnv(home) {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !TEST_RUNNER_ENV.test(key)));
  return {
    ...inherited,
    PATH: `${nodeBinDir}:${process.env.PATH ?? ""}`,
    HOME: home,
    OPENCLAW_HOME: home,
    OPENCLAW_STATE_DIR: join(home, "state"),
    OPENCLAW_CONFIG_PATH: join(home, "openclaw.json"),
    OPENCLAW_DISABLE_BONJOUR: "1",
    OPENCLAW_NO_AUTO_UPDATE: "1",
    OPENCLAW_SKIP_CHANNELS: "1",
    OPENCLAW_NO_RESPAWN: "1",
    TMPDIR: join(home, "tmp"),
  };
}

/**
 * One `connect` attempt: resolves "ready", or `{retryAfterMs}` while the gateway is refusing
 * connections or answering UNAVAILABLE; rejects on any other error (wrong token, bad params).
 */
function tryConnect(url, token) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const id = randomUUID();
    const settle = (fn, value) => {
      ws.removeAllListeners();
      ws.on("error", () => {});
      ws.terminate();
      fn(value);
    };
    const timer = setTimeout(() => settle(resolve, { retryAfterMs: 500 }), 10_000);
    ws.on("error", () => {
      clearTimeout(timer);
      settle(resolve, { retryAfterMs: 500 });
    });
    ws.on("close", () => {
      clearTimeout(timer);
      settle(resolve, { retryAfterMs: 500 });
    });
    ws.on("message", (data) => {
      let frame;
      try {
        frame = JSON.parse(String(data));
      } catch {
        return;
      }
      if (frame.type === "event" && frame.event === "connect.challenge") {
        ws.send(
          JSON.stringify({
            type: "req",
            id,
            method: "connect",
            params: {
              minProtocol: 4,
              maxProtocol: 4,
              client: { id: "cli", version: "0.0.0", platform: process.platform, mode: "cli" },
              role: "operator",
              scopes: ["operator.questions"],
              caps: [],
              auth: { token },
            },
          }),
        );
        return;
      }
      if (frame.type !== "res" || frame.id !== id) return;
      clearTimeout(timer);
      if (frame.ok) settle(resolve, "ready");
      else if (frame.error?.code === "UNAVAILABLE" || frame.error?.retryable)
        settle(resolve, { retryAfterMs: Number(frame.error.retryAfterMs) || 500 });
      else settle(reject, new Error(`connect failed: ${frame.error?.code} ${frame.error?.message}`));
    });
  });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * `openclaw plugins install <archive> --force --accept-capabilities` into `home`, whose config the
 * install extends with the plugin's entry. A local archive is not from ClawHub (`--force`), and
 * installing means consenting to the capabilities its manifest declares (the second flag).
 */
function installPluginArchive(env, archive, log) {
  const startedAt = Date.now();
  const result = spawnSync(nodeBin, [openclawEntry, "plugins", "install", archive, "--force", "--accept-capabilities"], {
    env,
    cwd: env.HOME,
    encoding: "utf8",
  });
  if (result.error) throw new Error(`could not run openclaw plugins install: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`openclaw plugins install ${archive} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  log(`plugin ${archive} installed in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
}

function tail(path, lines = 40) {
  try {
    return readFileSync(path, "utf8").split("\n").slice(-lines).join("\n");
  } catch {
    return "(no output)";
  }
}

/**
 * Starts a real OpenClaw gateway and waits until `connect` succeeds. `fakeModel` (default true)
 * also starts the scripted model of fake-model.mjs and makes it the agent's primary model.
 * `pluginArchives` are installed with `openclaw plugins install` before the gateway starts.
 */
export async function startOpenClawGateway({
  port,
  token,
  allowedOrigins = [],
  controlUiRoot,
  customPlugins = false,
  pluginArchives = [],
  fakeModel = true,
  home: givenHome,
  log = () => {},
} = {}) {
  if (!existsSync(openclawEntry) || !existsSync(nodeBin)) {
    throw new Error(`OpenClaw or Node 24 is missing under the cache; run: node scripts/openclaw/install.mjs`);
  }
  const gatewayPort = port ?? (await freePort());
  const gatewayToken = token ?? randomBytes(16).toString("hex");
  // OpenClaw writes these into the system temp folder whatever TMPDIR says: remove them only if
  // this start created them, so a gateway somebody else runs keeps its folders.
  const uid = process.getuid?.() ?? 0;
  const strayFolders = [
    join(tmpdir(), "openclaw"),
    join(tmpdir(), `openclaw-state-locks-${uid}`),
    join("/tmp", "openclaw"),
    join("/tmp", `openclaw-state-locks-${uid}`),
  ].filter((path, index, all) => all.indexOf(path) === index && !existsSync(path));
  // A restart passes the stopped gateway's folder (stop({ keepHome: true })), as a real restart
  // keeps its state: it skips the first start's state migrations, and this start now owns it.
  const home = givenHome ?? mkdtempSync(join(tmpdir(), "ask-user-openclaw-"));
  for (const sub of ["state", "tmp", "logs"]) mkdirSync(join(home, sub), { recursive: true });
  const env = gatewayEnv(home);
  // Every model request is logged next to the gateway's own logs: the first place to look when a
  // chat.send never reaches ask_user.
  const modelLog = fakeModel ? createWriteStream(join(home, "logs", "fake-model.jsonl")) : undefined;
  const model = fakeModel
    ? await startFakeModel({
        onRequest: ({ body, turn }) =>
          modelLog.write(
            `${JSON.stringify({ at: new Date().toISOString(), turn, messages: (body.messages ?? []).map((m) => ({ role: m.role, content: typeof m.content === "string" ? m.content.slice(0, 400) : m.content, tool_calls: m.tool_calls })) })}\n`,
          ),
      })
    : undefined;
  let child;
  const cleanup = async ({ keepHome = false } = {}) => {
    await model?.close();
    modelLog?.end();
    if (!keepHome) rmSync(home, { recursive: true, force: true });
    for (const path of strayFolders) rmSync(path, { recursive: true, force: true });
  };
  try {
    writeFileSync(
      env.OPENCLAW_CONFIG_PATH,
      JSON.stringify(
        gatewayConfig({
          port: gatewayPort,
          token: gatewayToken,
          home,
          allowedOrigins,
          controlUiRoot,
          customPlugins,
          fakeModelBaseUrl: model?.baseUrl,
        }),
        null,
        2,
      ),
    );
    for (const archive of pluginArchives) installPluginArchive(env, archive, log);
    const outputPath = join(home, "logs", "gateway-output.log");
    const output = createWriteStream(outputPath);
    const startedAt = Date.now();
    child = spawn(
      nodeBin,
      [openclawEntry, "gateway", "run", "--port", String(gatewayPort), "--bind", "loopback", "--auth", "token", "--token", gatewayToken],
      {
        env,
        cwd: home,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    child.stdout.pipe(output);
    child.stderr.pipe(output);
    const exited = new Promise((done) => child.once("exit", (code, signal) => done({ code, signal })));
    let exitInfo;
    exited.then((info) => (exitInfo = info));
    log(`openclaw gateway pid ${child.pid} on 127.0.0.1:${gatewayPort} (home ${home})`);
    const url = `ws://127.0.0.1:${gatewayPort}`;
    for (;;) {
      if (exitInfo) throw new Error(`openclaw gateway exited early (${JSON.stringify(exitInfo)}):\n${tail(outputPath)}`);
      if (Date.now() - startedAt > READY_TIMEOUT_MS) throw new Error(`openclaw gateway not ready after ${READY_TIMEOUT_MS} ms:\n${tail(outputPath)}`);
      const outcome = await tryConnect(url, gatewayToken);
      if (outcome === "ready") break;
      await sleep(Math.min(outcome.retryAfterMs, 2_000));
    }
    const startMs = Date.now() - startedAt;
    log(`openclaw gateway ready in ${(startMs / 1000).toFixed(1)} s`);
    let stopping;
    const stop = ({ keepHome = false } = {}) =>
      (stopping ??= (async () => {
        if (!exitInfo) {
          const graceMs = keepHome ? STOP_GRACE_MS : DISCARD_GRACE_MS;
          child.kill("SIGTERM");
          const timedOut = await Promise.race([exited.then(() => false), sleep(graceMs).then(() => true)]);
          if (timedOut) {
            log(`openclaw gateway pid ${child.pid} ignored SIGTERM for ${graceMs} ms; sending SIGKILL`);
            child.kill("SIGKILL");
            await exited;
          }
        }
        output.end();
        await cleanup({ keepHome });
      })());
    return { url, token: gatewayToken, port: gatewayPort, pid: child.pid, home, startMs, fakeModelUrl: model?.baseUrl, stop };
  } catch (error) {
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await Promise.race([new Promise((done) => child.once("exit", done)), sleep(STOP_GRACE_MS)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    await cleanup();
    throw error;
  }
}

function parseArgs(argv) {
  const options = { allowedOrigins: [], fakeModel: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--port") options.port = Number(argv[++i]);
    else if (arg === "--token") options.token = argv[++i];
    else if (arg === "--origin") options.allowedOrigins.push(argv[++i]);
    else if (arg === "--no-fake-model") options.fakeModel = false;
    else throw new Error(`unknown option ${arg}; use --port N, --token T, --origin URL, --no-fake-model`);
  }
  return options;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const gateway = await startOpenClawGateway({ ...parseArgs(process.argv.slice(2)), log: (line) => console.log(line) });
  console.log(JSON.stringify({ url: gateway.url, token: gateway.token, pid: gateway.pid }));
  console.log("Press Ctrl+C to stop.");
  // `on`, not `once`: a second Ctrl+C must not kill this process before the gateway is stopped.
  const shutdown = () => gateway.stop().then(() => process.exit(0));
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
