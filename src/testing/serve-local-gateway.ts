/**
 * Serves an embedded gateway over real WebSockets (`ws`) on a loopback port, so a raw protocol
 * client, the kit's client or a browser page can talk to it exactly as to an OpenClaw gateway.
 */
import type { IncomingMessage } from "node:http";
import { WebSocketServer, type WebSocket } from "ws";
import { type LocalGateway, type LocalGatewayOptions, createLocalGateway } from "./local-gateway.js";

export interface ServeLocalGatewayOptions extends LocalGatewayOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** A loopback address: `127.0.0.1` (default), `::1` or `localhost`. */
  host?: string;
  /** Serve this gateway instead of creating one from the other options. */
  gateway?: LocalGateway;
}

export interface ServedLocalGateway {
  url: string;
  port: number;
  gateway: LocalGateway;
  /** Drops every connection (close code 1012) and stops listening. */
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);
/** The gateway's frame limit (`policy.maxPayload`). */
const MAX_PAYLOAD_BYTES = 26_214_400;

export async function serveLocalGateway(options: ServeLocalGatewayOptions = {}): Promise<ServedLocalGateway> {
  const { port = 0, host = "127.0.0.1", gateway: given, ...gatewayOptions } = options;
  if (!LOOPBACK_HOSTS.has(host)) {
    throw new Error(
      `serveLocalGateway: host must be a loopback address (127.0.0.1, ::1 or localhost), not "${host}"; the embedded gateway is for local use only.`,
    );
  }
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`serveLocalGateway: port must be an integer from 0 to 65535 (0 picks a free one), not ${String(port)}.`);
  }
  const gateway = given ?? createLocalGateway(gatewayOptions);
  const server = new WebSocketServer({ host, port, maxPayload: MAX_PAYLOAD_BYTES });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  server.on("error", () => {
    // After listening, errors belong to single sockets and are handled there.
  });
  server.on("connection", (socket: WebSocket, request: IncomingMessage) => {
    const connection = gateway.accept(
      {
        send: (text) => {
          if (socket.readyState === socket.OPEN) socket.send(text);
        },
        close: (code, reason) => socket.close(code, reason),
      },
      {
        ...(request.headers.origin ? { origin: request.headers.origin } : {}),
        ...(request.headers.host ? { host: request.headers.host } : {}),
      },
    );
    socket.on("message", (data) =>
      connection.receive(Array.isArray(data) ? Buffer.concat(data).toString("utf8") : Buffer.from(data as ArrayBuffer).toString("utf8")),
    );
    socket.on("close", () => connection.closed());
    socket.on("error", () => socket.terminate());
  });
  const address = server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `ws://${urlHost}:${boundPort}`,
    port: boundPort,
    gateway,
    close: async () => {
      gateway.close();
      for (const socket of server.clients) socket.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
