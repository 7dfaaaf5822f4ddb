#!/usr/bin/env node
/**
 * The whole marketplace loop under a rising rate, against the real server process (apps/server/src/server.ts)
 * over HTTP and STOMP: a client signs in, reads the directory, creates a case; the administrator approves
 * it; two lawyers propose; the client accepts one and pays it in the sandbox checkout; ten chat messages
 * each way (send → delivery timed); the lawyer asks for the closure and the client confirms it; the client
 * rates the lawyer and downloads the invoice PDF. Journeys start at a rate that grows step by step until a
 * step's p99 passes 500 ms or anything fails; the result is the last good step's completed journeys per
 * minute. First one server process, then two behind the product's HAProxy (deploy/haproxy.cfg), on one
 * throw-away PostgreSQL database and one Redis. Target: two processes ≥ 1.6 × one. Needs DATABASE_URL
 * and REDIS_URL; exits 2 without them, 1 on a missed target or past the budget.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { Agent } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CATEGORIES } from '@l4l/shared/constants/categories';
import { Redis } from 'ioredis';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { DEFAULT_POOL_SIZE } from '../apps/server/src/config/database.ts';
import { DEMO_PLATFORM } from '../apps/server/src/config.ts';
import { totpCode } from '../apps/server/src/modules/auth/index.ts';
import { startHaproxy } from './lib/haproxy.mjs';
import { fixed, machine, ROOT, throwAwayDatabase, writeResults } from './lib/harness.mjs';
import { call, sleep } from './lib/http-call.mjs';
import { listingPaths } from './lib/lawyers-queries.mjs';
import { MARKET_PASSWORD, marketClientMail, seedMarket } from './lib/seed-market.mjs';

const { startServerProcess } = await tsImport('../apps/server/test/server-process.ts', import.meta.url);
const { openStomp, textMessage } = await tsImport('../apps/server/test/chat-stomp.ts', import.meta.url);

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!databaseUrl || !redisUrl) {
  console.error(
    'bench/marketplace.mjs needs DATABASE_URL (a PostgreSQL server: it creates and drops a database of its own) and REDIS_URL (the processes share their chat and rate limits through it; use a DB number of its own, e.g. redis://127.0.0.1:6379/12).',
  );
  process.exit(2);
}

const env = (name, fallback) => Number(process.env[name] ?? fallback);
const SMOKE = process.env.BENCH_MARKET_SMOKE === '1';
/** journeys started per minute in the first step, and the factor from one step to the next */
const START_RATE = env('BENCH_MARKET_START_RATE', SMOKE ? 20 : 30);
const STEP_FACTOR = env('BENCH_MARKET_STEP_FACTOR', 1.25);
const STEP_SECONDS = env('BENCH_MARKET_STEP_SECONDS', SMOKE ? 10 : 30);
const MAX_STEPS = env('BENCH_MARKET_MAX_STEPS', SMOKE ? 2 : 14);
/** the whole run, seeding included; past it the run stops and fails */
const BUDGET_SECONDS = env('BENCH_MARKET_BUDGET_SECONDS', SMOKE ? 240 : 1200);
const P99_LIMIT_MS = env('BENCH_MARKET_P99_MS', 500);
const RETRIES = env('BENCH_MARKET_RETRIES', 0);
/** two processes: at most this many times the CPU per completed journey of one, at the same rate */
const TARGET_CPU_RATIO = 1.1;
const DIRECTORY_LAWYERS = env('BENCH_MARKET_DIRECTORY_LAWYERS', SMOKE ? 1_000 : 10_000);
const JOURNEY_LAWYERS = env('BENCH_MARKET_LAWYERS', SMOKE ? 20 : 200);
const CLIENTS = env('BENCH_MARKET_CLIENTS', SMOKE ? 200 : 5_000);
const CHAT_EACH_WAY = 10;
/** journeys per server process before measuring (fresh processes compile, load fonts, fill caches) */
const WARMUP = env('BENCH_MARKET_WARMUP', 4);
/** ports from here: one server; then two servers and the balancer */
const BASE_PORT = env('BENCH_MARKET_PORT', 33000);
/**
 * PostgreSQL connections for the whole topology: one process holds them all, two hold half each, so both
 * topologies ask the same database cores with as many connections (docs/operations.md, "Sizing the pool":
 * the pool divided among the processes). The app's default pool for one process unless told.
 */
const DB_POOL_TOTAL = env('BENCH_MARKET_DB_POOL', process.env.DB_POOL_SIZE ?? DEFAULT_POOL_SIZE);
const poolOf = (processCount) => Math.max(2, Math.floor(DB_POOL_TOTAL / processCount));

/**
 * Where each person's requests come from: the servers count logins and open connections per address, as
 * they would for people at home. Clients share 250 addresses (a login budget of 100 per 5 minutes each),
 * every journey lawyer has one, the administrator another; HAProxy reaches the servers from PROXY_ADDRESS,
 * the one address their TRUST_PROXY names (its X-Forwarded-For carries the person's).
 */
const PROXY_ADDRESS = '127.0.0.3';
const ADMIN_ADDRESS = '127.0.0.2';
const clientAddress = (n) => `127.0.1.${1 + (n % 250)}`;
const lawyerAddress = (i) => `127.0.${2 + Math.floor(i / 250)}.${1 + (i % 250)}`;

