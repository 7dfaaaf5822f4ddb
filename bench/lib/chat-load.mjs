/**
 * The chat benchmarks' load generator (bench/chat.mjs in its own process, bench/chat-10k.mjs in child
 * processes of its own, lib/chat-generator.mjs): STOMP sessions opened the way the web opens them,
 * bare WebSockets to the relay that gives the ceiling, a meter of send → delivery to the other
 * participant, and a paced sender.
 *
 * Every simulated user connects from a loopback address of their own (`loopbackAddress`): the server caps
 * open sockets per remote address (MAX_CONNECTIONS_PER_IP), a limit that makes sense for real people, who
 * each have their own address; the benchmarks keep it and spread their users instead of lifting it.
 */
import { performance } from 'node:perf_hooks';
import { Client, ReconnectionTimeMode } from '@stomp/stompjs';
import WebSocket from 'ws';
import {
  STOMP_HEARTBEAT_MS,
  STOMP_MAX_RECONNECT_DELAY_MS,
  STOMP_RECONNECT_DELAY_MS,
} from '../../apps/web/src/lib/stomp-client.ts';
import { fixed } from './harness.mjs';

export const MiB = 2 ** 20;
/** after the last send, how long a straggler may still arrive before it counts as lost */
export const DRAIN_MS = 5000;
/** handshakes in flight at once while sessions open */
export const OPEN_CONCURRENCY = 50;
/** What the web's chat subscribes to on every CONNECTED (features/chat/hooks/chat-socket.ts), and the bell. */
const WEB_SUBSCRIPTIONS = [
  '/user/queue/read',
  '/user/queue/typing',
  '/user/queue/presence',
  '/user/queue/notifications',
];

/** User `index`'s own address: 127.10.0.1 up to 127.10.255.250, one per user for 65,000 users. */
export function loopbackAddress(index) {
  return `127.10.${Math.floor(index / 250) % 256}.${(index % 250) + 1}`;
}

/**
 * BENCH_CHAT_PORT=<n>: the app listens on n and its probe on n + 1, the relay on n + 2 and its probe on
 * n + 3 (a machine where each may only use a range); unset, each takes a free port.
 */
export function serverPorts(base = Number(process.env.BENCH_CHAT_PORT ?? 0)) {
  const at = (offset) =>
    base ? { BENCH_PORT: String(base + offset), BENCH_PROBE_PORT: String(base + offset + 1) } : {};
  return { app: at(0), echo: at(2) };
}

/** The server's resident memory after a full collection (bytes); `usage`: all of process.memoryUsage(). */
export async function memoryOf(probePort, { usage = false } = {}) {
  const answer = await fetch(`http://127.0.0.1:${probePort}/memory`);
  const memory = await answer.json();
  return usage ? memory : memory.rss;
}

/**
 * Starts the server's sampling heap profile (`start`; `young`: with what the young collections take back),
 * or stops it and answers it (lib/chat-memory-probe.mjs).
 */
export async function heapProfileOf(probePort, start, { young = false } = {}) {
  const query = young ? '?young' : '';
  const answer = await fetch(
    `http://127.0.0.1:${probePort}/heap-profile/${start ? 'start' : 'stop'}${query}`,
    {
      method: 'POST',
    },
  );
  return answer.json();
}

/**
 * CPU seconds (user + system) the server process has used so far, and its event loop's delay (p99, max;
 * ms) since the last call.
 */
export async function cpuOf(probePort) {
  const answer = await fetch(`http://127.0.0.1:${probePort}/cpu`);
  const { user, system, loopP99Ms, loopMaxMs } = await answer.json();
  return { seconds: (user + system) / 1e6, loopP99Ms, loopMaxMs };
}

export async function inBatches(items, size, work) {
  const out = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

export function percentiles(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
  return { p50: fixed(at(0.5)), p99: fixed(at(0.99)), max: fixed(at(1)) };
}

/**
 * A measuring session: `sentAt` holds when each numbered message left; a delivery to anyone but its
 * sender is one measurement. `lastAt` is when the last one arrived (Date.now()).
 */
export function createMeter() {
  const sentAt = new Map();
  const senderOf = new Map();
  let latencies = [];
  let delivered = 0;
  let lastAt = 0;
  return {
    sent(seq, sender) {
      sentAt.set(seq, performance.now());
      senderOf.set(seq, sender);
    },
    received(seq, receiver) {
      const at = sentAt.get(seq);
      if (at === undefined || senderOf.get(seq) === receiver) return;
      latencies.push(performance.now() - at);
      sentAt.delete(seq);
      delivered += 1;
      lastAt = Date.now();
    },
    get pending() {
      return sentAt.size;
    },
    take() {
      const taken = { latencies, delivered, lost: sentAt.size, lastAt };
      latencies = [];
      delivered = 0;
      sentAt.clear();
      senderOf.clear();
      return taken;
    },
  };
}

/** Message numbers are unique over the whole run, so a late one from a round never counts in the next. */
let nextSeq = 0;

/** Sends `rate` messages a second for `seconds`, in 10 ms steps, then waits for the stragglers. */
export async function drive({ rate, seconds, send, meter }) {
  const total = Math.round(rate * seconds);
  const first = nextSeq;
  nextSeq += total;
  const start = performance.now();
  let sent = 0;
  await new Promise((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      while (sent < due) send(first + sent++);
      if (sent >= total) {
        clearInterval(timer);
        resolve();
      }
    }, 10);
  });
  const sendSeconds = (performance.now() - start) / 1000;
  const deadline = performance.now() + DRAIN_MS;
  while (meter.pending > 0 && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return { total, sendSeconds, ...meter.take() };
}

