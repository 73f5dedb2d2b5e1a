// Which processes a test started, read from Linux's /proc: a process started through npm has
// children the test never sees as ChildProcess objects, and those are what must not outlive it.
import { readFileSync, readdirSync } from "node:fs";

/** A process as /proc names it; `startTicks` tells it from a later process given the same PID. */
export interface ProcessId {
  pid: number;
  startTicks: string;
}

interface ProcessInfo extends ProcessId {
  ppid: number;
  /** One letter: `R`, `S`, … and `Z` for a zombie (exited, not yet reaped). */
  state: string;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // `pid (comm) state ppid …`; comm may itself hold spaces and parentheses. After comm, field 0
    // is the state, 1 the parent, 19 the start time.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { pid, state: fields[0] ?? "", ppid: Number(fields[1]), startTicks: fields[19] ?? "" };
  } catch {
    return undefined;
  }
}

/** `pid` and every process below it, as they are now. */
export function processTree(pid: number): ProcessId[] {
  const all = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((info): info is ProcessInfo => info !== undefined);
  const root = all.find((info) => info.pid === pid);
  if (!root) return [];
  const tree: ProcessInfo[] = [root];
  for (let index = 0; index < tree.length; index += 1) for (const info of all) if (info.ppid === tree[index]!.pid) tree.push(info);
  return tree.map(({ pid: id, startTicks }) => ({ pid: id, startTicks }));
}

/** Still running: the same process is present and not a zombie. */
export function isRunning({ pid, startTicks }: ProcessId): boolean {
  const info = readProcess(pid);
  return info !== undefined && info.startTicks === startTicks && info.state !== "Z";
}