const STEPS = [
  'sign-in',
  'directory',
  'create case',
  'approve',
  'propose',
  'accept',
  'pay',
  'chat connect',
  'chat delivery',
  'close request',
  'close confirm',
  'rating',
  'invoices',
  'invoice PDF',
];

const started = performance.now();
const elapsedSeconds = () => (performance.now() - started) / 1000;
const overBudget = () => elapsedSeconds() > BUDGET_SECONDS;
const JWT_SECRET = randomBytes(32).toString('hex');
const FILES_KEY = randomBytes(32).toString('hex');
const ADMIN = {
  mail: 'admin@mercado.bench.example',
  password: `Banco-Admin-${randomBytes(6).toString('hex')}`,
  // base32: the second factor the administrator's authenticator would hold
  totpSecret: 'L4LBENCHMERCADOADMINTOTPSECRETAB',
};

function percentile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

const short = (body) => JSON.stringify(body)?.slice(0, 200);

/** The data of an answer with the expected status (200 unless told), its time recorded under `step`. */
function expectAnswer(stats, step, res, status = 200) {
  if (res.status !== status) throw new Error(`${step}: ${res.status} ${short(res.body)}`);
  stats.add(step, res.ms);
  return res.body?.data;
}

function newStats() {
  const samples = new Map(STEPS.map((step) => [step, []]));
  return {
    samples,
    add: (step, ms) => samples.get(step).push(ms),
    summary: () =>
      Object.fromEntries(
        [...samples].map(([step, values]) => [
          step,
          { n: values.length, p50: fixed(percentile(values, 0.5)), p99: fixed(percentile(values, 0.99)) },
        ]),
      ),
  };
}

/** Signs in with the password, and the second factor when the account has one. */
async function signIn(base, mail, password, from, agent) {
  const res = await call(base, 'POST', '/api/auth/login', { from, agent, json: { email: mail, password } });
  if (res.status !== 200) throw new Error(`login ${mail}: ${res.status} ${short(res.body)}`);
  if (!res.body.data.mfaToken) return res.body.data;
  const verified = await call(base, 'POST', '/api/auth/mfa/verify', {
    from,
    agent,
    json: { mfaToken: res.body.data.mfaToken, code: totpCode(ADMIN.totpSecret) },
  });
  if (verified.status !== 200) throw new Error(`second factor: ${verified.status} ${short(verified.body)}`);
  return verified.body.data;
}

/** A valid DNI for the lawyer's fiscal profile: 8 digits and their control letter. */
const dni = (number) => `${number}${'TRWAGMYFPDXBNJZSQVHLCKE'[number % 23]}`;

/** The journey lawyers sign in and give their fiscal data with consent (so their invoices are issued). */
async function prepareLawyers(base, rows) {
  const lawyers = rows.map((row, i) => ({
    id: row.id,
    mail: row.mail,
    from: lawyerAddress(i),
    agent: new Agent({ keepAlive: true }),
  }));
  for (let i = 0; i < lawyers.length; i += 4) {
    await Promise.all(
      lawyers.slice(i, i + 4).map(async (lawyer, j) => {
        const session = await signIn(base, lawyer.mail, MARKET_PASSWORD, lawyer.from, lawyer.agent);
        lawyer.token = session.token;
        const profile = await call(base, 'PUT', '/api/billing/fiscal-profile', {
          from: lawyer.from,
          agent: lawyer.agent,
          token: lawyer.token,
          json: {
            nif: dni(30_000_000 + i + j),
            name: `${session.baseUser.name} ${session.baseUser.surname}`,
            address: { street: 'Calle de Alcalá 1', postalCode: '28014', city: 'Madrid', province: 'Madrid' },
            isBusiness: false,
            irpfRate: 15,
            invoicingConsent: true,
          },
        });
        if (profile.status !== 200)
          throw new Error(`fiscal profile: ${profile.status} ${short(profile.body)}`);
      }),
    );
  }
  return lawyers;
}

/** Each journey lawyer's chat connection for this topology; what arrives is handed to `lawyer.inbox`. */
async function connectLawyers(wsBase, lawyers) {
  for (const lawyer of lawyers) {
    lawyer.inbox = new Map();
    // a socket closed before its SUBSCRIBE is answered is opened once more, and the log says so with its
    // close code, so one lost socket neither ends the run nor goes unseen
    for (let attempt = 1; ; attempt++) {
      lawyer.stomp = await openStomp(`${wsBase}/ws`, {
        headers: { Authorization: `Bearer ${lawyer.token}` },
        wsOptions: { localAddress: lawyer.from },
        onMessage: (message) => lawyer.inbox.get(message.text)?.(performance.now()),
      });
      try {
        if (lawyer.stomp.closeCode() !== undefined) throw new Error('refused');
        await lawyer.stomp.subscribe('/user/queue/messages');
        break;
      } catch (error) {
        const why = `${error.message}, close code ${lawyer.stomp.closeCode() ?? 'none'}`;
        if (attempt >= 2) throw new Error(`lawyer's chat: ${lawyer.mail}: ${why}`);
        console.log(`lawyer's chat: ${lawyer.mail}: ${why}; opened again`);
      }
    }
  }
}

