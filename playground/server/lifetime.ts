/**
 * When the playground process stops. `npm start` runs it as npm → sh → node: on SIGTERM npm
 * forwards the signal to sh only, and sh dies without passing it on, so a server that waited for a
 * signal of its own would outlive npm. It therefore also stops when its parent goes away — it is
 * then re-parented, which `process.ppid` shows. A stop that hangs is cut short.
 */

const PARENT_POLL_MS = 250;
const STOP_DEADLINE_MS = 5_000;

/** Calls `stop` once on SIGINT, SIGTERM or SIGHUP, or when the parent process exits; exits the process if `stop` takes too long. */
export function stopWithParentOrSignal(stop: () => void): void {
  let stopping = false;
  const once = () => {
    if (stopping) return;
    stopping = true;
    clearInterval(parentWatch);
    setTimeout(() => process.exit(1), STOP_DEADLINE_MS).unref();
    stop();
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, once);
  const parent = process.ppid;
  const parentWatch = setInterval(() => {
    if (process.ppid !== parent) once();
  }, PARENT_POLL_MS);
  // The watch alone must not keep the process alive.
  parentWatch.unref();
}
