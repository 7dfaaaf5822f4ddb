/**
 * What both chat benchmarks start: a throw-away database, the app seeded with `pairs` pairs
 * (lib/chat-app.mjs), the bare relay that gives the ceiling (lib/chat-echo-server.mjs), on the ports
 * BENCH_CHAT_PORT asks for, and a watchdog that stops everything and fails the run past `budgetSeconds`.
 * Whatever else the benchmark starts goes into `servers`, so the watchdog and `stop()` end it too (the
 * last started first).
 */
import path from 'node:path';
import { serverPorts } from './chat-load.mjs';
import { machine, ROOT, startServer, throwAwayDatabase, writeResults } from './harness.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);

/** BENCH_SECONDS, BENCH_ROUNDS: each round's length and how many; every load starts with a warm-up. */
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const WARM_UP_SECONDS = 2;

export async function startChatServers({ name, pairs, budgetSeconds }) {
  const db = await throwAwayDatabase(`bench-${name}`);
  const servers = [];
  const stopAll = async () => {
    for (const server of servers.splice(0).reverse()) await server.stop();
    await db.drop();
  };
  const watchdog = setTimeout(async () => {
    console.error(`${name}: over its time budget of ${budgetSeconds} s; stopping (targets MISSED)`);
    await stopAll();
    process.exit(1);
  }, budgetSeconds * 1000);
  watchdog.unref();
  const stop = async () => {
    clearTimeout(watchdog);
    await stopAll();
  };
  try {
    const app = await startServer(path.join(here, 'chat-app.mjs'), {
      env: { ...db.env, ...serverPorts().app, BENCH_CHAT_PAIRS: String(pairs) },
      label: 'app',
    });
    servers.push(app);
    console.log(
      `seeded ${app.users.length} users, ${app.pairs.length} chats and their sessions in ${app.seedSeconds} s`,
    );
    const echo = await startServer(path.join(here, 'chat-echo-server.mjs'), {
      env: serverPorts().echo,
      label: 'echo',
    });
    servers.push(echo);
    return { app, echo, servers, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The summary both print: the chat's and the relay's medians, and what each delivered over the rounds. */
export function printChatTable({ rounds, result, database }) {
  const total = (key, field) => rounds.reduce((sum, r) => sum + r[key][field], 0);
  const row = (label, p50, p99, key) =>
    console.log(
      `| ${label.padEnd(21)} | ${`${p50} ms`.padEnd(9)} | ${`${p99} ms`.padEnd(9)} | ${`${total(key, 'delivered')}/${total(key, 'sent')}`.padEnd(25)} |`,
    );
  console.log('');
  console.log('|                       | p50       | p99       | delivered                 |');
  console.log('| --------------------- | --------- | --------- | ------------------------- |');
  row(`STOMP chat (${database})`, result.chatP50, result.chatP99, 'chat');
  row('WebSocket relay', result.ceilingP50, result.ceilingP99, 'ceiling');
}

/** Exits 0 when `main` answers true (every target met), else 1. */
export function exitWith(main) {
  main.then(
    (passed) => process.exit(passed ? 0 : 1),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/**
 * Writes bench/results/<name>-*.json (the run's date and machine, `results`, the verdict), says the
 * verdict, and answers whether every target was met.
 */
export function report(name, database, results, failures) {
  const file = writeResults(name, database, {
    bench: name,
    date: new Date().toISOString(),
    database,
    machine: machine(),
    ...results,
    passed: failures.length === 0,
    failures,
  });
  console.log(`targets (${database}): ${failures.length ? `MISSED — ${failures.join('; ')}` : 'met'}`);
  console.log(`results: ${path.relative(ROOT, file)}`);
  return failures.length === 0;
}

/**
 * A warm-up of each load, then ROUNDS rounds of SECONDS of the relay (the ceiling) next to the chat;
 * `each(round, i)` makes each round's entry (and may print it). Answers the entries.
 */
export async function alternate({ echoLoad, chatLoad, each }) {
  await echoLoad(WARM_UP_SECONDS);
  await chatLoad(WARM_UP_SECONDS);
  const entries = [];
  for (let i = 1; i <= ROUNDS; i++) {
    const ceiling = await echoLoad(SECONDS);
    const chat = await chatLoad(SECONDS);
    entries.push(each({ chat, ceiling }, i));
  }
  return entries;
}
