// Runs the embedded gateway on a loopback port until SIGTERM or SIGINT:
//   npm run gateway -- --port <port> --token <token>      (--port 0 picks a free port)
// Prints exactly `listening on ws://127.0.0.1:<port>` once it accepts connections.
import { serveLocalGateway } from "../src/testing/node.js";

const USAGE = "usage: npm run gateway -- --port <port> --token <token>";

function fail(problem: string): never {
  process.stderr.write(`${USAGE} (${problem})\n`);
  process.exit(2);
}

function readFlags(args: readonly string[]): { port: number; token: string } {
  const values = new Map<string, string>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? "";
    const [flag, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag !== "--port" && flag !== "--token") fail(`unknown argument ${JSON.stringify(arg)}; only --port and --token are accepted`);
    const value = inline ?? args[++index];
    if (value === undefined || value.startsWith("--")) fail(`${flag} needs a value`);
    values.set(flag, value);
  }
  const portText = values.get("--port");
  if (portText === undefined) fail("--port is missing; pass 0 for a free port");
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) fail(`--port must be an integer from 0 to 65535, not ${JSON.stringify(portText)}`);
  const token = values.get("--token");
  if (!token) fail("--token is missing or empty; clients must present it in connect.auth.token");
  return { port, token };
}

const { port, token } = readFlags(process.argv.slice(2));
const served = await serveLocalGateway({ port, token }).catch((error: unknown) => {
  process.stderr.write(`gateway: could not listen on 127.0.0.1:${port}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
process.stdout.write(`listening on ${served.url}\n`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  served.close().then(
    () => process.exit(0),
    () => process.exit(0),
  );
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
