/**
 * The embedded gateway's side of the handshake: what it does with the frames a socket sends before
 * it is admitted (OpenClaw's `message-handler` and `evaluateMissingDeviceIdentity` for a client on
 * the gateway's own host), and the `hello-ok` it admits with. Decisions only; the gateway acts on
 * them.
 */
import { GATEWAY_METHODS, OPERATOR_ROLE, PROTOCOL_VERSION } from "../contract/wire.js";
import {
  type ClientKind,
  type GatewayError,
  HANDSHAKE_TEXT,
  invalidRequest,
  isBrowserClient,
  isOperatorUiClient,
  originNotAllowed,
  protocolMismatch,
  tokenRejected,
} from "./gateway-replies.js";
import { CONNECT_PARAMS_SCHEMA, REQUEST_FRAME_SCHEMA } from "./gateway-schemas.js";
import { checkSchema } from "./param-schema.js";
import { randomHex } from "./random-ids.js";

/** An admitted client, as the gateway remembers it for every later request. */
export interface Client {
  kind: ClientKind;
  role: typeof OPERATOR_ROLE | "node";
  scopes: string[];
}

/** What the adapter knows about the opening request (the WebSocket upgrade). */
export interface TransportInfo {
  /** The page's `Origin` header; browser clients are refused without an acceptable one. */
  origin?: string;
  /** The `Host` header, for the same-origin rule. */
  host?: string;
}

export interface AuthPolicy {
  /** The shared token; without one every client is admitted (auth mode "none"). */
  token: string | undefined;
  /** Lower-cased page origins admitted besides loopback ones (`gateway.controlUi.allowedOrigins`). */
  allowedOrigins: ReadonlySet<string>;
}

export type HandshakeOutcome =
  /** Close without a reply; `refused` also ignores anything the socket sends meanwhile. */
  | { kind: "close"; code: number; reason: string; refused: boolean }
  /** Reply with `error`, then close. */
  | { kind: "refuse"; id: string; error: GatewayError; closeCode: number; closeReason: string }
  | { kind: "admit"; id: string; client: Client };

interface ConnectParams {
  minProtocol: number;
  maxProtocol: number;
  client: ClientKind;
  role?: string;
  scopes?: string[];
  device?: unknown;
  auth?: { token?: string };
}

const MAX_PREAUTH_BYTES = 65_536;

/** The gateway's answer to the first frame of a socket. */
export function readHandshake(text: string, info: TransportInfo, policy: AuthPolicy): HandshakeOutcome {
  if (new TextEncoder().encode(text).length > MAX_PREAUTH_BYTES)
    return { kind: "close", code: 1009, reason: HANDSHAKE_TEXT.preauthTooLarge, refused: false };
  let frame: unknown;
  try {
    frame = JSON.parse(text);
  } catch {
    return { kind: "close", code: 1000, reason: "", refused: false };
  }
  if (checkSchema(REQUEST_FRAME_SCHEMA, frame) !== null) return { kind: "close", code: 1008, reason: HANDSHAKE_TEXT.invalidFrame, refused: true };
  const request = frame as { id: string; method: string; params?: unknown };
  if (request.method !== GATEWAY_METHODS.connect)
    return refusal(request.id, invalidRequest(HANDSHAKE_TEXT.notConnectFirst), 1008, HANDSHAKE_TEXT.notConnectFirst);
  const problems = checkSchema(CONNECT_PARAMS_SCHEMA, request.params);
  if (problems !== null) {
    const message = `invalid connect params: ${problems}`;
    return refusal(request.id, invalidRequest(message), 1008, message);
  }
  return admit(request.id, request.params as ConnectParams, info, policy);
}

function refusal(id: string, error: GatewayError, closeCode: number, closeReason: string): HandshakeOutcome {
  return { kind: "refuse", id, error, closeCode, closeReason };
}