/** SEND with its receipt, timed until the other side's connection receives the MESSAGE. */
async function deliver(stats, sender, recipientInbox, pair, text) {
  const sentAt = performance.now();
  let timer;
  const arrived = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`chat: "${text}" not delivered within 10 s`)), 10_000);
    recipientInbox.set(text, resolve);
  });
  try {
    const [, at] = await Promise.all([sender.send('/app/chat', textMessage(pair, text)), arrived]);
    stats.add('chat delivery', at - sentAt);
  } catch (err) {
    throw new Error(`chat "${text}": ${err.message}`);
  } finally {
    clearTimeout(timer);
    recipientInbox.delete(text);
  }
}

const DIRECTORY = listingPaths(60);
const CASE_TITLES = [
  ['Herencia de mi abuela', 'Necesito ayuda con el reparto de una herencia entre hermanos.'],
  [
    'Despido tras una baja',
    'Me han despedido al volver de una baja médica y quiero saber si es improcedente.',
  ],
  ['Fianza del alquiler', 'El casero no me devuelve la fianza del piso y han pasado tres meses.'],
  ['Multa de tráfico', 'Me han puesto una multa por exceso de velocidad que creo que es un error.'],
];

/** One client's whole journey; throws at the first answer that is not the expected one. */
async function journey(topology, n, stats) {
  const { base, wsBase, admin, lawyers } = topology;
  const from = clientAddress(n);
  const agent = new Agent({ keepAlive: true });
  const http = (method, url, options = {}) =>
    call(base, method, url, { from, agent, timeoutMs: 30_000, ...options });
  const asLawyer = (lawyer, method, url, options = {}) =>
    call(base, method, url, {
      from: lawyer.from,
      agent: lawyer.agent,
      token: lawyer.token,
      timeoutMs: 30_000,
      ...options,
    });
  // every lawyer in turn is the one chosen (once every `lawyers.length` journeys), so that each one's chat
  // stays under its 60 messages a minute up to 6 × lawyers.length journeys a minute
  const lawyer = lawyers[n % lawyers.length];
  const other = lawyers[(n + 1) % lawyers.length];
  let stomp;
  try {
    const session = expectAnswer(
      stats,
      'sign-in',
      await http('POST', '/api/auth/login', {
        json: { email: marketClientMail(n % CLIENTS), password: MARKET_PASSWORD },
      }),
    );
    const token = session.token;
    const clientId = session.baseUser.id;
    expectAnswer(stats, 'directory', await http('GET', DIRECTORY[n % DIRECTORY.length], { token }));
    const [title, description] = CASE_TITLES[n % CASE_TITLES.length];
    const created = expectAnswer(
      stats,
      'create case',
      await http('POST', '/api/cases/new-case', { token, json: { title, description } }),
    );
    const caseId = created.id;
    expectAnswer(
      stats,
      'approve',
      await call(base, 'POST', `/api/admin/cases/${caseId}/approve`, {
        from: ADMIN_ADDRESS,
        agent: admin.agent,
        token: admin.token,
        json: { category: CATEGORIES[n % CATEGORIES.length] },
      }),
    );
    const proposals = await Promise.all(
      [lawyer, other].map(async (proposer, i) =>
        expectAnswer(
          stats,
          'propose',
          await asLawyer(proposer, 'POST', `/api/proposal/create-proposal-to-case/${caseId}`, {
            json: { price: 150 + 25 * i, message: 'Puedo llevar su caso por un precio cerrado.' },
          }),
        ),
      ),
    );
    // the client takes the cheaper one
    const chosen = proposals[0];
    const checkout = expectAnswer(
      stats,
      'accept',
      await http('POST', `/api/proposal/accept-proposal/${chosen.id}`, { token }),
    );
    const paid = await http('POST', `${new URL(checkout).pathname}/pay`, { token });
    expectAnswer(stats, 'pay', paid, 303);
    if (!String(paid.headers.location).startsWith('/payment-success'))
      throw new Error(`pay: sent to ${paid.headers.location}`);

    const connecting = performance.now();
    const inbox = new Map();
    stomp = await openStomp(`${wsBase}/ws`, {
      headers: { Authorization: `Bearer ${token}` },
      wsOptions: { localAddress: from },
      onMessage: (message) => inbox.get(message.text)?.(performance.now()),
    });
    if (stomp.closeCode() !== undefined) throw new Error(`chat connect: closed ${stomp.closeCode()}`);
    await stomp.subscribe('/user/queue/messages');
    stats.add('chat connect', performance.now() - connecting);
    const pair = { userId: clientId, lawyerId: lawyer.id };
    for (let i = 1; i <= CHAT_EACH_WAY; i++) {
      await deliver(stats, stomp, lawyer.inbox, pair, `Cliente ${n}: mensaje ${i} sobre mi caso.`);
      await deliver(stats, lawyer.stomp, inbox, pair, `Abogado a ${n}: respuesta ${i}.`);
    }

    expectAnswer(stats, 'close request', await asLawyer(lawyer, 'POST', `/api/cases/close-case/${caseId}`));
    expectAnswer(
      stats,
      'close confirm',
      await http('POST', `/api/cases/confirm-close-case/${caseId}/${chosen.chatId}`, { token }),
    );
    expectAnswer(
      stats,
      'rating',
      await http('POST', '/api/rating/new-rating', {
        token,
        json: {
          caseId,
          stars: 4 + (n % 2),
          title: 'Muy profesional',
          description: 'Resolvió el caso sin sorpresas.',
        },
      }),
    );
    const invoices = expectAnswer(stats, 'invoices', await http('GET', '/api/invoices', { token }));
    const invoice = invoices.find((one) => one.caseId === caseId);
    if (!invoice) throw new Error('invoices: none for the case');
    const pdf = await http('GET', `/api/invoices/${invoice.id}/pdf`, { token, raw: true });
    expectAnswer(stats, 'invoice PDF', pdf);
    if (!pdf.body.subarray(0, 5).equals(Buffer.from('%PDF-'))) throw new Error('invoice PDF: not a PDF');
  } finally {
    await stomp?.disconnect();
    agent.destroy();
  }
}

