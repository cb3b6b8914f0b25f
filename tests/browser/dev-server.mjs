// For working on the page without rebuilding `plateau`: serves cli/web/
// from the disk and passes everything else (the API, the WebSocket) to a
// running `plateau web`.
//   node tests/browser/dev-server.mjs http://127.0.0.1:8080 [port]

import http from "node:http";
import net from "node:net";
import { readFile } from "node:fs/promises";
import { join, dirname, extname } from "node:path";
import { fileURLToPath } from "node:url";

const WEB = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "cli", "web");
const upstream = new URL(process.argv[2] || "http://127.0.0.1:8080");
const port = Number(process.argv[3] || 8090);
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, "http://x");
  const file = url.pathname === "/" ? "index.html" : url.pathname.startsWith("/assets/") ? url.pathname.slice(8) : null;
  if (file && !file.includes("..")) {
    try {
      const body = await readFile(join(WEB, file));
      res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
      res.end(body);
      return;
    } catch {
      // not on the disk: ask the server
    }
  }
  const proxied = http.request(
    { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      answer.pipe(res);
    },
  );
  req.pipe(proxied);
});
server.on("upgrade", (req, socket, head) => {
  const up = net.connect(Number(upstream.port), upstream.hostname, () => {
    up.write(`${req.method} ${req.url} HTTP/1.1\r\n${Object.entries(req.headers).map(([k, v]) => `${k}: ${v}`).join("\r\n")}\r\n\r\n`);
    up.write(head);
    up.pipe(socket);
    socket.pipe(up);
  });
  up.on("error", () => socket.destroy());
  socket.on("error", () => up.destroy());
});
server.listen(port, "127.0.0.1", () => console.log(`listening on http://127.0.0.1:${port}/`));
