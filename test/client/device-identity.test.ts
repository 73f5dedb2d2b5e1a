import { createHash } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildDeviceAuthPayload } from "../../src/client/device-identity.js";
import { createDeviceIdentity, createGatewayClient } from "../../src/client/index.js";
import { createFakeSocketClass, flush } from "./support/fake-socket.js";

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(text, "base64url");
  const copy = new Uint8Array(new ArrayBuffer(bytes.length));
  copy.set(bytes);
  return copy;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("buildDeviceAuthPayload", () => {
  it("joins the v3 fields with | and lower-cases platform and device family (ASCII only, trimmed)", () => {
    expect(
      buildDeviceAuthPayload({
        deviceId: "dev",
        clientId: "gateway-client",
        clientMode: "backend",
        role: "operator",
        scopes: ["operator.read", "operator.questions"],
        signedAtMs: 1_700_000_000_000,
        token: "tok",
        nonce: "n1",
        platform: " MacOS ",
        deviceFamily: "ÄPad",
      }),
    ).toBe("v3|dev|gateway-client|backend|operator|operator.read,operator.questions|1700000000000|tok|n1|macos|Äpad");
  });

  it("leaves token, platform and device family empty when absent", () => {
    expect(
      buildDeviceAuthPayload({
        deviceId: "d",
        clientId: "cli",
        clientMode: "cli",
        role: "operator",
        scopes: [],
        signedAtMs: 0,
        nonce: "n",
      }),
    ).toBe("v3|d|cli|cli|operator||0||n||");
  });
});

describe("device identity in connect", () => {
  it("signs the challenge so that crypto.subtle.verify accepts it", async () => {
    const identity = await createDeviceIdentity();
    const rawKey = fromBase64Url(identity.publicKey);
    expect(rawKey).toHaveLength(32);
    expect(identity.deviceId).toBe(createHash("sha256").update(rawKey).digest("hex"));

    const Socket = createFakeSocketClass();
    createGatewayClient({
      url: "ws://127.0.0.1:1",
      token: "tok",
      WebSocket: Socket,
      deviceIdentity: Promise.resolve(identity),
      client: { id: "gateway-client", mode: "backend", platform: "Linux", deviceFamily: "Server" },
    });
    const socket = Socket.latest();
    socket.open();
    socket.challenge("nonce-xyz", 1_700_000_000_555);
    await vi.waitFor(() => expect(socket.requests("connect")).toHaveLength(1));
    const params = socket.lastRequest("connect").params as { device: Record<string, unknown> };
    expect(params.device).toEqual({
      id: identity.deviceId,
      publicKey: identity.publicKey,
      signature: expect.any(String),
      signedAt: 1_700_000_000_555,
      nonce: "nonce-xyz",
    });
    const expectedPayload = `v3|${identity.deviceId}|gateway-client|backend|operator|operator.questions|1700000000555|tok|nonce-xyz|linux|server`;
    const key = await crypto.subtle.importKey("raw", rawKey, { name: "Ed25519" }, false, ["verify"]);
    const signature = fromBase64Url(params.device.signature as string);
    const encoder = new TextEncoder();
    expect(await crypto.subtle.verify({ name: "Ed25519" }, key, signature, encoder.encode(expectedPayload))).toBe(true);
    expect(await crypto.subtle.verify({ name: "Ed25519" }, key, signature, encoder.encode(`${expectedPayload}x`))).toBe(false);
  });

  it("connects without a device block when no challenge came (the gateway requires its nonce)", async () => {
    vi.useFakeTimers();
    const Socket = createFakeSocketClass();
    createGatewayClient({ url: "ws://127.0.0.1:1", WebSocket: Socket, deviceIdentity: createDeviceIdentity() });
    Socket.latest().open();
    await vi.advanceTimersByTimeAsync(750);
    await flush();
    const params = Socket.latest().lastRequest("connect").params as Record<string, unknown>;
    expect(params).not.toHaveProperty("device");
    expect(params.auth).toEqual({});
  });

  it("reports a failing signer and connects without the device block", async () => {
    const Socket = createFakeSocketClass();
    const errors: string[] = [];
    createGatewayClient({
      url: "ws://127.0.0.1:1",
      WebSocket: Socket,
      onError: (error) => errors.push(`${error.code}: ${error.message}`),
      deviceIdentity: { deviceId: "d", publicKey: "k", sign: () => Promise.reject(new Error("key unavailable")) },
    });
    Socket.latest().open();
    Socket.latest().challenge();
    await vi.waitFor(() => expect(Socket.latest().requests("connect")).toHaveLength(1));
    expect(Socket.latest().lastRequest("connect").params).not.toHaveProperty("device");
    expect(errors).toEqual([expect.stringContaining("DEVICE_SIGNATURE_FAILED: deviceIdentity could not sign the challenge")]);
    expect(errors[0]).toContain("key unavailable");
  });
});
