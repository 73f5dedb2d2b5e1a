// `npm run gateway` (scripts/gateway.ts under tsx): prints its address, serves, stops on SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { connectRawGatewayClient } from "./support/raw-gateway-client.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const tsx = fileURLToPath(new URL("../../node_modules/tsx/dist/cli.mjs", import.meta.url));
const children: ChildProcess[] = [];

function run(args: string[]) {
  const child = spawn(process.execPath, [tsx, "scripts/gateway.ts", ...args], { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let stderr = "";
  child.stderr?.on("data", (chunk) => (stderr += String(chunk)));
  return { child, exited, stderr: () => stderr };
}

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.pid !== undefined) child.kill("SIGKILL");
});

describe("scripts/gateway.ts", () => {
  it("prints `listening on ws://127.0.0.1:<port>`, serves the protocol, and exits 0 on SIGTERM", async () => {
    const { child, exited } = run(["--port", "0", "--token", "script-token"]);
    const firstLine = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once("line", resolve));
    expect(firstLine).toMatch(/^listening on ws:\/\/127\.0\.0\.1:\d+$/);
    const url = firstLine.slice("listening on ".length);
    const { client, hello } = await connectRawGatewayClient(url, { token: "script-token" });
    expect(hello.ok).toBe(true);
    expect((await client.request("question.list", {})).payload).toEqual({ questions: [] });
    process.kill(child.pid!, "SIGTERM");
    expect(await exited).toBe(0);
    expect((await client.closed).code).toBe(1012);
  }, 30_000);

  it.each([
    [["--token", "t"], "--port is missing"],
    [["--port", "http", "--token", "t"], "--port must be an integer"],
    [["--port", "70000", "--token", "t"], "--port must be an integer"],
    [["--port", "0"], "--token is missing"],
    [["--port", "0", "--token", "t", "--host", "0.0.0.0"], "unknown argument"],
  ])(
    "exits 2 with a one-line usage error for %j",
    async (args, problem) => {
      const { exited, stderr } = run(args);
      expect(await exited).toBe(2);
      const lines = stderr().trim().split("\n");
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("usage: npm run gateway -- --port <port> --token <token>");
      expect(lines[0]).toContain(problem);
    },
    30_000,
  );
});
