/**
 * Child process of bench/chat.mjs: the ceiling. A bare WebSocket server (`ws`, as the app uses) where
 * each connection says who it is (`/?id=<index>`) and every message `{to, ...}` is passed as it is to
 * connection `to`: the same pairs and the same rate as the chat, without STOMP, authentication, storage
 * or fan-out. Reports `{port, probePort}`; listens on BENCH_ECHO_PORT or BENCH_PORT when set, else on a free
 * port.
 *
 * bench/web-inp.mjs serves its floor page from it too: BENCH_ECHO_STATIC is a folder whose files plain HTTP
 * GETs answer, so the page and its chat's relay share one origin, as the app's pages and its /ws do.
 */
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { startMemoryProbe } from './chat-memory-probe.mjs';

const STATIC = process.env.BENCH_ECHO_STATIC;
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

const web = http.createServer(async (request, response) => {
  const file = STATIC && path.join(STATIC, path.normalize(new URL(request.url ?? '/', 'http://x').pathname));
  const body = file?.startsWith(STATIC) ? await readFile(file).catch(() => null) : null;
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  response.end(body);
});
const sockets = new Map();
const server = new WebSocketServer({ server: web, perMessageDeflate: false });
server.on('connection', (socket, request) => {
  const id = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('id'));
  sockets.set(id, socket);
  socket.on('message', (data) => {
    const { to } = JSON.parse(data.toString());
    sockets.get(to)?.send(data.toString());
  });
  socket.on('close', () => {
    if (sockets.get(id) === socket) sockets.delete(id);
  });
});
await new Promise((resolve) =>
  web.listen(Number(process.env.BENCH_ECHO_PORT ?? process.env.BENCH_PORT ?? 0), '127.0.0.1', resolve),
);
const probePort = await startMemoryProbe();
process.send?.({ ready: { port: web.address().port, probePort } });
process.on('SIGTERM', () => {
  server.close();
  web.close(() => process.exit(0));
  web.closeAllConnections();
});
// the benchmark died without stopping us: do not linger
process.on('disconnect', () => process.exit(0));