/** CPU seconds a process has used so far (user + system, from /proc; 0 where there is none). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, fields 14 and 15 of the line (11 and 12 after the command), in clock ticks
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/**
 * CPU seconds so far of the processes around the servers, by group: this run's PostgreSQL backends, the
 * Redis server (shared with whatever else uses it: a busy neighbour inflates it) and HAProxy.
 */
async function helperCpu(topology) {
  const pids = await topology.helperPids();
  const group = (list) => new Map(list.map((pid) => [pid, cpuSeconds(pid)]));
  return { database: group(pids.database), redis: group(pids.redis), balancer: group(pids.balancer) };
}

/** What each group spent since `before`; a backend opened meanwhile counts from 0, one closed is lost. */
function helperCpuSince(after, before) {
  const spent = (name) => {
    let total = 0;
    for (const [pid, seconds] of after[name]) total += seconds - (before[name].get(pid) ?? 0);
    return total;
  };
  return { database: spent('database'), redis: spent('redis'), balancer: spent('balancer') };
}

/** The Redis server's process id (it runs on this machine: its CPU is in /proc). */
async function redisServerPid(url) {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    return Number(/process_id:(\d+)/.exec(await client.info('server'))?.[1]) || undefined;
  } finally {
    client.disconnect();
  }
}

/** Deletes this run's keys (`<prefix>:…`: the chat's stream, the rate limits, the caches' channel state). */
async function dropRedisKeys(url, keyPrefix) {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await client.connect();
    const keys = [];
    for await (const batch of client.scanStream({ match: `${keyPrefix}:*`, count: 500 })) keys.push(...batch);
    for (let i = 0; i < keys.length; i += 500) await client.del(...keys.slice(i, i + 500));
  } finally {
    client.disconnect();
  }
}

/** One step: journeys at `rate` a minute for STEP_SECONDS, then waits for every one of them. */
async function runStep(label, topology, k, journeyCounter) {
  const rate = START_RATE * STEP_FACTOR ** k;
  const interval = 60_000 / rate;
  const stats = newStats();
  const failures = [];
  const durations = [];
  const running = [];
  const cpuBefore = topology.pids.map(cpuSeconds);
  const ownBefore = process.cpuUsage();
  const helpersBefore = await helperCpu(topology);
  const countersBefore = await databaseCounters();
  const stepStart = performance.now();
  for (let i = 0; ; i++) {
    const at = stepStart + i * interval;
    if (at - stepStart >= STEP_SECONDS * 1000) break;
    await sleep(Math.max(0, at - performance.now()));
    const n = journeyCounter.next++;
    const begun = performance.now();
    running.push(
      journey(topology, n, stats).then(
        () => durations.push(performance.now() - begun),
        (err) => failures.push(String(err.message ?? err)),
      ),
    );
  }
  await Promise.all(running);
  const wallMs = performance.now() - stepStart;
  // what the step's journeys set going after they answered (alerts' fan-out, mails) is theirs too
  const settleSeconds = await settle();
  const cpuWallMs = performance.now() - stepStart;
  const serverCpu = topology.pids.map((pid, i) => cpuSeconds(pid) - cpuBefore[i]);
  const own = process.cpuUsage(ownBefore);
  const helpers = helperCpuSince(await helperCpu(topology), helpersBefore);
  const counters = countersSince(await databaseCounters(), countersBefore);
  const serversTotal = serverCpu.reduce((a, b) => a + b, 0);
  // CPU per completed journey: what the servers, PostgreSQL and Redis spent on the step's journeys
  const perJourney = (seconds) => fixed((seconds * 1000) / Math.max(1, durations.length));
  const summary = stats.summary();
  const slow = Object.entries(summary).filter(([, s]) => s.p99 > P99_LIMIT_MS);
  const step = {
    step: k,
    rate: fixed(rate),
    started: running.length,
    completed: durations.length,
    failed: failures.length,
    // measured: from the first journey's start to the last one's end (the offered rate when nothing lags)
    completedPerMinute: fixed((durations.length / wallMs) * 60_000),
    journeySeconds: {
      p50: fixed(percentile(durations, 0.5) / 1000, 2),
      p99: fixed(percentile(durations, 0.99) / 1000, 2),
    },
    wallSeconds: fixed(wallMs / 1000),
    // where the cores went: each server process's share of one core, and its CPU per journey
    serverCores: serverCpu.map((cpu) => fixed(cpu / (cpuWallMs / 1000), 2)),
    // how long the work the journeys left behind took to finish after the last journey answered
    settleSeconds,
    serverCpuMsPerJourney: perJourney(serversTotal),
    databaseCpuMsPerJourney: perJourney(helpers.database),
    redisCpuMsPerJourney: perJourney(helpers.redis),
    balancerCpuMsPerJourney: perJourney(helpers.balancer),
    // the figure the two topologies are compared on (HAProxy apart: only two processes need one)
    cpuMsPerJourney: perJourney(serversTotal + helpers.database + helpers.redis),
    databaseCores: fixed(helpers.database / (cpuWallMs / 1000), 2),
    // what the database was asked a completed journey: transactions, rows read and written, sessions opened
    databasePerJourney: Object.fromEntries(
      Object.entries(counters).map(([name, value]) => [
        name,
        fixed(value / Math.max(1, durations.length), 2),
      ]),
    ),
    loadGeneratorCores: fixed((own.user + own.system) / 1000 / wallMs, 2),
    loadAverage: fixed(os.loadavg()[0], 1),
    steps: summary,
    failures: [...new Set(failures)].slice(0, 5),
    over: slow.map(([name, s]) => `${name} p99 ${s.p99} ms`),
  };
  step.ok = step.failed === 0 && slow.length === 0;
  const worst = Object.entries(summary).sort((a, b) => b[1].p99 - a[1].p99)[0];
  console.log(
    `${label} step ${k}: ${step.rate}/min — started ${step.started}, completed ${step.completed}, failed ${step.failed}; ` +
      `${step.completedPerMinute} completed/min; journey p50 ${step.journeySeconds.p50} s; slowest p99 ${worst[0]} ${worst[1].p99} ms; ` +
      `servers ${step.serverCores.join(' + ')} cores (${step.serverCpuMsPerJourney} ms a journey), PostgreSQL ${step.databaseCores} (${step.databaseCpuMsPerJourney} ms), Redis ${step.redisCpuMsPerJourney} ms, HAProxy ${step.balancerCpuMsPerJourney} ms; ` +
      `${step.cpuMsPerJourney} ms of CPU a completed journey (servers + PostgreSQL + Redis, counted until what the journeys left behind was done, ${step.settleSeconds} s after the last), load generator ${step.loadGeneratorCores}, load average ${step.loadAverage}; ` +
      `a journey asked PostgreSQL ${Object.entries(step.databasePerJourney)
        .map(([name, value]) => `${value} ${name}`)
        .join(', ')}` +
      (step.ok ? '' : ` — ${[...step.over, ...step.failures].join('; ')}`),
  );
  return step;
}

