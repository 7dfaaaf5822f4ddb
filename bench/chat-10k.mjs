#!/usr/bin/env node
/**
 * The chat at ten thousand sessions: the real app in ONE process (lib/chat-app.mjs, every product limit
 * as it is) with 5,000 client–lawyer pairs, 10,000 authenticated STOMP sessions opened as the web opens
 * them (lib/chat-load.mjs, each user from a loopback address of their own), driven by load generators in
 * child processes of their own (lib/chat-generator.mjs: each holds both sides of its share of the pairs
 * and answers its latencies over IPC, with its own CPU share, so a generator that limits the figures
 * shows). Measures, in one run:
 *
 * 1. a sustained 2,000 messages/s in total (SEND /app/chat with a receipt, both sides of every pair in
 *    turn), send → delivery to the other participant, next to the same pairs and rate through a bare
 *    `ws` relay (lib/chat-echo-server.mjs, the ceiling of the machine at that moment);
 * 2. the server's resident memory (after a full collection) added by the 10,000 idle sessions;
 * 3. a reconnect storm: every session's socket cut at a random instant of 10 s, the sessions coming back
 *    as the web's do (5 s after the loss, doubling after a failed attempt), so 10,000 CONNECTs arrive
 *    over 10 s; recovered once every session is CONNECTED and SUBSCRIBED again and one message sent in
 *    every pair after that has been delivered.
 *
 * On PostgreSQL when DATABASE_URL is set (a throw-away database, created and dropped here), else on
 * PGlite in a temporary folder. Targets (medians of the rounds): p99 under 50 ms on PostgreSQL (150 ms on
 * PGlite) at 95% or more of the asked rate, none lost; the idle sessions add under 300 MB; the storm
 * recovered within 30 s with no ERROR frame. Exits 1 when one is missed. Results:
 * bench/results/chat-10k-*.json.
 *
 * Options (environment): BENCH_CHAT10K_PAIRS (5000), BENCH_CHAT10K_RATE (2000 messages/s),
 * BENCH_CHAT10K_GENERATORS (2 child processes), BENCH_SECONDS (10), BENCH_ROUNDS (3),
 * BENCH_CHAT10K_BUDGET_SECONDS (900: past it the run stops and fails), BENCH_CHAT_PROFILE (a file: the
 * server's CPU profile), BENCH_CHAT_HEAP_PROFILE (a file: the server's sampled heap profile over the
 * rounds, with what the full collections took back; BENCH_CHAT_HEAP_PROFILE_YOUNG=1: everything
 * allocated), BENCH_CHAT_PORT (the servers' ports from there, else
 * free ones).
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { cpuOf, heapProfileOf, MiB, memoryOf, percentiles } from './lib/chat-load.mjs';
import {
  alternate,
  exitWith,
  printChatTable,
  ROUNDS,
  report,
  SECONDS,
  startChatServers,
} from './lib/chat-servers.mjs';
import { fixed, median, startServer } from './lib/harness.mjs';

const PAIRS = Number(process.env.BENCH_CHAT10K_PAIRS ?? 5000);
const RATE = Number(process.env.BENCH_CHAT10K_RATE ?? 2000);
const GENERATORS = Number(process.env.BENCH_CHAT10K_GENERATORS ?? 2);
const BUDGET_SECONDS = Number(process.env.BENCH_CHAT10K_BUDGET_SECONDS ?? 900);
const IDLE_SECONDS = 3;
const STORM_SPREAD_MS = 10_000;
const QUIET_CPU_SHARE = 0.25;
const SETTLE_MAX_SECONDS = 60;
const serverUrl = process.env.DATABASE_URL;
const database = serverUrl ? 'postgres' : 'pglite';
const TARGETS = {
  maxP99: serverUrl ? 50 : 150,
  minRateShare: 0.95,
  maxIdleMiB: 300,
  maxRecoverySeconds: 30,
};

const here = path.dirname(new URL(import.meta.url).pathname);
const sessions = PAIRS * 2;

/** The soft limit of open files this process (and so its children) starts with. */
function openFilesLimit() {
  const answer = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' });
  const value = answer.stdout.trim();
  return value === 'unlimited' ? Number.POSITIVE_INFINITY : Number(value);
}

