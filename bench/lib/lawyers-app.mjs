/**
 * Child process of bench/lawyers-listing.mjs (run with `--import tsx`): opens the database the real app
 * would open (DATABASE_URL, or PGlite under DATA_DIR), fills it with BENCH_LAWYERS lawyers in bulk SQL,
 * EXPLAINs the directory's queries, then listens on a free port and reports `{port, token, seed, explain}`.
 * BENCH_SEED=skip opens a database an earlier run seeded; BENCH_CACHES=off starts the app with the
 * directory's short caches off (`shortCaches`, as in the tests).
 */
import { eq } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { statementText } from '../../apps/server/src/db/prepared.ts';
import { users } from '../../apps/server/src/db/schema/index.ts';
import { createLawyersRepository } from '../../apps/server/src/modules/lawyers/lawyers.repository.ts';
import { directoryFilter } from '../../apps/server/src/modules/lawyers/lawyers.service.ts';
import { benchConfig, seedDatabase } from './bench-config.mjs';
import { EXPLAINED } from './lawyers-queries.mjs';
import { seedLawyers } from './seed-lawyers.mjs';
import { traceIfAsked } from './server-trace.mjs';

const COUNT = Number(process.env.BENCH_LAWYERS ?? 100_000);

/**
 * What each directory request reads lawyer_profiles with when the SQL answers it (while the index in memory
 * loads, ADR 0043), from EXPLAIN (FORMAT JSON) of the statements it runs.
 */
async function explain(db) {
  const search = createLawyersRepository(db);
  const client = db.$client;
  const scansOf = (plan, found = []) => {
    const name = plan['Relation Name'] ?? plan['Index Name'] ?? '';
    if (name.startsWith('lawyer_profiles')) {
      found.push(plan['Index Name'] ? `${plan['Node Type']} ${plan['Index Name']}` : plan['Node Type']);
    }
    for (const child of plan.Plans ?? []) scansOf(child, found);
    return found;
  };
  const planOf = async (query) => {
    // a query builder or a raw statement alike
    const { text, values } = statementText(db, 'getSQL' in query ? query.getSQL() : query);
    const result = await client.query(`explain (format json) ${text}`, values);
    const cell = result.rows[0]['QUERY PLAN'];
    return (typeof cell === 'string' ? JSON.parse(cell) : cell)[0].Plan;
  };
  const out = [];
  for (const { label, query } of EXPLAINED) {
    const filter = directoryFilter(query);
    // the page and its bounded count
    const { page, count } = await search.directoryQueries(filter, query.sort ?? 'rating', {
      limit: 20,
      offset: 0,
    });
    const scans = [...scansOf(await planOf(page)), ...scansOf(await planOf(count))];
    out.push({
      label,
      page: scans,
      indexed: scans.length > 0 && scans.every((scan) => !scan.startsWith('Seq Scan')),
    });
  }
  return out;
}

const config = benchConfig();
const app = await buildApp(config);
const fresh = process.env.BENCH_SEED !== 'skip';
const seeding = await seedDatabase(app);
const seeded = fresh ? await seedLawyers(seeding.db, COUNT) : { lawyers: COUNT, seconds: 0 };
await seeding.close();
const explained = fresh ? await explain(app.db) : [];
const CLIENT_MAIL = 'cliente@bench.l4l';
const [client] = fresh
  ? await app.db
      .insert(users)
      .values({
        role: 'USUARIO',
        mail: CLIENT_MAIL,
        name: 'Cliente',
        surname: 'Bench',
        username: 'ClienteBench',
      })
      .returning()
  : await app.db.select().from(users).where(eq(users.mail, CLIENT_MAIL));
const token = await app.sessions.create(client, { persistent: false });
// BENCH_TRACE=<file>: what each request cost the server's thread (lib/server-trace.mjs), a file per mode
traceIfAsked(app);
await app.listen({ port: 0, host: '127.0.0.1' });
// the directory's index (ADR 0042) loads once the server is ready; the rounds measure the server it makes
const indexing = performance.now();
await app.lawyers.warmDirectory();
const index = { seconds: Math.round((performance.now() - indexing) / 100) / 10 };
process.send?.({
  ready: { port: app.server.address().port, token, seed: { ...seeded, index }, explain: explained },
});
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
