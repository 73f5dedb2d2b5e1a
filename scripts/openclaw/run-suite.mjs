// `npm run test:openclaw`: the integration suite against one real OpenClaw gateway, inside a
// loopback-only network namespace so nothing the gateway tries can leave the machine.
//   1. install the pinned Node 24 + OpenClaw into the cache (needs the npm registry);
//   2. re-run this script under `unshare --net` with only `lo` up;
//   3. build the kit's Control UI adapter and the served copy of the Control UI with it
//      (control-ui-root.mjs), so the gateway serves the Control UI with the kit in it;
//   4. start the gateway once, run the gateway-facing integration suites against it,
//      stop it and clean up (also on failure and on SIGINT/SIGTERM); exit with vitest's code.
// The gateway is this process's child, so a test that must restart it mid-prompt (the fault
// schedules' real leg) asks this process:
// `POST /restart` to ASK_USER_GATEWAY_CONTROL_URL (loopback) stops it and starts a fresh one on
// the same port and token, answering once it accepts `connect`.
// Extra arguments go to vitest, e.g. `npm run test:openclaw -- test/integration/openclaw-protocol.test.ts`.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildAdapter, prepareControlUiRoot } from "./control-ui-root.mjs";
import { installOpenClaw } from "./install.mjs";
import { cacheDir } from "./paths.mjs";
import { startOpenClawGateway } from "./start-gateway.mjs";

const INSIDE = "ASK_USER_OPENCLAW_NETNS";
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const self = fileURLToPath(import.meta.url);
const say = (line) => console.log(`[test:openclaw] ${line}`);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Why a loopback-only namespace cannot be made here, or undefined when it can. */
function namespaceProblem() {
  const probe = spawnSync("unshare", ["--net", "sh", "-c", "ip link set lo up"], { encoding: "utf8" });
  if (probe.error) return `cannot run unshare (${probe.error.message}); it comes with util-linux`;
  if (probe.status === 0) return undefined;
  const detail = `${probe.stderr ?? ""}`.trim();
  if (/ip: not found|ip: command not found/.test(detail))
    return `\`ip\` is missing inside the namespace; install iproute2 (apt-get install -y iproute2)`;
  return `\`unshare --net\` is not permitted here (${detail || `exit ${probe.status}`}); run as root or with CAP_SYS_ADMIN (e.g. a privileged CI container)`;
}