function admit(id: string, params: ConnectParams, info: TransportInfo, policy: AuthPolicy): HandshakeOutcome {
  const kind: ClientKind = { id: params.client.id, mode: params.client.mode };
  const probe = kind.mode === "probe" && params.maxProtocol >= 3 && params.minProtocol <= PROTOCOL_VERSION;
  if (!(params.maxProtocol >= PROTOCOL_VERSION && params.minProtocol <= PROTOCOL_VERSION) && !probe) {
    return refusal(id, protocolMismatch(params.minProtocol, params.maxProtocol), 1002, HANDSHAKE_TEXT.protocolMismatch);
  }
  const role = params.role ?? OPERATOR_ROLE;
  if (role !== OPERATOR_ROLE && role !== "node") return refusal(id, invalidRequest(HANDSHAKE_TEXT.invalidRole), 1008, HANDSHAKE_TEXT.invalidRole);
  if (isBrowserClient(kind)) {
    const originProblem = checkOrigin(info, policy.allowedOrigins);
    if (originProblem) return refusal(id, originNotAllowed(originProblem), 1008, HANDSHAKE_TEXT.originNotAllowed);
  }
  const presented = params.auth?.token ?? "";
  const tokenOk = policy.token === undefined || presented === policy.token;
  if (params.device !== undefined) {
    if (!tokenOk || (policy.token !== undefined && presented === "")) {
      const error = tokenRejected(presented === "" ? "token_missing" : "token_mismatch", kind, true);
      return refusal(id, error, 1008, error.message);
    }
    return { kind: "admit", id, client: { kind, role, scopes: [...(params.scopes ?? [])] } };
  }
  // `evaluateMissingDeviceIdentity`: local backends and operators with the shared secret may skip
  // the device identity; the Control UI and nodes may not.
  const localBackend = kind.id === "gateway-client" && kind.mode === "backend" && tokenOk && info.origin === undefined;
  if (!localBackend && isOperatorUiClient(kind)) {
    return refusal(
      id,
      invalidRequest(HANDSHAKE_TEXT.controlUiNeedsDevice, { code: "CONTROL_UI_DEVICE_IDENTITY_REQUIRED" }),
      1008,
      HANDSHAKE_TEXT.controlUiNeedsDevice,
    );
  }
  const sharedSecretOk = policy.token !== undefined && presented !== "" && tokenOk;
  if (!localBackend && !(role === OPERATOR_ROLE && (sharedSecretOk || policy.token === undefined))) {
    if (presented !== "" && !tokenOk) {
      const error = tokenRejected("token_mismatch", kind, false);
      return refusal(id, error, 1008, error.message);
    }
    return refusal(
      id,
      { code: "NOT_PAIRED", message: HANDSHAKE_TEXT.deviceRequired, details: { code: "DEVICE_IDENTITY_REQUIRED" } },
      1008,
      HANDSHAKE_TEXT.deviceRequired,
    );
  }
  // A token without a device identity keeps its scopes only for the local CLI and backend
  // clients; every other client (the `test` id included) connects with none.
  const localCli = kind.id === "cli" && kind.mode === "cli" && info.origin === undefined;
  const keepsScopes = policy.token === undefined || localBackend || localCli;
  return { kind: "admit", id, client: { kind, role, scopes: keepsScopes ? [...(params.scopes ?? [])] : [] } };
}

/** `checkBrowserOrigin` for a client on the gateway's own host. */
function checkOrigin(info: TransportInfo, allowedOrigins: ReadonlySet<string>): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(info.origin ?? "");
  } catch {
    return "origin missing or invalid";
  }
  if (parsed.origin === "null") return "origin missing or invalid";
  if (allowedOrigins.has("*") || allowedOrigins.has(parsed.origin.toLowerCase())) return undefined;
  if (info.host && parsed.host.toLowerCase() === info.host.toLowerCase()) return undefined;
  const hostname = parsed.hostname.replace(/^\[|\]$/g, "");
  if (hostname === "localhost" || hostname === "::1" || /^127\./.test(hostname)) return undefined;
  return "origin not allowed";
}

/** Chat attachment limits and sharing policy of a default-configured gateway, as its hello-ok reports them. */
const POLICY = {
  maxPayload: 26_214_400,
  maxBufferedBytes: 52_428_800,
  attachments: { maxBytes: 19_464_192, maxImageBytes: 6_291_456 },
  allowedSessionVisibilities: ["shared", "read-only", "suggest", "draft"],
  hasMultipleSessionSharingIdentities: false,
};

export interface HelloContext {
  serverVersion: string;
  bootId: string;
  connId: string;
  uptimeMs: number;
  tickIntervalMs: number;
  /** `hello-ok.features`. */
  methods: readonly string[];
  events: readonly string[];
  /** Whether the gateway has a token (auth method "token") or none ("none"). */
  tokenAuth: boolean;
}

export function helloOkPayload(client: Client, context: HelloContext): Record<string, unknown> {
  return {
    type: "hello-ok",
    protocol: PROTOCOL_VERSION,
    server: {
      version: context.serverVersion,
      buildId: "embedded",
      bootId: context.bootId,
      controlUiBuildSource: "bundled",
      connId: context.connId,
    },
    features: { methods: [...context.methods], events: [...context.events] },
    // The real snapshot describes the whole gateway (presence, health, session defaults); only
    // its outline is kept so clients that look for the keys find them.
    snapshot: {
      suspension: { phase: "accepting" },
      presence: [],
      health: {},
      stateVersion: { presence: 0, health: 0 },
      uptimeMs: context.uptimeMs,
      appliedConfigHash: context.bootId,
      sessionDefaults: { mainKey: "main", defaultAgentId: "main" },
    },
    pluginSurfaceUrls: {},
    auth: { method: context.tokenAuth ? "token" : "none", role: client.role, scopes: client.scopes, recoveryScope: randomHex(32) },
    policy: {
      maxPayload: POLICY.maxPayload,
      maxBufferedBytes: POLICY.maxBufferedBytes,
      tickIntervalMs: context.tickIntervalMs,
      attachments: POLICY.attachments,
      allowedSessionVisibilities: POLICY.allowedSessionVisibilities,
      hasMultipleSessionSharingIdentities: POLICY.hasMultipleSessionSharingIdentities,
    },
  };
}
