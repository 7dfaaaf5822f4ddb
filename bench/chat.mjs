#!/usr/bin/env node
/**
 * The chat under load: the real app with 500 client–lawyer pairs, 1,000 authenticated STOMP
 * sessions opened as the web opens them (lib/chat-load.mjs: @stomp/stompjs over `ws`, heart-beats
 * 10000,10000, /topic/messages and the web's queues subscribed; each user from a loopback address of
 * their own, under the product's per-address cap), a
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
 * falls behind cannot keep it going), BENCH_CHAT_PROFILE (a file: the server's CPU profile), BENCH_CHAT_PORT (the
 * servers' ports from there, else free ones).
 */
import path from 'node:path';
import {
  createMeter,
  drive,
  MiB,
  memoryOf,
  openEchoSockets,
  openStompSessions,
  percentiles,
  route,
  sendChat,
  sendEcho,
  serverPorts,
} from './lib/chat-load.mjs';
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
const BUDGET_SECONDS = Number(process.env.BENCH_CHAT_BUDGET_SECONDS ?? 300);
const serverUrl = process.env.DATABASE_URL;
const database = serverUrl ? 'postgres' : 'pglite';
const TARGETS = { maxP99: serverUrl ? 50 : 150, maxIdleMiB: 100 };

const here = path.dirname(new URL(import.meta.url).pathname);

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
      env: { ...db.env, ...serverPorts().app, BENCH_CHAT_PAIRS: String(PAIRS) },
      label: 'app',
    });
    servers.push(app);
    console.log(
      `seeded ${app.users.length} users, ${app.pairs.length} chats and their sessions in ${app.seedSeconds} s`,
    );
    const echo = await startServer(path.join(here, 'lib/chat-echo-server.mjs'), {
      env: serverPorts().echo,
      label: 'echo',
    });
    servers.push(echo);

    // memory: the server before and after 1,000 sessions connected, subscribed and idle
    const appBefore = await memoryOf(app.probePort);
    stomp = { meter: createMeter(), errors: [] };
    const positions = app.users.map((_, i) => i);
    stomp.clients = await openStompSessions({
      url: `ws://127.0.0.1:${app.port}/ws`,
      users: app.users,
      positions,
      meter: stomp.meter,
      errors: stomp.errors,
    });
    await new Promise((r) => setTimeout(r, 3000));
    const appAfter = await memoryOf(app.probePort);
    const echoBefore = await memoryOf(echo.probePort);
    echoSockets = { meter: createMeter() };
    echoSockets.sockets = await openEchoSockets({ port: echo.port, positions, meter: echoSockets.meter });
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
        ` as many bare WebSockets add ${memory.echoAddedMiB} MiB`,
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
          stomp.meter.sent(seq, from);
          sendChat({ session: stomp.clients[from], users: app.users, from, to, seq, prefix });
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
          sendEcho({ socket: echoSockets.sockets[from], to, seq });
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
      `\n${memory.sessions} idle sessions: +${result.idleSessionsMiB} MiB server RSS (target < ${TARGETS.maxIdleMiB} MiB)`,
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
    await Promise.all((stomp?.clients ?? []).map((session) => session.client.deactivate({ force: true })));
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