/**
 * A few journeys per process to warm up (and a step at the first rate, not counted, when it is not the
 * lowest), then steps at START_RATE × STEP_FACTOR^k a minute from `firstStep` until a step fails (a
 * journey failed, or a step's p99 passed P99_LIMIT_MS), MAX_STEPS, or the budget. Each step waits for its own journeys before the next starts, so every figure belongs to one
 * rate. A step failed only by its p99 is run again up to RETRIES times (0 unless told: a busy machine's
 * one slow answer is then not taken for the server's limit); a failed journey stops the ladder at once.
 * `warmJourneysPerProcess`: a ladder that starts above the first rate runs uncounted steps at its first rate
 * until each of its processes has served about as many journeys as the other ladder's process had before
 * that rate, so that both are compared equally warm (compiled code, caches, pools); one step was not enough,
 * the first counted step of two fresh processes cost 1.2 times the CPU a journey of the next (bench/README.md).
 */
async function ladder(label, topology, firstStep, journeyCounter, warmJourneysPerProcess = 0) {
  const steps = [];
  const warm = newStats();
  const warmFailures = [];
  for (let i = 0; i < WARMUP * topology.pids.length; i += 2)
    await Promise.all(
      [0, 1].map(() =>
        journey(topology, journeyCounter.next++, warm).catch((err) => warmFailures.push(err.message)),
      ),
    );
  if (warmFailures.length)
    console.log(`${label} warm-up: ${warmFailures.length} failed (${warmFailures[0]})`);
  // a ladder that starts above the first rate has not climbed into it: steps at that rate first, not
  // counted, so that its processes compile and fill their caches there as the other ladder's did below
  let served = WARMUP * topology.pids.length;
  let warmSteps = 0;
  while (firstStep > 0 && !overBudget()) {
    const step = await runStep(`${label} (warm-up, not counted)`, topology, firstStep, journeyCounter);
    served += step.started;
    warmSteps += 1;
    if (served / topology.pids.length >= warmJourneysPerProcess) break;
  }
  if (warmSteps > 0)
    console.log(
      `${label}: ${warmSteps} warm-up step(s), ${Math.round(served / topology.pids.length)} journeys a process before the first counted step (the other ladder's process: ${warmJourneysPerProcess})`,
    );
  for (let k = firstStep; k < firstStep + MAX_STEPS; k++) {
    for (let attempt = 0; ; attempt++) {
      if (overBudget()) return { steps, budget: true };
      const step = { ...(await runStep(label, topology, k, journeyCounter)), attempt };
      steps.push(step);
      if (step.ok) break;
      if (step.failed > 0 || attempt >= RETRIES) return { steps, budget: false };
    }
  }
  return { steps, budget: false };
}

const lastGood = (run) => run.steps.filter((s) => s.ok).at(-1);

