// A loopback TCP relay between the kit's client and a gateway, so a scenario can cut the network
// (every open connection dropped) and keep it down for a while, against any gateway alike.
import { createConnection, createServer, type Socket } from "node:net";

export interface TcpProxy {
  /** `ws://127.0.0.1:<port>` — the gateway's address through the relay. */
  url: string;
  /** Drops every open connection; with `stayDown`, refuses new ones until `restore()`. */
  cut(options?: { stayDown?: boolean }): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let down = false;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };

  const server = createServer((incoming) => {
    track(incoming);
    if (down) {
      incoming.destroy();
      return;
    }
    const outgoing = createConnection({ host: target.hostname, port: Number(target.port) });
    track(outgoing);
    incoming.pipe(outgoing);
    outgoing.pipe(incoming);
    incoming.on("close", () => outgoing.destroy());
    outgoing.on("close", () => incoming.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("tcp proxy: no port");

  return {
    url: `ws://127.0.0.1:${address.port}${target.pathname === "/" ? "" : target.pathname}`,
    cut({ stayDown = false } = {}) {
      down = stayDown;
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      down = false;
    },
    close() {
      down = true;
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
