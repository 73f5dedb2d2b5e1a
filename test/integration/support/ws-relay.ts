// A loopback WebSocket relay between one kit and a gateway. Unlike tcp-proxy.ts it reads the
// frames, so a fault schedule can count every `question.resolve` the kit sent (before the
// gateway saw it) and tell a doubled or altered submission from a legitimate one.
import WebSocket, { WebSocketServer } from "ws";
import { parseResolve, type SentResolve } from "../../faults/support/fault-world.js";

export interface WsRelay {
  /** `ws://127.0.0.1:<port>`: the gateway's address through the relay. */
  url: string;
  /** Drops every open connection abruptly (the kit sees 1006); with `stayDown`, refuses new ones until `restore()`. */
  cut(options?: { stayDown?: boolean }): void;
  restore(): void;
  /** True while a kit's socket is open through the relay. */
  readonly linked: boolean;
  close(): Promise<void>;
}

/** Close codes a peer may not send itself; a socket that ended with one is ended abruptly instead. */
const RESERVED_CLOSE_CODES = new Set([1004, 1005, 1006, 1015]);

export async function startWsRelay(targetUrl: string, kit: number, sent: SentResolve[]): Promise<WsRelay> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const pairs = new Set<{ inner: WebSocket; outer: WebSocket }>();
  let down = false;

  const end = (socket: WebSocket, code?: number, reason?: Buffer) => {
    if (socket.readyState === WebSocket.CLOSED) return;
    if (code === undefined || RESERVED_CLOSE_CODES.has(code) || socket.readyState !== WebSocket.OPEN) socket.terminate();
    else socket.close(code, reason);
  };

  server.on("connection", (inner) => {
    if (down) return void inner.terminate();
    const outer = new WebSocket(targetUrl);
    const pair = { inner, outer };
    pairs.add(pair);
    // The kit may speak before the gateway's socket is open; nothing it says may be lost here.
    const early: string[] = [];
    inner.on("message", (data) => {
      const text = String(data);
      const resolve = parseResolve(kit, text);
      if (resolve) sent.push(resolve);
      if (outer.readyState === WebSocket.OPEN) outer.send(text);
      else early.push(text);
    });
    outer.on("open", () => {
      for (const text of early.splice(0)) outer.send(text);
    });
    outer.on("message", (data) => {
      if (inner.readyState === WebSocket.OPEN) inner.send(String(data));
    });
    // The gateway's close code (1012 on a restart, say) reaches the kit as the gateway sent it.
    outer.on("close", (code, reason) => {
      pairs.delete(pair);
      end(inner, code, reason);
    });
    inner.on("close", () => {
      pairs.delete(pair);
      end(outer);
    });
    outer.on("error", () => outer.terminate());
    inner.on("error", () => inner.terminate());
  });

  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("ws relay: no port");
  const dropAll = () => {
    for (const { inner, outer } of [...pairs]) {
      inner.terminate();
      outer.terminate();
    }
    pairs.clear();
  };

  return {
    url: `ws://127.0.0.1:${address.port}`,
    cut({ stayDown = false } = {}) {
      down = stayDown;
      dropAll();
    },
    restore() {
      down = false;
    },
    get linked() {
      return [...pairs].some(({ inner, outer }) => inner.readyState === WebSocket.OPEN && outer.readyState === WebSocket.OPEN);
    },
    close() {
      down = true;
      dropAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