function printTable(label, run) {
  console.log(`\n${label}`);
  console.log(
    `| Rate/min | Started | Completed | Failed | Completed/min | Server cores | CPU ms/journey: servers · PostgreSQL · Redis = total (HAProxy) | ${STEPS.map((s) => `${s} p50/p99`).join(' | ')} |`,
  );
  console.log(
    `| ${Array(7 + STEPS.length)
      .fill('---')
      .join(' | ')} |`,
  );
  for (const s of run.steps)
    console.log(
      `| ${s.rate} | ${s.started} | ${s.completed} | ${s.failed} | ${s.completedPerMinute}${s.ok ? '' : ' ✗'} | ${s.serverCores.join(' + ')} | ${s.serverCpuMsPerJourney} · ${s.databaseCpuMsPerJourney} · ${s.redisCpuMsPerJourney} = ${s.cpuMsPerJourney} (${s.balancerCpuMsPerJourney}) | ${STEPS.map((name) => `${s.steps[name].p50}/${s.steps[name].p99}`).join(' | ')} |`,
    );
}

// ─── the run ───

const database = await throwAwayDatabase('market');
const dir = database.env.DATA_DIR;
const prefix = `l4l-bench-market-${randomBytes(4).toString('hex')}`;
const shared = {
  // production settings; the sandbox checkout is the one thing production itself refuses (ALLOW_SANDBOX_PAYMENTS)
  NODE_ENV: 'production',
  ALLOW_SANDBOX_PAYMENTS: 'true',
  DATABASE_URL: database.env.DATABASE_URL,
  REDIS_URL: redisUrl,
  REDIS_PREFIX: prefix,
  JWT_SECRET,
  FILES_KEY,
  PLATFORM_NIF: DEMO_PLATFORM.nif,
  PLATFORM_NAME: DEMO_PLATFORM.name,
  PLATFORM_ADDRESS: DEMO_PLATFORM.address,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'error',
  ADMIN_EMAIL: ADMIN.mail,
  ADMIN_PASSWORD: ADMIN.password,
  ADMIN_TOTP_SECRET: ADMIN.totpSecret,
};
const processes = [];
let balancer;
const outbox = {};
/** one query on this run's database */
async function onDatabase(text, params = []) {
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}
/**
 * The notification mails due and not sent yet when a ladder ends, and how long the servers then take to
 * send them (bounded): the next topology must not render the last one's mails on its own time.
 */
async function drainOutbox(timeoutMs = 90_000) {
  const waited = await waitUntilNone(MAILS_DUE, timeoutMs);
  const drained = { dueAtEnd: waited.atStart, left: waited.left, seconds: waited.seconds };
  console.log(
    `outbox: ${waited.atStart} mails due at the end of the ladder, ${waited.left} left after ${waited.seconds} s`,
  );
  return drained;
}
/**
 * Waits (at most `timeoutMs`) until the work the journeys left behind is done: the alerts' fan-outs and the
 * mails due. A step's CPU is counted until then, so a topology that falls behind does not look cheaper for
 * the work it has not done yet. Answers the seconds it waited.
 */
async function settle(timeoutMs = 60_000) {
  return (
    await waitUntilNone(
      `select (select count(*) from case_alert_jobs where status = 'pending') + (${MAILS_DUE}) as n`,
      timeoutMs,
    )
  ).seconds;
}

/** the notification mails due and not sent yet */
const MAILS_DUE = `select count(*) from notification_mails where status = 'pending' and next_attempt_at <= now()`;

/**
 * Polls `count` (a query answering one number) on one session until it answers 0 or `timeoutMs` passes:
 * what it answered first and last, and the seconds waited. One session for all the polls, so a step's
 * counters take off one session for it.
 */
async function waitUntilNone(count, timeoutMs) {
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  const begun = performance.now();
  try {
    const poll = async () => Number(Object.values((await client.query(count)).rows[0])[0]);
    const atStart = await poll();
    let left = atStart;
    while (left > 0 && performance.now() - begun < timeoutMs) {
      await sleep(250);
      left = await poll();
    }
    return { atStart, left, seconds: fixed((performance.now() - begun) / 1000, 1) };
  } finally {
    await client.end();
  }
}

/**
 * This run's database's cumulative counters (pg_stat_database): transactions, rows read and written, and
 * sessions opened, so a step's work can be told from its CPU (more statements, or dearer ones).
 */
async function databaseCounters() {
  const [row] = await onDatabase(
    `select xact_commit + xact_rollback as transactions, tup_returned + tup_fetched as "rows read",
            tup_inserted + tup_updated + tup_deleted as "rows written", sessions
       from pg_stat_database where datname = current_database()`,
  );
  const tables = await onDatabase(
    'select relname, seq_tup_read, coalesce(idx_tup_fetch, 0) as idx_tup_fetch from pg_stat_user_tables',
  );
  const counters = Object.fromEntries(
    Object.entries(row ?? {}).map(([name, value]) => [name, Number(value)]),
  );
  // rows each table gave, by sequential scan and through its indexes: which reads a journey's cost is in
  for (const table of tables) {
    counters[`${table.relname} scanned`] = Number(table.seq_tup_read);
    counters[`${table.relname} by index`] = Number(table.idx_tup_fetch);
  }
  return counters;
}

/** What the counters moved since `before`, less the sessions this benchmark opened to read them. */
function countersSince(after, before) {
  const moved = Object.fromEntries(
    Object.entries(after).map(([name, value]) => [name, value - (before[name] ?? 0)]),
  );
  // between the two readings: the settling's polls, the backends' list and the second reading, one session each
  if ('sessions' in moved) moved.sessions -= 3;
  // of the tables, the five that gave the most rows
  const tables = Object.entries(moved)
    .filter(([name]) => name.endsWith(' scanned') || name.endsWith(' by index'))
    .sort((a, b) => b[1] - a[1]);
  for (const [name] of tables.slice(5)) delete moved[name];
  return moved;
}