/** Message `seq` goes from one side of pair `seq % pairs.length` to the other, alternating who writes. */
export function route(pairs, seq) {
  const [client, lawyer] = pairs[seq % pairs.length];
  return Math.floor(seq / pairs.length) % 2 === 0 ? [client, lawyer] : [lawyer, client];
}

/**
 * One STOMP session of `users[position]`, as the web opens it (lib/stomp-client.ts): `Authorization:
 * Bearer`, heart-beats 10000,10000, `/topic/messages` subscribed with a receipt and the four queues, then
 * `/app/connect`. With `reconnect` it comes back as the web does (5 s after a loss, doubling after each
 * failed attempt); without, it stays down. Resolves once the broker holds the first subscription;
 * `ready` counts the subscriptions confirmed (one per CONNECTED), `readyAt` the last (Date.now()).
 * Every ERROR frame goes to `errors`; `socketErrors` counts the sockets that failed (`lastSocketError`: why).
 */
export function openStompSession({ url, users, position, meter, errors, reconnect = false }) {
  const user = users[position];
  const session = { client: undefined, ready: 0, readyAt: 0, socketErrors: 0, lastSocketError: undefined };
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ['v12.stomp'], { localAddress: loopbackAddress(position) }),
      connectHeaders: { Authorization: `Bearer ${user.token}` },
      heartbeatIncoming: STOMP_HEARTBEAT_MS,
      heartbeatOutgoing: STOMP_HEARTBEAT_MS,
      reconnectDelay: reconnect ? STOMP_RECONNECT_DELAY_MS : 0,
      reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
      maxReconnectDelay: STOMP_MAX_RECONNECT_DELAY_MS,
      discardWebsocketOnCommFailure: true,
    });
    session.client = client;
    client.onConnect = () => {
      const receipt = `subscribed-${position}-${session.ready}`;
      client.watchForReceipt(receipt, () => {
        session.ready += 1;
        session.readyAt = Date.now();
        if (session.ready === 1) resolve(session);
      });
      client.subscribe(
        '/topic/messages',
        (frame) => {
          const { text } = JSON.parse(frame.body);
          meter.received(Number(text.slice(text.indexOf(' ') + 1)), position);
        },
        { receipt },
      );
      for (const destination of WEB_SUBSCRIPTIONS) client.subscribe(destination, () => {});
      client.publish({
        destination: '/app/connect',
        body: JSON.stringify({ userId: user.id, userType: user.role === 'ABOGADO' ? 'lawyer' : 'user' }),
      });
    };
    client.onStompError = (frame) => errors.push(frame.headers.message ?? 'ERROR');
    client.onWebSocketError = (event) => {
      session.socketErrors += 1;
      session.lastSocketError = event?.message ?? event?.error?.code ?? 'error';
      if (session.ready === 0) reject(new Error(`session ${position} could not connect`));
    };
    client.activate();
  });
}

/** Opens the sessions of `positions` (indexes into `users`), OPEN_CONCURRENCY at a time. */
export function openStompSessions({ url, users, positions, meter, errors, reconnect }) {
  return inBatches(positions, OPEN_CONCURRENCY, (position) =>
    openStompSession({ url, users, position, meter, errors, reconnect }),
  );
}

/** `SEND /app/chat` of message `seq` from `users[from]` to `users[to]`, with a receipt, as the web sends it. */
export function sendChat({ session, users, from, to, seq, prefix }) {
  const sender = users[from];
  const other = users[to];
  const isLawyer = sender.role === 'ABOGADO';
  session.client.publish({
    destination: '/app/chat',
    headers: { receipt: `${prefix}-${seq}` },
    body: JSON.stringify({
      senderId: sender.id,
      text: `bench ${seq}`,
      userId: isLawyer ? other.id : sender.id,
      lawyerId: isLawyer ? sender.id : other.id,
      type: '0',
      clientMessageId: `${prefix}-${seq}`,
    }),
  });
}

/** Bare WebSockets to the relay (lib/chat-echo-server.mjs), one per position, from the same addresses. */
export function openEchoSockets({ port, positions, meter }) {
  return inBatches(
    positions,
    OPEN_CONCURRENCY,
    (id) =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${port}/?id=${id}`, {
          perMessageDeflate: false,
          localAddress: loopbackAddress(id),
        });
        socket.on('open', () => resolve(socket));
        socket.on('error', reject);
        socket.on('message', (data) => meter.received(JSON.parse(data.toString()).seq, id));
      }),
  );
}

/** Relay message `seq` to position `to`. */
export function sendEcho({ socket, to, seq }) {
  socket.send(JSON.stringify({ to, seq, text: `bench ${seq}` }));
}
