/**
 * What the handshake says, apart from when it is said (the connection's job): the `connect` params,
 * the device signature over the challenge nonce, what `hello-ok` grants, and what a refused
 * `connect` means for reconnecting.
 */
import { OPERATOR_ROLE, PROTOCOL_VERSION } from "../contract/wire.js";
import { QUESTIONS_SCOPE, connectClientField, grantsQuestions, type ClientInfo } from "./client-info.js";
import { buildDeviceAuthPayload, type DeviceIdentity } from "./device-identity.js";
import { ClientErrorCodes, GatewayError } from "./errors.js";

/** The `hello-ok` payload; only the fields the kit reads are typed. */
export interface HelloOk {
  type?: "hello-ok";
  protocol?: number;
  server?: { version?: string; connId?: string };
  features?: { methods?: string[]; events?: string[] };
  auth?: { role?: string; scopes?: string[] };
  policy?: { tickIntervalMs?: number };
  [key: string]: unknown;
}

/** The `connect.challenge` payload the device signature covers. */
export interface Challenge {
  nonce: string;
  /** The gateway's clock, when it sent a usable one. */
  ts: number | null;
}

/** Who connects: the same for every attempt of one client. */
export interface Credentials {
  client: ClientInfo;
  scopes: string[];
  token: string | undefined;
}

export function connectParams(credentials: Credentials): Record<string, unknown> {
  return {
    minProtocol: PROTOCOL_VERSION,
    maxProtocol: PROTOCOL_VERSION,
    client: connectClientField(credentials.client),
    role: OPERATOR_ROLE,
    scopes: credentials.scopes,
    caps: [],
    auth: credentials.token !== undefined ? { token: credentials.token } : {},
  };
}

/** `null` when the challenge has no usable nonce (there is then nothing to sign). */
export function readChallenge(payload: unknown): Challenge | null {
  const fields = (typeof payload === "object" && payload !== null ? payload : {}) as Record<string, unknown>;
  const nonce = typeof fields.nonce === "string" ? fields.nonce.trim() : "";
  if (nonce === "") return null;
  return { nonce, ts: typeof fields.ts === "number" && Number.isSafeInteger(fields.ts) ? fields.ts : null };
}

/** The `device` block of `connect`: the identity's signature over the nonce and who connects. */
export async function signChallenge(identity: DeviceIdentity, credentials: Credentials, challenge: Challenge): Promise<Record<string, unknown>> {
  const client = connectClientField(credentials.client);
  // The gateway accepts signatures within a skew window of its clock; the challenge ts is its clock.
  const signedAtMs = challenge.ts ?? Date.now();
  const payload = buildDeviceAuthPayload({
    deviceId: identity.deviceId,
    clientId: credentials.client.id,
    clientMode: credentials.client.mode,
    role: OPERATOR_ROLE,
    scopes: credentials.scopes,
    signedAtMs,
    token: credentials.token ?? null,
    nonce: challenge.nonce,
    ...(client.platform !== undefined ? { platform: client.platform } : {}),
    ...(client.deviceFamily !== undefined ? { deviceFamily: client.deviceFamily } : {}),
  });
  return {
    id: identity.deviceId,
    publicKey: identity.publicKey,
    signature: await identity.sign(payload),
    signedAt: signedAtMs,
    nonce: challenge.nonce,
  };
}

export function readHello(payload: unknown): HelloOk {
  return typeof payload === "object" && payload !== null ? (payload as HelloOk) : {};
}

/** The gateway connected us, but without the scope question events and calls need. */
export function helloProblem(hello: HelloOk, client: ClientInfo): GatewayError | null {
  const granted = hello.auth?.scopes;
  if (!Array.isArray(granted) || grantsQuestions(granted)) return null;
  return new GatewayError({
    code: ClientErrorCodes.MISSING_SCOPE,
    message: `the gateway connected client id "${client.id}" without ${QUESTIONS_SCOPE}: no question events will arrive and question.* calls fail. Use client {id: "gateway-client", mode: "backend"} or {id: "cli", mode: "cli"} with the token, or a device identity.`,
  });
}

type ConnectFailure = { retry: true; closeCode: number; closeReason: string; delayMs: number | undefined } | { retry: false; error: GatewayError };

/** Retry what may pass later (the gateway starting, a lost or slow socket); stop on the rest. */
export function connectFailure(error: GatewayError, client: ClientInfo): ConnectFailure {
  const transport = error.code === ClientErrorCodes.DISCONNECTED || error.code === ClientErrorCodes.TIMEOUT;
  if (error.retryable === true || error.code === "UNAVAILABLE" || transport) {
    return transport
      ? { retry: true, closeCode: 4008, closeReason: "connect failed", delayMs: error.retryAfterMs }
      : { retry: true, closeCode: 4013, closeReason: "gateway starting", delayMs: error.retryAfterMs };
  }
  if (error.details?.code === "CONTROL_UI_ORIGIN_NOT_ALLOWED") {
    return {
      retry: false,
      error: new GatewayError({
        ...error.toJSON(),
        message: `${error.message} (client id "${client.id}" is checked against the page's Origin; list the origin in gateway.controlUi.allowedOrigins or use "gateway-client")`,
      }),
    };
  }
  return { retry: false, error };
}
