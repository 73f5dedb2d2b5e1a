// Serves a built bench page from a folder on a free loopback port. `/favicon.ico` gets 204 so the
// page logs no 404.
import { readFile } from "node:fs/promises";
import { type Server, createServer } from "node:http";
import { extname, join, normalize } from "node:path";

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };

export function serveFolder(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    if (path === "/favicon.ico") return void response.writeHead(204).end();
    readFile(join(root, path === "/" ? "index.html" : path)).then(
      (body) => response.writeHead(200, { "content-type": TYPES[extname(path)] ?? "text/html" }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` })));
}
