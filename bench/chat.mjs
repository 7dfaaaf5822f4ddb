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
} from './lib/chat-load.mjs';
import {
  alternate,
  exitWith,
  printChatTable,
  ROUNDS,
  report,
  SECONDS,
  startChatServers,
} from './lib/chat-servers.mjs';
import { fixed, median } from './lib/harness.mjs';

const PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 500);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 500);
const BUDGET_SECONDS = Number(process.env.BENCH_CHAT_BUDGET_SECONDS ?? 300);
const serverUrl = process.env.DATABASE_URL;
const database = serverUrl ? 'postgres' : 'pglite';
const TARGETS = { maxP99: serverUrl ? 50 : 150, maxIdleMiB: 100 };

async function main() {
  console.log(`chat on ${database}: ${PAIRS} pairs, ${RATE} messages/s for ${SECONDS} s, ${ROUNDS} rounds`);
  const { app, echo, stop } = await startChatServers({
    name: 'chat',
    pairs: PAIRS,
    budgetSeconds: BUDGET_SECONDS,
  });
  let stomp;
  let echoSockets;
  try {
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

    const summary = (r) => ({
      sent: r.total,
      delivered: r.delivered,
      lost: r.lost,
      ratePerSecond: fixed(r.total / r.sendSeconds),
      ...percentiles(r.latencies),
    });
    const rounds = await alternate({
      echoLoad,
      chatLoad,
      each: ({ chat, ceiling }, i) => {
        const entry = { chat: summary(chat), ceiling: summary(ceiling) };
        console.log(
          `round ${i}: chat p50 ${entry.chat.p50} ms p99 ${entry.chat.p99} ms max ${entry.chat.max} ms` +
            ` (${entry.chat.delivered}/${entry.chat.sent} delivered at ${entry.chat.ratePerSecond}/s)` +
            ` | ceiling p50 ${entry.ceiling.p50} ms p99 ${entry.ceiling.p99} ms` +
            ` (${entry.ceiling.delivered}/${entry.ceiling.sent})`,
        );
        return entry;
      },
    });

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

    printChatTable({ rounds, result, database });
    console.log(
      `\n${memory.sessions} idle sessions: +${result.idleSessionsMiB} MiB server RSS (target < ${TARGETS.maxIdleMiB} MiB)`,
    );

    return report(
      'chat',
      database,
      {
        settings: { pairs: PAIRS, sessions: app.users.length, rate: RATE, seconds: SECONDS, rounds: ROUNDS },
        memory,
        rounds,
        median: result,
        targets: TARGETS,
        stompErrors: stomp.errors.slice(0, 10),
      },
      failures,
    );
  } finally {
    await Promise.all((stomp?.clients ?? []).map((session) => session.client.deactivate({ force: true })));
    for (const socket of echoSockets?.sockets ?? []) socket.terminate();
    await stop();
  }
}

exitWith(main());
