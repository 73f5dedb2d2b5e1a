/**
 * Runs one command (a Next.js server) in its own process group and takes that whole group down
 * when told to (SIGTERM/SIGINT) or when its parent — the test process — is gone, however it went
 * (its stdin pipe closes, or this process is re-parented). So a killed test run leaves no server.
 *
 *   node guard.mjs <command> [args…]      (spawned with stdin: "pipe" by the test)
 */
import { spawn } from "node:child_process";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("guard.mjs: no command");
  process.exit(2);
}
const parent = process.ppid;
const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], detached: true });

let stopping = false;
function stop(signal = "SIGTERM") {
  if (stopping) return;
  stopping = true;
  const group = -child.pid;
  try {
    process.kill(group, signal);
  } catch {}
  // Whatever ignores SIGTERM for 5 s gets SIGKILL.
  setTimeout(() => {
    try {
      process.kill(group, "SIGKILL");
    } catch {}
    process.exit(1);
  }, 5000).unref();
}

child.on("exit", (code, signal) => {
  // The group may still hold workers of the server: take them with it.
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {}
  process.exit(code ?? (signal ? 1 : 0));
});
process.on("SIGTERM", () => stop());
process.on("SIGINT", () => stop());
process.on("SIGHUP", () => stop());
process.stdin.on("end", () => stop());
process.stdin.on("error", () => stop());
process.stdin.resume();
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 250);