/** the PostgreSQL backends serving this run's database (same machine: their CPU is in /proc) */
const backendPids = async () =>
  (
    await onDatabase(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    )
  ).map((row) => row.pid);
const redisPids = [await redisServerPid(redisUrl)].filter(Boolean);
const runs = {};
let seeded;
let error;
const journeyCounter = { next: 0 };
let topologyLawyers = [];
const stopAll = async () => {
  for (const lawyer of topologyLawyers) await lawyer.stomp?.disconnect();
  await balancer?.stop();
  balancer = undefined;
  await Promise.all(processes.splice(0).map((server) => server.stop()));
};
try {
  const start = (name, port, extra = {}) => {
    mkdirSync(path.join(dir, name), { recursive: true });
    return startServerProcess(
      port,
      { ...shared, DATA_DIR: path.join(dir, name), PUBLIC_URL: `http://127.0.0.1:${port}`, ...extra },
      // BENCH_PROFILE_DIR=<folder>: each server writes a CPU profile there when it stops (as harness.mjs)
      [
        ...(process.env.BENCH_PROFILE_DIR
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
          : []),
        '--import',
        'tsx',
        path.join(ROOT, 'apps/server/src/server.ts'),
      ],
    );
  };
  // one process: it migrates the database, then the people are seeded
  const one = await start('one', BASE_PORT, { DB_POOL_SIZE: String(poolOf(1)) });
  processes.push(one);
  seeded = await seedMarket(database.env.DATABASE_URL, {
    lawyers: DIRECTORY_LAWYERS,
    clients: CLIENTS,
    journeyLawyers: JOURNEY_LAWYERS,
  });
  console.log(
    `seeded ${seeded.directoryLawyers} lawyers and ${seeded.clients} clients in ${seeded.seconds} s; ${seeded.lawyers.length} lawyers take part in the journeys`,
  );
  const lawyers = await prepareLawyers(one.base, seeded.lawyers);
  topologyLawyers = lawyers;
  const admin = { agent: new Agent({ keepAlive: true }) };
  admin.token = (await signIn(one.base, ADMIN.mail, ADMIN.password, ADMIN_ADDRESS, admin.agent)).token;
  console.log(
    `ready after ${fixed(elapsedSeconds())} s; PostgreSQL pool: ${poolOf(1)} connections for one process, ${poolOf(2)} for each of two`,
  );

  await connectLawyers(one.base.replace('http', 'ws'), lawyers);
  runs.one = await ladder(
    'one process',
    {
      base: one.base,
      wsBase: one.base.replace('http', 'ws'),
      admin,
      lawyers,
      pids: [one.process.pid],
      helperPids: async () => ({ database: await backendPids(), redis: redisPids, balancer: [] }),
    },
    0,
    journeyCounter,
  );
  outbox.one = await drainOutbox();
  await stopAll();

  // two processes behind HAProxy, starting two steps below where one process stopped (the same ladder)
  if (!overBudget()) {
    const balancerPort = BASE_PORT + 3;
    const publicUrl = `http://127.0.0.1:${balancerPort}`;
    for (const [name, port] of [
      ['a', BASE_PORT + 1],
      ['b', BASE_PORT + 2],
    ])
      processes.push(
        await start(name, port, {
          TRUST_PROXY: PROXY_ADDRESS,
          PUBLIC_URL: publicUrl,
          DB_POOL_SIZE: String(poolOf(2)),
        }),
      );
    balancer = await startHaproxy({
      dir,
      port: balancerPort,
      ports: [BASE_PORT + 1, BASE_PORT + 2],
      source: PROXY_ADDRESS,
    });
    const wsBase = balancer.base.replace('http', 'ws');
    for (const lawyer of lawyers) {
      lawyer.agent.destroy();
      lawyer.agent = new Agent({ keepAlive: true });
    }
    admin.agent.destroy();
    admin.agent = new Agent({ keepAlive: true });
    await connectLawyers(wsBase, lawyers);
    const goodOne = lastGood(runs.one);
    const firstStep = Math.max(0, (goodOne?.step ?? 0) - 2);
    // what the one process had served before that rate: its warm-up and the steps below it
    const oneServedBefore =
      WARMUP + runs.one.steps.filter((s) => s.step < firstStep).reduce((sum, s) => sum + s.started, 0);
    runs.two = await ladder(
      'two processes',
      {
        base: balancer.base,
        wsBase,
        admin,
        lawyers,
        pids: processes.map((p) => p.process.pid),
        helperPids: async () => ({
          database: await backendPids(),
          redis: redisPids,
          balancer: [balancer.pid],
        }),
      },
      firstStep,
      journeyCounter,
      oneServedBefore,
    );
    outbox.two = await drainOutbox();
  }
} catch (err) {
  error = err;
  console.error(err);
} finally {
  await stopAll();
  await database.drop();
  await dropRedisKeys(redisUrl, prefix).catch((err) =>
    console.error(`redis keys of ${prefix} left: ${err.message}`),
  );
}

