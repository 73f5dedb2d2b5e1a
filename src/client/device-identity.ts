/**
 * Optional Ed25519 device identity (WebCrypto only, so it runs in browsers and Node alike). The
 * gateway checks: device id = sha256 hex of the raw public key, and a signature over the v3 payload
 * built exactly like OpenClaw's `buildDeviceAuthPayloadV3`.
 */
import { ClientErrorCodes, GatewayError } from "./errors.js";

export interface DeviceIdentity {
  /** sha256 hex of the raw 32-byte public key. */
  deviceId: string;
  /** The raw public key, base64url without padding. */
  publicKey: string;
  /** Signs the UTF-8 payload; resolves to a base64url Ed25519 signature. */
  sign(payload: string): Promise<string>;
}

interface DeviceAuthPayloadParams {
  deviceId: string;
  clientId: string;
  clientMode: string;
  role: string;
  scopes: readonly string[];
  signedAtMs: number;
  token?: string | null;
  nonce: string;
  platform?: string;
  deviceFamily?: string;
}

/** `v3|deviceId|clientId|clientMode|role|scopes|signedAt|token|nonce|platform|deviceFamily`. */
export function buildDeviceAuthPayload(params: DeviceAuthPayloadParams): string {
  return [
    "v3",
    params.deviceId,
    params.clientId,
    params.clientMode,
    params.role,
    params.scopes.join(","),
    String(params.signedAtMs),
    params.token ?? "",
    params.nonce,
    normalizeMetadata(params.platform),
    normalizeMetadata(params.deviceFamily),
  ].join("|");
}

/** The gateway lower-cases ASCII only (not locale-aware), after trimming. */
function normalizeMetadata(value: string | undefined): string {
  if (typeof value !== "string") return "";
  return value.trim().replace(/[A-Z]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 32));
}

/**
 * Builds an identity from an Ed25519 key pair, or generates a fresh one. Persisting the pair (for
 * a stable device id across reloads) is the host's choice: pass the same pair each time.
 */
export async function createDeviceIdentity(keyPair?: CryptoKeyPair): Promise<DeviceIdentity> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    throw new GatewayError({
      code: ClientErrorCodes.DEVICE_SIGNATURE_FAILED,
      message: "deviceIdentity needs WebCrypto (globalThis.crypto.subtle); it is missing in this environment",
    });
  }
  let pair: CryptoKeyPair;
  try {
    pair = keyPair ?? ((await subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair);
  } catch (error) {
    throw new GatewayError({
      code: ClientErrorCodes.DEVICE_SIGNATURE_FAILED,
      message: `deviceIdentity: this WebCrypto cannot create Ed25519 keys (${error instanceof Error ? error.message : String(error)})`,
    });
  }
  const raw = new Uint8Array(await subtle.exportKey("raw", pair.publicKey));
  const digest = new Uint8Array(await subtle.digest("SHA-256", raw));
  const privateKey = pair.privateKey;
  return {
    deviceId: toHex(digest),
    publicKey: toBase64Url(raw),
    async sign(payload) {
      const signature = await subtle.sign({ name: "Ed25519" }, privateKey, new TextEncoder().encode(payload));
      return toBase64Url(new Uint8Array(signature));
    },
  };
}

function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