function outside() {
  const startedAt = Date.now();
  try {
    installOpenClaw();
  } catch (error) {
    console.error(`[test:openclaw] install failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  say(`install step took ${seconds(Date.now() - startedAt)}`);
  const problem = namespaceProblem();
  if (problem) {
    // Running without the namespace would let the gateway reach the network: refuse instead.
    console.error(`[test:openclaw] cannot isolate the gateway: ${problem}. The suite does not run outside a loopback-only namespace.`);
    process.exit(1);
  }
  const child = spawn("unshare", ["--net", "sh", "-c", 'ip link set lo up && exec "$0" "$@"', process.execPath, self, ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, [INSIDE]: "1" },
  });
  // unshare execs sh, which execs node: the child's pid is the inner run, which cleans up on a signal.
  const forward = (signal) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  child.on("exit", (code, signal) => {
    say(`whole run took ${seconds(Date.now() - startedAt)}`);
    process.exit(code ?? (signal === "SIGINT" ? 130 : 143));
  });
}

async function inside() {
  const interfaces = Object.keys(networkInterfaces());
  if (interfaces.some((name) => name !== "lo")) {
    console.error(
      `[test:openclaw] expected a loopback-only namespace, found interfaces ${interfaces.join(", ")}; start with \`npm run test:openclaw\`.`,
    );
    process.exit(1);
  }
  let gateway;
  let vitest;
  let interrupted;
  const onSignal = (signal) => {
    interrupted = signal;
    if (vitest && vitest.exitCode === null) vitest.kill("SIGTERM");
    else if (!vitest) void finish(signal === "SIGINT" ? 130 : 143);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);

  let finishing;
  let restarting;
  let control;
  const finish = (code) =>
    (finishing ??= (async () => {
      control?.close();
      await restarting?.catch(() => {});
      if (gateway) {
        if (code !== 0) {
          const kept = join(cacheDir, "last-run-logs");
          rmSync(kept, { recursive: true, force: true });
          cpSync(join(gateway.home, "logs"), kept, { recursive: true });
          say(`gateway and fake-model logs kept in ${kept}`);
        }
        const stopAt = Date.now();
        await gateway.stop();
        say(`gateway stopped in ${seconds(Date.now() - stopAt)}`);
      }
      process.exit(code);
    })());

  let controlUiRoot;
  try {
    await buildAdapter({ log: say });
    controlUiRoot = prepareControlUiRoot({ log: say });
  } catch (error) {
    console.error(
      `[test:openclaw] the Control UI with the kit could not be prepared: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return finish(1);
  }
  try {
    gateway = await startOpenClawGateway({ controlUiRoot, log: say });
  } catch (error) {
    console.error(`[test:openclaw] the gateway did not start: ${error instanceof Error ? error.message : String(error)}`);
    return finish(1);
  }
  if (interrupted) return finish(interrupted === "SIGINT" ? 130 : 143);

  // One restart at a time; a failed start leaves no gateway, and the tests that follow fail to connect.
  const restart = async () => {
    const { port, token, home } = gateway;
    const stopAt = Date.now();
    await gateway.stop({ keepHome: true });
    gateway = undefined;
    say(`gateway stopped for a restart in ${seconds(Date.now() - stopAt)}`);
    if (finishing) {
      rmSync(home, { recursive: true, force: true });
      throw new Error("the suite is finishing");
    }
    // Same port, token and state folder: what a person's `openclaw gateway restart` keeps.
    gateway = await startOpenClawGateway({ port, token, home, controlUiRoot, log: say });
  };
  control = createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/restart") return void response.writeHead(404).end("POST /restart only");
    restarting = (restarting ?? Promise.resolve())
      .catch(() => {})
      .then(() => (gateway ? restart() : Promise.reject(new Error("no gateway is running"))));
    restarting.then(
      () => response.writeHead(200).end("restarted"),
      (error) => response.writeHead(500).end(error instanceof Error ? error.message : String(error)),
    );
  });
  await new Promise((resolve) => control.listen(0, "127.0.0.1", resolve));
  const controlUrl = `http://127.0.0.1:${control.address().port}`;

  const testsAt = Date.now();
  // The suites that talk to a gateway; the embedded-only ones already ran in `npm test`. One file at
  // a time: the real gateway's agent turns queue behind each other, so a probe's pending ask_user
  // would hold back a scenario's turn in a parallel file.
  const files =
    process.argv.length > 2
      ? process.argv.slice(2)
      : [
          "test/integration/scenarios.test.ts",
          "test/integration/openclaw-protocol.test.ts",
          "test/integration/fault-schedules-live.test.ts",
          "test/control-ui/control-ui-browser.test.ts",
          "test/control-ui-plugin/plugin-browser.test.ts",
        ];
  const args = ["run", "--project", "node", "--no-file-parallelism", ...files];
  say(`vitest ${args.join(" ")}`);
  // vitest's own bin rather than npx, so a signal reaches vitest itself.
  vitest = spawn(process.execPath, [join(repoRoot, "node_modules", "vitest", "vitest.mjs"), ...args], {
    cwd: repoRoot,
    stdio: "inherit",
    env: {
      ...process.env,
      ASK_USER_GATEWAY: "openclaw",
      ASK_USER_GATEWAY_URL: gateway.url,
      ASK_USER_GATEWAY_TOKEN: gateway.token,
      ASK_USER_GATEWAY_CONTROL_URL: controlUrl,
      ASK_USER_CONTROL_UI_URL: `http://127.0.0.1:${gateway.port}`,
    },
  });
  vitest.on("exit", (code, signal) => {
    say(`vitest took ${seconds(Date.now() - testsAt)}`);
    void finish(interrupted ? (interrupted === "SIGINT" ? 130 : 143) : (code ?? (signal ? 1 : 0)));
  });
}

if (process.env[INSIDE] === "1") await inside();
else outside();
