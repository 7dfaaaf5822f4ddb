/**
 * Child process of bench/chat.mjs and bench/chat-10k.mjs (run with `--import tsx`): the real app
 * (`buildApp`, production settings, every product limit as it is) on the database the benchmark chose,
 * with BENCH_CHAT_PAIRS clients and as many lawyers inserted directly, one chat per pair and one session
 * each (the app's own session API). It listens on BENCH_PORT (else a free port) and reports
 * `{port, probePort, users, pairs}`; `GET /memory` on the probe port answers the process's memory after
 * a full garbage collection.
 */
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector/promises';
import { buildApp } from '../../apps/server/src/app.ts';
import { chats, users } from '../../apps/server/src/db/schema/index.ts';
import { benchConfig } from './bench-config.mjs';
import { startMemoryProbe } from './chat-memory-probe.mjs';

const PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 500);
const BATCH = 250;

// the product's limits as they are: the per-address connection cap included (the benchmarks give each
// simulated user a loopback address of their own, lib/chat-load.mjs)
const config = benchConfig();
const app = await buildApp(config);

const people = (role, prefix) =>
  Array.from({ length: PAIRS }, (_, i) => ({
    role,
    mail: `${prefix}${i}@bench.l4l`,
    name: role === 'USUARIO' ? 'Cliente' : 'Abogada',
    surname: `Bench ${i}`,
    username: `${prefix}${i}`,
  }));

async function insertAll(table, rows) {
  const out = [];
  for (let i = 0; i < rows.length; i += BATCH) {
    out.push(
      ...(await app.db
        .insert(table)
        .values(rows.slice(i, i + BATCH))
        .returning()),
    );
  }
  return out;
}

const started = Date.now();
const clients = await insertAll(users, people('USUARIO', 'cliente'));
const lawyers = await insertAll(users, people('ABOGADO', 'abogada'));
await insertAll(
  chats,
  clients.map((client, i) => ({ userId: client.id, lawyerId: lawyers[i].id })),
);
const everyone = [...clients, ...lawyers];
const tokens = [];
for (let i = 0; i < everyone.length; i += 50) {
  tokens.push(
    ...(await Promise.all(
      everyone.slice(i, i + 50).map((user) => app.sessions.create(user, { persistent: false })),
    )),
  );
}
// the app's own listen backlog (HTTP_LISTEN_BACKLOG), as server.ts listens
await app.listen({
  port: Number(process.env.BENCH_PORT ?? 0),
  host: '127.0.0.1',
  backlog: app.config.http.listenBacklog,
});
const probePort = await startMemoryProbe();

process.send?.({
  ready: {
    port: app.server.address().port,
    probePort,
    seedSeconds: (Date.now() - started) / 1000,
    users: everyone.map((user, i) => ({ id: user.id, role: user.role, token: tokens[i] })),
    // pair k: user k (the client) and user PAIRS + k (the lawyer)
    pairs: clients.map((_, i) => [i, PAIRS + i]),
  },
});

// BENCH_CHAT_PROFILE=<file.cpuprofile>: a CPU profile of the server for the whole run (open it in DevTools)
const profiler = process.env.BENCH_CHAT_PROFILE ? new inspector.Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}

// the benchmark died without stopping us (killed, or over its time budget): do not linger
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', async () => {
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    writeFileSync(process.env.BENCH_CHAT_PROFILE, JSON.stringify(profile));
  }
  await app.close();
  process.exit(0);
});
