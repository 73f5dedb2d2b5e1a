import { afterEach, describe, expect, it, vi } from "vitest";
import WebSocket, { WebSocketServer } from "ws";
import { createQuestionClient } from "../../src/bridge/index.js";
import { createGatewayClient, type GatewayClient } from "../../src/client/index.js";

/** The client over a real `ws` socket on loopback: text frames, close events and reconnect as Node delivers them. */
describe("over a real ws socket", () => {
  let server: WebSocketServer | undefined;
  let client: GatewayClient | undefined;

  afterEach(async () => {
    client?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it("handshakes, calls question.list and reconnects after the server drops it", async () => {
    let connections = 0;
    server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
    server.on("connection", (socket) => {
      connections += 1;
      socket.send(JSON.stringify({ type: "event", event: "connect.challenge", payload: { nonce: `n${connections}`, ts: Date.now() } }));
      socket.on("message", (data) => {
        const frame = JSON.parse(String(data)) as { id: string; method: string };
        const payload = frame.method === "connect" ? { type: "hello-ok", protocol: 4 } : { questions: [] };
        socket.send(JSON.stringify({ type: "res", id: frame.id, ok: true, payload }));
        if (frame.method === "question.list" && connections === 1) setTimeout(() => socket.close(1012, "restart"), 5);
      });
    });
    await new Promise((resolve) => server?.once("listening", resolve));
    const { port } = server.address() as { port: number };
    client = createGatewayClient({ url: `ws://127.0.0.1:${port}`, token: "t", WebSocket, backoff: { initialMs: 20 } });
    const statuses: string[] = [];
    client.onStatus((status) => statuses.push(status));
    await vi.waitFor(() => expect(client?.getStatus()).toBe("connected"));
    await expect(createQuestionClient(client).list()).resolves.toEqual({ questions: [], problems: [] });
    await vi.waitFor(() => expect(connections).toBe(2));
    await vi.waitFor(() => expect(client?.getStatus()).toBe("connected"));
    expect(statuses).toEqual(["connected", "disconnected", "connecting", "connected"]);
  });
});
