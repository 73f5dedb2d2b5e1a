/**
 * The page's device identity. A page always sends an Origin header, and an OpenClaw gateway
 * drops every scope of a token-only connection that has one (only Node's `cli` and
 * `gateway-client` clients, which send no Origin, keep theirs). A signed device identity keeps
 * `operator.questions`; a loopback page on a loopback gateway is paired silently. The key pair is
 * kept in localStorage so reloads stay one device instead of pairing a new one each time.
 */
import { type DeviceIdentity, createDeviceIdentity } from "../../src/client/index.js";

const STORAGE_KEY = "ask-user-kit-playground:device-key";

interface StoredKeys {
  publicKey: JsonWebKey;
  privateKey: JsonWebKey;
}

export async function loadDeviceIdentity(): Promise<DeviceIdentity> {
  const subtle = globalThis.crypto.subtle;
  const stored = readStored();
  if (stored) {
    try {
      const publicKey = await subtle.importKey("jwk", stored.publicKey, { name: "Ed25519" }, true, ["verify"]);
      const privateKey = await subtle.importKey("jwk", stored.privateKey, { name: "Ed25519" }, true, ["sign"]);
      return await createDeviceIdentity({ publicKey, privateKey });
    } catch {
      // A key this browser can no longer import: make a new device below.
    }
  }
  const pair = (await subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const keys: StoredKeys = {
    publicKey: await subtle.exportKey("jwk", pair.publicKey),
    privateKey: await subtle.exportKey("jwk", pair.privateKey),
  };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(keys));
  } catch {
    // Storage full or blocked: this page load still works, the next one pairs again.
  }
  return createDeviceIdentity(pair);
}

function readStored(): StoredKeys | undefined {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null");
    if (typeof parsed === "object" && parsed !== null && "publicKey" in parsed && "privateKey" in parsed) return parsed as StoredKeys;
  } catch {
    // Unreadable entry: treated as none.
  }
  return undefined;
}
