// The package tests' command runner: each step is timed and printed (installs and builds dominate,
// and a slow one should be visible in CI's log), and a failing command reports its own output.
import { execFile } from "node:child_process";

export interface Run {
  stdout: string;
  stderr: string;
}

export function createTimedSteps(label: string, options: { timeoutMs: number; env: NodeJS.ProcessEnv }) {
  const timings: [string, number][] = [];

  /** Runs a command; a failure carries the command's own output, which says what broke. */
  function run(command: string, args: string[], cwd: string): Promise<Run> {
    return new Promise((resolve, reject) => {
      execFile(command, args, { cwd, env: options.env, timeout: options.timeoutMs, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
        if (error) reject(new Error(`\`${command} ${args.join(" ")}\` failed in ${cwd}:\n${stdout}\n${stderr}`));
        else resolve({ stdout, stderr });
      });
    });
  }

  async function step<T>(name: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      const seconds = (performance.now() - start) / 1000;
      timings.push([name, seconds]);
      console.log(`[${label}] ${name}: ${seconds.toFixed(1)} s`);
    }
  }

  function printTotal(): void {
    const total = timings.reduce((sum, [, seconds]) => sum + seconds, 0);
    console.log(`[${label}] total ${total.toFixed(1)} s (${timings.map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`).join(", ")})`);
  }

  return { run, step, printTotal };
}
