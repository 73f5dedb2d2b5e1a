// Starts `playground/server.ts` as its own process (as `npm start` does, minus npm and the tsx
// wrapper, so the PID signalled is the server's) and reads the URLs it prints.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export interface PlaygroundProcess {
  /** `http://127.0.0.1:<port>` as printed. */
  url: string;
  /** The gateway URL it printed. */
  gatewayUrl: string;
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** SIGTERM by PID; resolves with how the process ended. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const START_TIMEOUT_MS = 45_000;

export function startPlayground(args: readonly string[] = ["--port", "0"], env: NodeJS.ProcessEnv = {}): Promise<PlaygroundProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "playground/server.ts", ...args], {
    cwd: repoRoot,
    env: { ...process.env, ASK_USER_GATEWAY_URL: "", ASK_USER_GATEWAY_TOKEN: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    return exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the playground printed no URL within ${START_TIMEOUT_MS} ms; output:\n${text}`));
    }, START_TIMEOUT_MS);
    const read = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const url = /playground on (http:\/\/\S+)/.exec(text)?.[1];
      const gatewayUrl = /gateway (ws:\/\/\S+)/.exec(text)?.[1];
      if (!url || !gatewayUrl) return;
      clearTimeout(timer);
      resolve({ url, gatewayUrl, child, output: () => text, stop });
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the playground exited (${code ?? signal}) before printing its URL; output:\n${text}`));
    });
  });
}
