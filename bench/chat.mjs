#!/usr/bin/env node
/**
 * The chat under load: the real app with 500 client–lawyer pairs, 1,000 authenticated STOMP
 * sessions (@stomp/stompjs over `ws`, heart-beats 10000,10000, subscribed to /topic/messages), a
 * sustained 500 messages/s in total (SEND /app/chat with a receipt, from both sides of every pair in
 * turn), measuring send → delivery to the OTHER participant; the server's memory added by the 1,000 idle
 * sessions; and, in the same run, a bare WebSocket relay between the same pairs at the same rate (the
 * ceiling of this machine). On PostgreSQL when DATABASE_URL is set (a throw-away database, created and
 * dropped here), else on PGlite in a temporary folder. Loopback only; bounded in count and time.
 *
 * Targets (medians of the rounds): p99 under 50 ms on PostgreSQL and under 150 ms on PGlite; the 1,000 idle
 * sessions add under 100 MB to the server's resident memory; every message delivered. Exits 1 when one
 * is missed. Results: bench/results/chat-*.json.
 *
 * Options (environment): BENCH_CHAT_PAIRS (500), BENCH_CHAT_RATE (500 messages/s), BENCH_SECONDS (10),
 * BENCH_ROUNDS (3), BENCH_CHAT_BUDGET_SECONDS (300: past it the run stops and fails, so a server that
 * falls behind cannot keep it going), BENCH_CHAT_PROFILE (a file: the server's CPU profile).
 */
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@stomp/stompjs';
import WebSocket from 'ws';
import {
  fixed,
  machine,
  median,
  ROOT,
  startServer,
  throwAwayDatabase,
  writeResults,
} from './lib/harness.mjs';

const PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 500);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARM_UP_SECONDS = 2;
/** after the last send, how long a straggler may still arrive before it counts as lost */
const DRAIN_MS = 5000;
const OPEN_CONCURRENCY = 50;
const BUDGET_SECONDS = Number(process.env.BENCH_CHAT_BUDGET_SECONDS ?? 300);
const serverUrl = process.env.DATABASE_URL;
const database = serverUrl ? 'postgres' : 'pglite';
const TARGETS = { maxP99: serverUrl ? 50 : 150, maxIdleMiB: 100 };

const here = path.dirname(new URL(import.meta.url).pathname);
const MiB = 2 ** 20;

async function memoryOf(probePort) {
  const answer = await fetch(`http://127.0.0.1:${probePort}/memory`);
  return (await answer.json()).rss;
}

