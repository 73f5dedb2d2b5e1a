/**
 * Command line and environment of `npm start`:
 *   npm start -- [--port <n>] [--gateway ws://host:port --token <t>]
 * `ASK_USER_GATEWAY_URL` / `ASK_USER_GATEWAY_TOKEN` stand in for `--gateway` / `--token`.
 */

export interface PlaygroundOptions {
  /** 0 picks a free port. */
  port: number;
  /** A real gateway to use instead of the embedded one. */
  gatewayUrl?: string;
  token?: string;
}

export type ReadOptionsResult = { ok: true; options: PlaygroundOptions } | { ok: false; message: string } | { ok: false; help: true };

export const USAGE = `usage: npm start -- [--port <port>] [--gateway ws://127.0.0.1:18789 --token <token>]

  --port <port>     HTTP port on 127.0.0.1 (default 0: a free one)
  --gateway <url>   a real OpenClaw gateway (default: start the embedded one); env ASK_USER_GATEWAY_URL
  --token <token>   that gateway's gateway.auth.token; env ASK_USER_GATEWAY_TOKEN`;

const FLAGS = ["--port", "--gateway", "--token"] as const;
type Flag = (typeof FLAGS)[number];

export function readPlaygroundOptions(args: readonly string[], env: Record<string, string | undefined>): ReadOptionsResult {
  const values = new Map<Flag, string>();
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index] ?? "";
    if (arg === "--help" || arg === "-h") return { ok: false, help: true };
    const [flag, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (!(FLAGS as readonly string[]).includes(flag))
      return { ok: false, message: `unknown argument ${JSON.stringify(arg)}; accepted: ${FLAGS.join(", ")}` };
    const value = inline ?? args[++index];
    if (value === undefined || value.startsWith("--")) return { ok: false, message: `${flag} needs a value` };
    values.set(flag as Flag, value);
  }

  const portText = values.get("--port") ?? "0";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535)
    return { ok: false, message: `--port must be an integer from 0 to 65535 (0 picks a free one), not ${JSON.stringify(portText)}` };

  const gatewayUrl = values.get("--gateway") ?? nonEmpty(env.ASK_USER_GATEWAY_URL);
  const token = values.get("--token") ?? nonEmpty(env.ASK_USER_GATEWAY_TOKEN);
  if (gatewayUrl === undefined) {
    if (values.has("--token"))
      return { ok: false, message: "--token is for a real gateway: pass --gateway ws://… too (the embedded gateway makes its own token)" };
    return { ok: true, options: { port } };
  }
  let parsed: URL;
  try {
    parsed = new URL(gatewayUrl);
  } catch {
    return { ok: false, message: `--gateway must be a ws:// or wss:// URL, not ${JSON.stringify(gatewayUrl)}` };
  }
  if (parsed.protocol !== "ws:" && parsed.protocol !== "wss:")
    return { ok: false, message: `--gateway must be a ws:// or wss:// URL, not ${JSON.stringify(gatewayUrl)}` };
  return { ok: true, options: { port, gatewayUrl, ...(token ? { token } : {}) } };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value !== undefined && value.trim() !== "" ? value.trim() : undefined;
}
