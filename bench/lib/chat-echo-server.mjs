/**
 * Child process of bench/chat.mjs: the ceiling. A bare WebSocket server (`ws`, as the app uses) where
 * each connection says who it is (`/?id=<index>`) and every message `{to, ...}` is passed as it is to
 * connection `to`: the same pairs and the same rate as the chat, without STOMP, authentication, storage
 * or fan-out. Reports `{port, probePort}`; listens on BENCH_PORT when set, else on a free port.
 */
import { WebSocketServer } from 'ws';
import { startMemoryProbe } from './chat-memory-probe.mjs';

const sockets = new Map();
const server = new WebSocketServer({
  port: Number(process.env.BENCH_PORT ?? 0),
  host: '127.0.0.1',
  perMessageDeflate: false,
});
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
await new Promise((resolve) => server.once('listening', resolve));
const probePort = await startMemoryProbe();
process.send?.({ ready: { port: server.address().port, probePort } });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
// the benchmark died without stopping us: do not linger
process.on('disconnect', () => process.exit(0));