async function inBatches(items, size, work) {
  const out = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

function percentiles(latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN;
  return { p50: fixed(at(0.5)), p99: fixed(at(0.99)), max: fixed(at(1)) };
}

/**
 * A measuring session: `sentAt` holds when each numbered message left; a delivery to anyone but its
 * sender is one measurement.
 */
function createMeter() {
  const sentAt = new Map();
  const senderOf = new Map();
  let latencies = [];
  let delivered = 0;
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
    },
    get pending() {
      return sentAt.size;
    },
    take() {
      const taken = { latencies, delivered, lost: sentAt.size };
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
async function drive({ rate, seconds, send, meter }) {
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

/** Message `seq` goes from one side of pair `seq % PAIRS` to the other, alternating who writes. */
function route(pairs, seq) {
  const [client, lawyer] = pairs[seq % pairs.length];
  return Math.floor(seq / pairs.length) % 2 === 0 ? [client, lawyer] : [lawyer, client];
}

/** The 1,000 STOMP sessions, as the web app opens them (lib/stomp-client.ts), plus the meter. */
async function openStompSessions(app) {
  const meter = createMeter();
  const errors = [];
  const url = `ws://127.0.0.1:${app.port}/ws`;
  const clients = await inBatches(app.users, OPEN_CONCURRENCY, (user, index) => {
    const position = app.users.indexOf(user);
    return new Promise((resolve, reject) => {
      const client = new Client({
        webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
        connectHeaders: { Authorization: `Bearer ${user.token}` },
        heartbeatIncoming: 10_000,
        heartbeatOutgoing: 10_000,
        reconnectDelay: 0,
      });
      client.onConnect = () => {
        client.subscribe('/topic/messages', (frame) => {
          const { text } = JSON.parse(frame.body);
          meter.received(Number(text.slice(text.indexOf(' ') + 1)), position);
        });
        client.watchForReceipt(`ready-${position}`, () => resolve(client));
        client.publish({
          destination: '/app/connect',
          headers: { receipt: `ready-${position}` },
          body: JSON.stringify({ userId: user.id, userType: user.role === 'ABOGADO' ? 'lawyer' : 'user' }),
        });
      };
      client.onStompError = (frame) => errors.push(frame.headers.message ?? 'ERROR');
      client.onWebSocketError = () => reject(new Error(`session ${index} could not connect`));
      client.activate();
    });
  });
  return { clients, meter, errors };
}

async function openEchoSockets(echo, count) {
  const meter = createMeter();
  const sockets = await inBatches(
    Array.from({ length: count }, (_, i) => i),
    OPEN_CONCURRENCY,
    (id) =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(`ws://127.0.0.1:${echo.port}/?id=${id}`, { perMessageDeflate: false });
        socket.on('open', () => resolve(socket));
        socket.on('error', reject);
        socket.on('message', (data) => meter.received(JSON.parse(data.toString()).seq, id));
      }),
  );
  return { sockets, meter };
}

async function main() {
  console.log(`chat on ${database}: ${PAIRS} pairs, ${RATE} messages/s for ${SECONDS} s, ${ROUNDS} rounds`);
  const db = await throwAwayDatabase('bench-chat');
  const servers = [];
  let stomp;
  let echoSockets;
  const watchdog = setTimeout(async () => {
    console.error(`chat: over its time budget of ${BUDGET_SECONDS} s; stopping (targets MISSED)`);
    for (const server of servers) await server.stop();
    await db.drop();
    process.exit(1);
  }, BUDGET_SECONDS * 1000);
  watchdog.unref();
  try {
    const app = await startServer(path.join(here, 'lib/chat-app.mjs'), {
      env: { ...db.env, BENCH_CHAT_PAIRS: String(PAIRS) },
      label: 'app',
    });
    servers.push(app);
    console.log(
      `seeded ${app.users.length} users, ${app.pairs.length} chats and their sessions in ${app.seedSeconds} s`,
    );
    const echo = await startServer(path.join(here, 'lib/chat-echo-server.mjs'), { label: 'echo' });
    servers.push(echo);

    // memory: the server before and after 1,000 sessions connected, subscribed and idle
    const appBefore = await memoryOf(app.probePort);
    stomp = await openStompSessions(app);
    await new Promise((r) => setTimeout(r, 3000));
    const appAfter = await memoryOf(app.probePort);
    const echoBefore = await memoryOf(echo.probePort);
    echoSockets = await openEchoSockets(echo, app.users.length);
    await new Promise((r) => setTimeout(r, 3000));
    const echoAfter = await memoryOf(echo.probePort);
    const memory = {
      sessions: stomp.clients.length,
      stompAddedMiB: fixed((appAfter - appBefore) / MiB),
      stompRssMiB: { before: fixed(appBefore / MiB), after: fixed(appAfter / MiB) },
      echoAddedMiB: fixed((echoAfter - echoBefore) / MiB),
    };
    console.log(
      `${memory.sessions} idle STOMP sessions add ${memory.stompAddedMiB} MiB to the server` +
        ` (${memory.stompRssMiB.before} → ${memory.stompRssMiB.after} MiB RSS);` +
        ` 1,000 bare WebSockets add ${memory.echoAddedMiB} MiB`,
    );

    let round = 0;
    const chatLoad = (seconds) => {
      round += 1;
      const prefix = `r${round}`;
      return drive({
        rate: RATE,
        seconds,
        meter: stomp.meter,
        send: (seq) => {
          const [from, to] = route(app.pairs, seq);
          const sender = app.users[from];
          const other = app.users[to];
          const isLawyer = sender.role === 'ABOGADO';
          stomp.meter.sent(seq, from);
          stomp.clients[from].publish({
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
        },
      });
    };
    const echoLoad = (seconds) =>
      drive({
        rate: RATE,
        seconds,
        meter: echoSockets.meter,
        send: (seq) => {
          const [from, to] = route(app.pairs, seq);
          echoSockets.meter.sent(seq, from);
          echoSockets.sockets[from].send(JSON.stringify({ to, seq, text: `bench ${seq}` }));
        },
      });

    await echoLoad(WARM_UP_SECONDS);
    await chatLoad(WARM_UP_SECONDS);
    const rounds = [];
    for (let i = 1; i <= ROUNDS; i++) {
      const ceiling = await echoLoad(SECONDS);
      const chat = await chatLoad(SECONDS);
      const summary = (r) => ({
        sent: r.total,
        delivered: r.delivered,
        lost: r.lost,
        ratePerSecond: fixed(r.total / r.sendSeconds),
        ...percentiles(r.latencies),
      });
      const entry = { chat: summary(chat), ceiling: summary(ceiling) };
      rounds.push(entry);
      console.log(
        `round ${i}: chat p50 ${entry.chat.p50} ms p99 ${entry.chat.p99} ms max ${entry.chat.max} ms` +
          ` (${entry.chat.delivered}/${entry.chat.sent} delivered at ${entry.chat.ratePerSecond}/s)` +
          ` | ceiling p50 ${entry.ceiling.p50} ms p99 ${entry.ceiling.p99} ms` +
          ` (${entry.ceiling.delivered}/${entry.ceiling.sent})`,
      );
    }

    const result = {
      chatP50: median(rounds.map((r) => r.chat.p50)),
      chatP99: median(rounds.map((r) => r.chat.p99)),
      ceilingP50: median(rounds.map((r) => r.ceiling.p50)),
      ceilingP99: median(rounds.map((r) => r.ceiling.p99)),
      idleSessionsMiB: memory.stompAddedMiB,
    };
    const failures = [];
    if (!(result.chatP99 < TARGETS.maxP99)) failures.push(`p99 ${result.chatP99} ms ≥ ${TARGETS.maxP99} ms`);
    if (!(result.idleSessionsMiB < TARGETS.maxIdleMiB)) {
      failures.push(`idle sessions ${result.idleSessionsMiB} MiB ≥ ${TARGETS.maxIdleMiB} MiB`);
    }
    if (rounds.some((r) => r.chat.lost > 0)) failures.push('chat messages lost');
    if (stomp.errors.length) failures.push(`${stomp.errors.length} STOMP errors (first: ${stomp.errors[0]})`);

    console.log('');
    console.log('|                    | p50       | p99       | delivered                 |');
    console.log('| ------------------ | --------- | --------- | ------------------------- |');
    const total = (key) => rounds.reduce((sum, r) => sum + r[key].delivered, 0);
    const sent = (key) => rounds.reduce((sum, r) => sum + r[key].sent, 0);
    const row = (label, p50, p99, key) =>
      console.log(
        `| ${label.padEnd(18)} | ${`${p50} ms`.padEnd(9)} | ${`${p99} ms`.padEnd(9)} | ${`${total(key)}/${sent(key)}`.padEnd(25)} |`,
      );
    row(`STOMP chat (${database})`, result.chatP50, result.chatP99, 'chat');
    row('WebSocket relay', result.ceilingP50, result.ceilingP99, 'ceiling');
    console.log(
      `\n1,000 idle sessions: +${result.idleSessionsMiB} MiB server RSS (target < ${TARGETS.maxIdleMiB} MiB)`,
    );

    const file = writeResults('chat', database, {
      bench: 'chat',
      date: new Date().toISOString(),
      database,
      machine: machine(),
      settings: { pairs: PAIRS, sessions: app.users.length, rate: RATE, seconds: SECONDS, rounds: ROUNDS },
      memory,
      rounds,
      median: result,
      targets: TARGETS,
      stompErrors: stomp.errors.slice(0, 10),
      passed: failures.length === 0,
      failures,
    });
    console.log(`targets (${database}): ${failures.length ? `MISSED — ${failures.join('; ')}` : 'met'}`);
    console.log(`results: ${path.relative(ROOT, file)}`);
    return failures.length === 0;
  } finally {
    clearTimeout(watchdog);
    if (stomp) await Promise.all(stomp.clients.map((client) => client.deactivate({ force: true })));
    for (const socket of echoSockets?.sockets ?? []) socket.terminate();
    for (const server of servers) await server.stop();
    await db.drop();
  }
}

main().then(
  (passed) => process.exit(passed ? 0 : 1),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