/** Requests to a generator over IPC (lib/chat-generator.mjs), answered by id. */
function connectGenerator(generator) {
  let next = 0;
  const waiting = new Map();
  generator.child.on('message', (message) => {
    const entry = waiting.get(message?.id);
    if (!entry) return;
    waiting.delete(message.id);
    if (message.error) entry.reject(new Error(`generator: ${message.error}`));
    else entry.resolve(message.result);
  });
  generator.child.once('exit', () => {
    for (const entry of waiting.values()) entry.reject(new Error('generator exited'));
  });
  return (cmd, args = {}) =>
    new Promise((resolve, reject) => {
      next += 1;
      waiting.set(next, { resolve, reject });
      generator.child.send({ id: next, cmd, ...args });
    });
}

/** One load of every generator at once (each its share of the rate), answered as one. */
async function load(generators, kind, seconds, prefix, probePort) {
  const cpuBefore = await cpuOf(probePort);
  const started = Date.now();
  const parts = await Promise.all(
    generators.map((ask, g) =>
      ask('drive', { kind, rate: RATE / generators.length, seconds, prefix: `${prefix}g${g}` }),
    ),
  );
  const cpuAfter = await cpuOf(probePort);
  const wallSeconds = (Date.now() - started) / 1000;
  const sent = parts.reduce((sum, part) => sum + part.total, 0);
  return {
    sent,
    delivered: parts.reduce((sum, part) => sum + part.delivered, 0),
    lost: parts.reduce((sum, part) => sum + part.lost, 0),
    ratePerSecond: fixed(sent / Math.max(...parts.map((part) => part.sendSeconds))),
    ...percentiles(parts.flatMap((part) => part.latencies)),
    // CPU seconds per second of the whole load, drain included: 1 is one core busy all the time
    serverCpuShare: fixed((cpuAfter.seconds - cpuBefore.seconds) / wallSeconds, 2),
    serverLoopDelayP99Ms: fixed(cpuAfter.loopP99Ms),
    serverLoopDelayMaxMs: fixed(cpuAfter.loopMaxMs),
    generators: parts.map((part) => ({
      cpuShare: fixed(part.generator.cpuShare, 2),
      loopDelayP99Ms: fixed(part.generator.loopDelayP99Ms),
      loopDelayMaxMs: fixed(part.generator.loopDelayMaxMs),
    })),
  };
}

/**
 * Waits until the server uses less than QUIET_CPU_SHARE of a core over a second (the idle sessions'
 * heart-beats cost a little), at most SETTLE_MAX_SECONDS; answers how long it took.
 */
async function settle(probePort) {
  const started = Date.now();
  let before = await cpuOf(probePort);
  while (Date.now() - started < SETTLE_MAX_SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = await cpuOf(probePort);
    if (now.seconds - before.seconds < QUIET_CPU_SHARE) break;
    before = now;
  }
  return fixed((Date.now() - started) / 1000);
}

