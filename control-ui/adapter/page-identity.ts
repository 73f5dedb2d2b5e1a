/**
 * The Control UI's device identity, read from where the app keeps it (localStorage, written on its
 * first connect), so the kit's client signs in as the same paired device rather than a new one the
 * gateway would have to pair again. Without a readable identity the kit connects with the token only.
 */
import { createDeviceIdentity, type DeviceIdentity } from "ask-user-kit/client";

/** The app's storage key and record version (openclaw 2026.9.6, `ui/` device identity). */
const STORAGE_KEY = "openclaw-device-identity-v1";

interface StoredIdentity {
  version: 1;
  deviceId: string;
  /** Raw Ed25519 keys, base64url. */
  publicKey: string;
  privateKey: string;
}

function readStored(): StoredIdentity | undefined {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return undefined;
  }
  if (!raw) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<StoredIdentity>;
    if (value.version !== 1 || typeof value.publicKey !== "string" || typeof value.privateKey !== "string") return undefined;
    return value as StoredIdentity;
  } catch {
    return undefined;
  }
}

/** The page's identity as the kit's client wants it, or undefined (none stored, or unreadable). */
export async function pageDeviceIdentity(): Promise<DeviceIdentity | undefined> {
  const stored = readStored();
  if (!stored) return undefined;
  const jwk = { kty: "OKP", crv: "Ed25519", x: stored.publicKey, d: stored.privateKey };
  try {
    const privateKey = await crypto.subtle.importKey("jwk", jwk, { name: "Ed25519" }, false, ["sign"]);
    const publicKey = await crypto.subtle.importKey("jwk", { kty: "OKP", crv: "Ed25519", x: stored.publicKey }, { name: "Ed25519" }, true, [
      "verify",
    ]);
    return await createDeviceIdentity({ privateKey, publicKey });
  } catch (error) {
    console.warn(
      `[ask-user-kit] the Control UI's device identity (localStorage ${STORAGE_KEY}) could not be imported; connecting with the token only.`,
      error,
    );
    return undefined;
  }
}
