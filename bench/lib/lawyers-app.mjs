/**
 * Child process of bench/lawyers-listing.mjs (run with `--import tsx`): opens the database the real app
 * would open (DATABASE_URL, or PGlite under DATA_DIR), fills it with BENCH_LAWYERS lawyers in bulk SQL,
 * EXPLAINs the directory's queries, then listens on a free port and reports `{port, token, seed, explain}`.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { createLawyersRepository } from '../../apps/server/src/modules/lawyers/lawyers.repository.ts';
import { directoryFilter } from '../../apps/server/src/modules/lawyers/lawyers.service.ts';
import { EXPLAINED } from './lawyers-queries.mjs';
import { seedLawyers } from './seed-lawyers.mjs';

const COUNT = Number(process.env.BENCH_LAWYERS ?? 100_000);

/** What each directory query reads lawyer_profiles with, from EXPLAIN (FORMAT JSON). */
async function explain(db) {
  const repository = createLawyersRepository(db);
  const client = db.$client;
  const scansOf = (plan, found = []) => {
    if (plan['Relation Name'] === 'lawyer_profiles' || plan['Index Name']?.startsWith('lawyer_profiles')) {
      found.push(plan['Index Name'] ? `${plan['Node Type']} ${plan['Index Name']}` : plan['Node Type']);
    }
    for (const child of plan.Plans ?? []) scansOf(child, found);
    return found;
  };
  const planOf = async (query) => {
    const { sql: text, params } = query.toSQL();
    const result = await client.query(`explain (format json) ${text}`, params);
    const cell = result.rows[0]['QUERY PLAN'];
    return (typeof cell === 'string' ? JSON.parse(cell) : cell)[0].Plan;
  };
  const out = [];
  for (const { label, query } of EXPLAINED) {
    const filter = directoryFilter(query);
    const queries = repository.directoryQueries(filter, query.sort ?? 'rating', { limit: 20, offset: 0 });
    const pageScans = scansOf(await planOf(queries.page));
    const countScans = queries.count ? scansOf(await planOf(queries.count)) : ['(counted with the page)'];
    out.push({
      label,
      page: pageScans,
      count: countScans,
      indexed: pageScans.length > 0 && pageScans.every((scan) => !scan.startsWith('Seq Scan')),
    });
  }
  return out;
}

const config = loadConfig(
  {
    NODE_ENV: 'production',
    DATA_DIR: process.env.DATA_DIR,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    JWT_SECRET: randomBytes(32).toString('hex'),
    // no card is charged in a benchmark
    ALLOW_SANDBOX_PAYMENTS: 'true',
  },
  { webDist: undefined },
);
const app = await buildApp(config);
const seeded = await seedLawyers(app.db, COUNT);
const explained = await explain(app.db);
const [client] = await app.db
  .insert(users)
  .values({
    role: 'USUARIO',
    mail: 'cliente@bench.l4l',
    name: 'Cliente',
    surname: 'Bench',
    username: 'ClienteBench',
  })
  .returning();
const token = await app.sessions.create(client, { persistent: false });
await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ ready: { port: app.server.address().port, token, seed: seeded, explain: explained } });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