async function main() {
  console.log(
    `chat-10k on ${database}: ${PAIRS} pairs (${sessions} sessions), ${RATE} messages/s for ${SECONDS} s,` +
      ` ${ROUNDS} rounds, ${GENERATORS} generator processes`,
  );
  const limit = openFilesLimit();
  // the server holds every session and the relay every socket; each generator its share of both
  if (limit < sessions + 1024) {
    throw new Error(
      `open files limit ${limit} is too low for ${sessions} sessions in one server (raise it: ulimit -n ${sessions + 1024})`,
    );
  }
  const { app, echo, servers, stop } = await startChatServers({
    name: 'chat-10k',
    pairs: PAIRS,
    budgetSeconds: BUDGET_SECONDS,
  });
  const generators = [];
  try {
    for (let g = 0; g < GENERATORS; g++) {
      const generator = await startServer(path.join(here, 'lib/chat-generator.mjs'), {
        label: `generator ${g}`,
      });
      servers.push(generator);
      generators.push(connectGenerator(generator));
    }
    // generator g holds pairs g, g + N, g + 2N, …: both sides of each, so one clock times each message
    await Promise.all(
      generators.map((ask, g) =>
        ask('init', {
          users: app.users,
          pairs: app.pairs.filter((_, k) => k % GENERATORS === g),
          appPort: app.port,
          echoPort: echo.port,
        }),
      ),
    );

    // memory: the server before and after every session connected, subscribed and idle
    const appBefore = await memoryOf(app.probePort, { usage: true });
    const opened = await Promise.all(generators.map((ask) => ask('openStomp')));
    const openSeconds = Math.max(...opened.map((o) => o.seconds));
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const appAfter = await memoryOf(app.probePort, { usage: true });
    const echoBefore = await memoryOf(echo.probePort);
    await Promise.all(generators.map((ask) => ask('openEcho')));
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const echoAfter = await memoryOf(echo.probePort);
    const memory = {
      sessions: opened.reduce((sum, o) => sum + o.opened, 0),
      openSeconds: fixed(openSeconds),
      stompAddedMiB: fixed((appAfter.rss - appBefore.rss) / MiB),
      stompRssMiB: { before: fixed(appBefore.rss / MiB), after: fixed(appAfter.rss / MiB) },
      // what of it is the JavaScript heap (live objects, after the collection) and buffers outside it
      stompHeapUsedAddedMiB: fixed((appAfter.heapUsed - appBefore.heapUsed) / MiB),
      stompExternalAddedMiB: fixed((appAfter.external - appBefore.external) / MiB),
      echoAddedMiB: fixed((echoAfter - echoBefore) / MiB),
    };
    console.log(
      `${memory.sessions} STOMP sessions opened in ${memory.openSeconds} s; idle they add ${memory.stompAddedMiB} MiB` +
        ` to the server (${memory.stompRssMiB.before} → ${memory.stompRssMiB.after} MiB RSS;` +
        ` heap used +${memory.stompHeapUsedAddedMiB} MiB, external +${memory.stompExternalAddedMiB} MiB);` +
        ` as many bare WebSockets add ${memory.echoAddedMiB} MiB`,
    );

    let loads = 0;
    const chatLoad = (seconds) => load(generators, 'chat', seconds, `r${++loads}`, app.probePort);
    const echoLoad = (seconds) => load(generators, 'echo', seconds, `r${++loads}`, echo.probePort);
    const cpus = (r) =>
      `${r.generators.map((g) => g.cpuShare).join('/')} (loop p99 ${r.generators.map((g) => g.loopDelayP99Ms).join('/')} ms)`;
    const heapProfileFile = process.env.BENCH_CHAT_HEAP_PROFILE;
    const young = process.env.BENCH_CHAT_HEAP_PROFILE_YOUNG === '1';
    if (heapProfileFile) await heapProfileOf(app.probePort, true, { young });
    const rounds = await alternate({
      echoLoad,
      chatLoad,
      each: ({ chat, ceiling }, i) => {
        console.log(
          `round ${i}: chat p50 ${chat.p50} ms p99 ${chat.p99} ms max ${chat.max} ms` +
            ` (${chat.delivered}/${chat.sent} at ${chat.ratePerSecond}/s; server CPU ${chat.serverCpuShare}, loop max ${chat.serverLoopDelayMaxMs} ms, generators ${cpus(chat)})` +
            ` | ceiling p50 ${ceiling.p50} ms p99 ${ceiling.p99} ms (${ceiling.delivered}/${ceiling.sent};` +
            ` relay CPU ${ceiling.serverCpuShare}, generators ${cpus(ceiling)})`,
        );
        return { chat, ceiling };
      },
    });

    if (heapProfileFile)
      writeFileSync(heapProfileFile, JSON.stringify(await heapProfileOf(app.probePort, false)));
    // a server still storing the rounds' backlog would count in the storm: wait until it is quiet
    const settleSeconds = await settle(app.probePort);
    // the storm: every socket cut within 10 s, back as the web comes back, then one message per pair
    const startAt = Date.now() + 500;
    const cpuBefore = await cpuOf(app.probePort);
    const parts = await Promise.all(
      generators.map((ask, g) =>
        ask('storm', {
          startAt,
          spreadMs: STORM_SPREAD_MS,
          rate: RATE / generators.length,
          prefix: `storm-g${g}`,
        }),
      ),
    );
    const cpuAfter = await cpuOf(app.probePort);
    const sum = (pick) => parts.reduce((total, part) => total + pick(part), 0);
    const errorFrames = parts.flatMap((part) => part.errorFrames);
    const storm = {
      sessions: sum((p) => p.sessions),
      dropped: sum((p) => p.dropped),
      notBack: sum((p) => p.notBack),
      allBackSeconds: fixed((Math.max(...parts.map((p) => p.readyAt)) - startAt) / 1000),
      probeSent: sum((p) => p.probe.sent),
      probeDelivered: sum((p) => p.probe.delivered),
      probeLost: sum((p) => p.probe.lost),
      recoveredSeconds: fixed((Math.max(...parts.map((p) => p.probe.lastAt)) - startAt) / 1000),
      errorFrames: errorFrames.length,
      firstErrors: [...new Set(errorFrames)].slice(0, 5),
      socketErrors: sum((p) => p.socketErrors),
      socketErrorTexts: [...new Set(parts.flatMap((p) => p.socketErrorTexts))].slice(0, 5),
      settleSeconds,
      serverCpuSeconds: fixed(cpuAfter.seconds - cpuBefore.seconds),
      serverLoopDelayMaxMs: fixed(cpuAfter.loopMaxMs),
    };
    if (storm.notBack || storm.probeDelivered < storm.probeSent) storm.recoveredSeconds = null;
    console.log(
      `storm: ${storm.dropped}/${storm.sessions} sockets cut over ${STORM_SPREAD_MS / 1000} s;` +
        ` all back (CONNECTED, SUBSCRIBED) after ${storm.allBackSeconds} s (${storm.notBack} not back);` +
        ` ${storm.probeDelivered}/${storm.probeSent} messages sent after it delivered;` +
        ` recovered after ${storm.recoveredSeconds ?? 'never'} s; ${storm.errorFrames} ERROR frames,` +
        ` ${storm.socketErrors} failed socket attempts${storm.socketErrors ? ` (${storm.socketErrorTexts.join(' | ')})` : ''}; server CPU ${storm.serverCpuSeconds} s` +
        ` (it started once the server had been quiet for a second, ${storm.settleSeconds} s after the rounds)`,
    );

    const result = {
      chatP50: median(rounds.map((r) => r.chat.p50)),
      chatP99: median(rounds.map((r) => r.chat.p99)),
      chatRate: median(rounds.map((r) => r.chat.ratePerSecond)),
      ceilingP50: median(rounds.map((r) => r.ceiling.p50)),
      ceilingP99: median(rounds.map((r) => r.ceiling.p99)),
      idleSessionsMiB: memory.stompAddedMiB,
      recoveredSeconds: storm.recoveredSeconds,
      stormErrorFrames: storm.errorFrames,
    };
    const failures = [];
    if (!(result.chatP99 < TARGETS.maxP99)) failures.push(`p99 ${result.chatP99} ms ≥ ${TARGETS.maxP99} ms`);
    if (!(result.chatRate >= TARGETS.minRateShare * RATE))
      failures.push(`rate ${result.chatRate}/s < ${TARGETS.minRateShare * RATE}/s`);
    if (rounds.some((r) => r.chat.lost > 0)) failures.push('chat messages lost');
    if (!(result.idleSessionsMiB < TARGETS.maxIdleMiB)) {
      failures.push(`idle sessions ${result.idleSessionsMiB} MiB ≥ ${TARGETS.maxIdleMiB} MiB`);
    }
    if (!(storm.recoveredSeconds !== null && storm.recoveredSeconds < TARGETS.maxRecoverySeconds)) {
      failures.push(
        `storm recovered after ${storm.recoveredSeconds ?? 'never'} s (≥ ${TARGETS.maxRecoverySeconds} s)`,
      );
    }
    if (storm.errorFrames)
      failures.push(`${storm.errorFrames} ERROR frames in the storm (first: ${storm.firstErrors[0]})`);
    const closing = await Promise.all(generators.map((ask) => ask('close')));
    const allErrors = closing.reduce((total, c) => total + c.errors, 0);
    const errorTexts = [...new Set(closing.flatMap((c) => c.firstErrors))];
    if (allErrors > storm.errorFrames)
      failures.push(`${allErrors - storm.errorFrames} ERROR frames under load (${errorTexts.join(' | ')})`);

    printChatTable({ rounds, result, database });
    console.log(
      `\n${memory.sessions} idle sessions: +${result.idleSessionsMiB} MiB server RSS (target < ${TARGETS.maxIdleMiB} MiB);` +
        ` storm recovered in ${storm.recoveredSeconds ?? 'never'} s (target < ${TARGETS.maxRecoverySeconds} s),` +
        ` ${storm.errorFrames} ERROR frames`,
    );

    return report(
      'chat-10k',
      database,
      {
        settings: {
          pairs: PAIRS,
          sessions: app.users.length,
          rate: RATE,
          seconds: SECONDS,
          rounds: ROUNDS,
          generators: GENERATORS,
          stormSpreadMs: STORM_SPREAD_MS,
          openFilesLimit: limit,
        },
        memory,
        rounds,
        storm,
        errorFrames: { total: allErrors, texts: errorTexts },
        median: result,
        targets: TARGETS,
      },
      failures,
    );
  } finally {
    await stop();
  }
}

exitWith(main());
