/**
 * The same isolation as `npm run test:openclaw` (scripts/openclaw/run-suite.mjs): install the pinned
 * Node 24 + OpenClaw into ~/.cache/ask-user-kit, then re-run this process under `unshare --net`
 * with only `lo` up, so the gateway, the playground, Chromium and the bench see each other on
 * 127.0.0.1 and nothing can leave the machine. Where `unshare` is not allowed the bench skips
 * (exit 0) with the reason.
 */
import { spawn, spawnSync } from "node:child_process";
import { networkInterfaces } from "node:os";
import { installOpenClaw } from "../../scripts/openclaw/install.mjs";

const INSIDE = "ASK_USER_BENCH_NETNS";
const say = (line: string) => console.log(`[bench:control-ui] ${line}`);

function namespaceProblem(): string | undefined {
  const probe = spawnSync("unshare", ["--net", "sh", "-c", "ip link set lo up"], { encoding: "utf8" });
  if (probe.error) return `cannot run unshare (${probe.error.message}); it comes with util-linux`;
  if (probe.status === 0) return undefined;
  const detail = `${probe.stderr ?? ""}`.trim();
  if (/ip: not found|ip: command not found/.test(detail)) return "`ip` is missing inside the namespace; install iproute2";
  return `\`unshare --net\` is not permitted here (${detail || `exit ${probe.status}`}); run as root or with CAP_SYS_ADMIN`;
}

/** Runs `main` inside a loopback-only namespace: this call either re-executes the script there or, when already inside, calls `main`. */
export async function runInLoopbackNamespace(script: string, main: () => Promise<number>): Promise<void> {
  if (process.env[INSIDE] === "1") {
    const interfaces = Object.keys(networkInterfaces());
    if (interfaces.some((name) => name !== "lo")) {
      console.error(`[bench:control-ui] expected a loopback-only namespace, found ${interfaces.join(", ")}`);
      process.exit(1);
    }
    process.exit(await main());
  }
  try {
    installOpenClaw();
  } catch (error) {
    console.error(`[bench:control-ui] install failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  const problem = namespaceProblem();
  if (problem) {
    // The gateway is not run outside a loopback-only namespace: skip, as the issue allows.
    say(`SKIPPED: cannot isolate the gateway: ${problem}.`);
    process.exit(0);
  }
  const child = spawn(
    "unshare",
    ["--net", "sh", "-c", 'ip link set lo up && exec "$0" "$@"', process.execPath, ...process.execArgv, script, ...process.argv.slice(2)],
    {
      stdio: "inherit",
      env: { ...process.env, [INSIDE]: "1" },
    },
  );
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  child.on("exit", (code, signal) => process.exit(code ?? (signal === "SIGINT" ? 130 : 143)));
}
