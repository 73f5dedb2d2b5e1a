// The gateway an integration suite talks to: a real OpenClaw gateway when the suite runs under
// `npm run test:openclaw` (ASK_USER_GATEWAY=openclaw), otherwise our embedded gateway on a free
// loopback port. Agent-side helpers drive an ask_user turn the same way on both.
import { randomBytes, randomUUID } from "node:crypto";
import { serveLocalGateway } from "../../../src/testing/node.js";
import { connectRawGatewayClient, type ResponseFrame } from "./raw-gateway-client.js";

export interface GatewayTarget {
  kind: "embedded" | "openclaw";
  url: string;
  token: string;
  /** Stops the embedded gateway; the OpenClaw gateway belongs to run-suite.mjs and stays up. */
  close(): Promise<void>;
  /**
   * Restarts the gateway on the same address and token, losing every question as a real restart
   * does; resolves once it accepts `connect` again. The OpenClaw gateway is restarted by
   * run-suite.mjs (its control URL), since that process owns it.
   */
  restart(): Promise<void>;
}

export function gatewayKind(): GatewayTarget["kind"] {
  return process.env.ASK_USER_GATEWAY === "openclaw" ? "openclaw" : "embedded";
}

export async function useGatewayTarget(): Promise<GatewayTarget> {
  if (gatewayKind() === "openclaw") {
    const url = process.env.ASK_USER_GATEWAY_URL;
    const token = process.env.ASK_USER_GATEWAY_TOKEN;
    if (!url || !token) {
      throw new Error("ASK_USER_GATEWAY=openclaw needs ASK_USER_GATEWAY_URL and ASK_USER_GATEWAY_TOKEN; run the suite with `npm run test:openclaw`.");
    }
    return { kind: "openclaw", url, token, close: async () => {}, restart: () => restartOpenClaw() };
  }
  const token = randomBytes(16).toString("hex");
  const served = await serveLocalGateway({ port: 0, token });
  return { kind: "embedded", url: served.url, token, close: () => served.close(), restart: async () => served.gateway.restart() };
}

async function restartOpenClaw(): Promise<void> {
  const control = process.env.ASK_USER_GATEWAY_CONTROL_URL;
  if (!control) throw new Error("restarting the OpenClaw gateway needs ASK_USER_GATEWAY_CONTROL_URL; run the suite with `npm run test:openclaw`.");
  const response = await fetch(new URL("/restart", control), { method: "POST" });
  if (!response.ok) throw new Error(`gateway restart failed: ${response.status} ${await response.text()}`);
}

/** chat.send needs operator.write on OpenClaw. */
const AGENT_SCOPES = ["operator.questions", "operator.write"];
/**
 * OpenClaw lets only the connection (or device) that started a run abort it — or operator.admin.
 * Each helper call opens its own connection, so abortRun asks as an admin.
 */
const ABORT_SCOPES = ["operator.admin"];

function failure(method: string, frame: ResponseFrame) {
  const error = frame.error;
  return new Error(`${method} failed: ${error?.code ?? "no error code"} ${error?.message ?? JSON.stringify(frame)}`);
}

async function agentRequest(url: string, token: string, scopes: string[], method: string, params: unknown) {
  const { client, hello } = await connectRawGatewayClient(url, { token, scopes });
  try {
    if (!hello.ok) throw failure("connect", hello);
    const frame = await client.request(method, params);
    if (!frame.ok) throw failure(method, frame);
    return frame.payload;
  } finally {
    await client.close();
  }
}

export interface AskViaChatOptions {
  /** The chat session; the gateway records it as `agent:main:<sessionKey>`. Default "main". */
  sessionKey?: string;
  /** Becomes the run id of the turn and of its question record. Default: a fresh unique key. */
  idempotencyKey?: string;
}

/**
 * Starts an agent turn whose (fake) model calls ask_user with exactly `askUserInput`: the message
 * of chat.send is that input as JSON. Resolves with the run id once the turn has started; the
 * question itself arrives as a `question.requested` event carrying that run id.
 */
export async function askViaChat(
  url: string,
  token: string,
  askUserInput: unknown,
  { sessionKey = "main", idempotencyKey = `ask-${randomUUID()}` }: AskViaChatOptions = {},
) {
  const payload = (await agentRequest(url, token, AGENT_SCOPES, "chat.send", {
    sessionKey,
    message: JSON.stringify(askUserInput),
    idempotencyKey,
  })) as { runId?: unknown } | undefined;
  return typeof payload?.runId === "string" ? payload.runId : idempotencyKey;
}

/** Aborts an agent turn (chat.abort); a pending ask_user question of that run is cancelled. */
export async function abortRun(url: string, token: string, { runId, sessionKey = "main" }: { runId: string; sessionKey?: string }) {
  return agentRequest(url, token, ABORT_SCOPES, "chat.abort", { sessionKey, runId });
}