const one = runs.one && lastGood(runs.one);
const two = runs.two && lastGood(runs.two);
const onePerMinute = one?.completedPerMinute ?? 0;
const twoPerMinute = two?.completedPerMinute ?? 0;
const ratio = onePerMinute > 0 ? twoPerMinute / onePerMinute : 0;
const budgetHit = Boolean(runs.one?.budget || runs.two?.budget || overBudget());
const saturated = (run) => Boolean(run?.steps.at(-1) && !run.steps.at(-1).ok);
/**
 * CPU per completed journey (servers + PostgreSQL + Redis), two processes against one, at each rate both
 * ladders ran well (a journey's fixed costs are shared by more journeys at a higher rate: only the same
 * rate compares); the result is the highest such rate's.
 */
const goodAt = (run, k) => run?.steps.filter((s) => s.ok && s.step === k).at(-1);
// on a busy machine a step may fail on a slow answer alone: its CPU per completed journey is still given
// (`bothOk` false), but only a rate both ladders ran well counts for the target
const lastAt = (run, k) => goodAt(run, k) ?? run?.steps.filter((s) => s.step === k).at(-1);
const cpuByRate = (runs.one?.steps ?? [])
  .map((s) => s.step)
  .filter((k, i, all) => all.indexOf(k) === i)
  .flatMap((k) => {
    const [a, b] = [lastAt(runs.one, k), lastAt(runs.two, k)];
    if (!a || !b || a.completed === 0 || b.completed === 0) return [];
    return [
      {
        rate: a.rate,
        bothOk: Boolean(a.ok && b.ok),
        oneMs: a.cpuMsPerJourney,
        twoMs: b.cpuMsPerJourney,
        ratio: fixed(b.cpuMsPerJourney / a.cpuMsPerJourney, 2),
        // the same without Redis, which other programs may share
        ratioWithoutRedis: fixed(
          (b.cpuMsPerJourney - b.redisCpuMsPerJourney) / (a.cpuMsPerJourney - a.redisCpuMsPerJourney),
          2,
        ),
        twoWithBalancerMs: fixed(b.cpuMsPerJourney + b.balancerCpuMsPerJourney),
        // what the database was asked a journey, two processes against one (transactions, rows, sessions)
        // a table among the five dearest of one topology only may be next to nothing in the other: its
        // ratio would mean nothing, so both values are given instead
        databaseAskedRatio: Object.fromEntries(
          Object.entries(b.databasePerJourney ?? {}).map(([name, value]) => {
            const before = a.databasePerJourney?.[name] ?? 0;
            return [name, before >= 1 && value >= 1 ? fixed(value / before, 2) : { one: before, two: value }];
          }),
        ),
      },
    ];
  });
const cpu = cpuByRate.filter((r) => r.bothOk).at(-1) ?? cpuByRate.at(-1);
const met = !error && !budgetHit && cpu?.bothOk === true && cpu.ratio <= TARGET_CPU_RATIO;
if (runs.one) printTable('One process', runs.one);
if (runs.two) printTable('Two processes behind HAProxy', runs.two);
const file = writeResults('marketplace', 'postgres', {
  machine: machine(),
  at: new Date().toISOString(),
  options: {
    START_RATE,
    STEP_FACTOR,
    STEP_SECONDS,
    MAX_STEPS,
    BUDGET_SECONDS,
    P99_LIMIT_MS,
    RETRIES,
    WARMUP,
    DIRECTORY_LAWYERS,
    JOURNEY_LAWYERS,
    CLIENTS,
    smoke: SMOKE,
    databasePool: { one: poolOf(1), twoEach: poolOf(2) },
  },
  seeded: seeded && { seconds: seeded.seconds, journeyLawyers: seeded.lawyers.length },
  one: runs.one,
  two: runs.two,
  outbox,
  result: {
    onePerMinute,
    twoPerMinute,
    ratio: fixed(ratio, 2),
    cpuByRate,
    cpuRatio: cpu?.ratio,
    target: TARGET_CPU_RATIO,
    oneSaturated: saturated(runs.one),
    twoSaturated: saturated(runs.two),
    budgetHit,
    error: error ? String(error.stack ?? error) : undefined,
    met,
  },
  seconds: fixed(elapsedSeconds()),
});
console.log(
  `\nOne process: ${onePerMinute} completed journeys/min (last good step${saturated(runs.one) ? '' : '; the ladder ended before any step failed'}); ` +
    `two processes behind HAProxy: ${twoPerMinute}/min${saturated(runs.two) ? '' : ' (the ladder ended before any step failed)'}; ` +
    `${fixed(ratio, 2)}× the journeys. CPU a completed journey (servers + PostgreSQL + Redis) at ${
      cpu
        ? `${cpu.rate}/min${cpu.bothOk ? '' : ' (a step not run well: for information)'}: one ${cpu.oneMs} ms, two ${cpu.twoMs} ms (${cpu.twoWithBalancerMs} with HAProxy), ${cpu.ratio}× (${cpu.ratioWithoutRedis}× without Redis); the database asked ${Object.entries(
            cpu.databaseAskedRatio,
          )
            .map(([name, value]) =>
              typeof value === 'number'
                ? `${value}× the ${name}`
                : `the ${name} ${fixed(value.one, 1)} against ${fixed(value.two, 1)}`,
            )
            .join(', ')} a journey`
        : 'no rate both ladders ran well'
    }; ` +
    `target ≤ ${TARGET_CPU_RATIO}×: ${met ? 'met' : 'MISSED'}${budgetHit ? ` — past the budget of ${BUDGET_SECONDS} s` : ''}${error ? ' — the run failed' : ''}. ` +
    `${fixed(elapsedSeconds())} s; ${file}`,
);
process.exit(met ? 0 : 1);
