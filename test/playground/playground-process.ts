// Starts the playground as its own process and reads the URLs it prints: `playground/server.ts`
// directly (minus npm, so the PID signalled is the server's), through `npm start` as a person runs
// it, or under a plain shell.
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
  /** SIGTERM by PID (the server's, or npm's); resolves with how that process ended. */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const START_TIMEOUT_MS = 45_000;
/** No gateway from the environment: every test gets the embedded one unless it says otherwise. */
const CLEAN_ENV = { ASK_USER_GATEWAY_URL: "", ASK_USER_GATEWAY_TOKEN: "" };

export function startPlayground(args: readonly string[] = ["--port", "0"], env: NodeJS.ProcessEnv = {}): Promise<PlaygroundProcess> {
  return launch(process.execPath, ["--import", "tsx", "playground/server.ts", ...args], env);
}

/** `npm start -- <args>`: npm, then sh, then the server. */
export function startWithNpm(args: readonly string[] = ["--port", "0"]): Promise<PlaygroundProcess> {
  return launch("npm", ["start", "--", ...args], {});
}

/** The server under a shell that does not pass signals on: its parent can die without telling it. */
export function startUnderShell(args: readonly string[] = ["--port", "0"]): Promise<PlaygroundProcess> {
  const command = [process.execPath, "--import", "tsx", "playground/server.ts", ...args].map((word) => `'${word}'`).join(" ");
  // `; true` keeps dash from handing its process over to the server.
  return launch("sh", ["-c", `${command}; true`], {});
}

function launch(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<PlaygroundProcess> {
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...CLEAN_ENV, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let text = "";
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
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
