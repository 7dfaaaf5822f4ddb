/**
 * What keeping the directory's index in memory current costs a write (docs/decisions/0043-one-directory-projection.md):
 * on a database lib/directory-db-time.mjs seeded (DATABASE_URL), each kind of change the index shows is made
 * to BENCH_WRITES lawyers (30) drawn at random, one statement in a transaction rolled back, timed at the
 * client (what a request waits for), once with the triggers that log it and once without them
 * (`session_replication_role = replica` turns triggers off for the transaction); the median and p99 of each,
 * and the size of the profiles and of the log with their indexes. Run with `node --import tsx
 * bench/lib/directory-write-cost.mjs`. An edit moves a lawyer to one of the app's own categories and provinces,
 * so it moves counts that exist, as a real edit does.
 */
import { CATEGORIES } from '@l4l/shared/constants/categories';
import { PROVINCES } from '@l4l/shared/constants/provinces';
import pg from 'pg';
import { quantile } from './db-time.mjs';

const WRITES = Number(process.env.BENCH_WRITES ?? 30);
const NAMED_PROVINCES = PROVINCES.slice(1);

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();

/** `count` lawyers drawn at random among those `where` keeps */
async function drawn(where, count) {
  const result = await client.query(
    `select p.user_id from lawyer_profiles p join users u on u.id = p.user_id
      where ${where} order by random() limit $1`,
    [count],
  );
  return result.rows.map((row) => row.user_id);
}

/** the change, made and rolled back; its statement's wall time in ms */
async function timed(statement, values, withTriggers) {
  await client.query('begin');
  try {
    if (!withTriggers) await client.query('set local session_replication_role = replica');
    const started = performance.now();
    await client.query(statement, values);
    return performance.now() - started;
  } finally {
    await client.query('rollback');
  }
}

const listed = 'p.verified_at is not null and u.banned_at is null';
const KINDS = [
  {
    label: 'a profile edit (categories, province, name)',
    where: listed,
    statement: `update lawyer_profiles set categories = array[$2::text], province = $3,
      search_text = search_text || ' bench' where user_id = $1`,
    values: (id, i) => [id, CATEGORIES[i % CATEGORIES.length], NAMED_PROVINCES[i % NAMED_PROVINCES.length]],
  },
  {
    label: 'a verification',
    where: 'p.verified_at is null and u.banned_at is null',
    statement: 'update lawyer_profiles set verified_at = now() where user_id = $1',
    values: (id) => [id],
  },
  {
    label: 'a price change',
    where: listed,
    statement: 'update lawyer_profiles set price_hour_cents = price_hour_cents + 500 where user_id = $1',
    values: (id) => [id],
  },
  {
    label: 'a new rating',
    where: listed,
    statement:
      'update lawyer_profiles set rating_sum = rating_sum + 5, rating_count = rating_count + 1 where user_id = $1',
    values: (id) => [id],
  },
  {
    label: 'a ban',
    where: listed,
    statement: 'update users set banned_at = now() where id = $1',
    values: (id) => [id],
  },
];

const { rows: counted } = await client.query(
  'select count(*)::int as lawyers, count(verified_at)::int as verified from lawyer_profiles',
);
console.log(
  `lawyers: ${counted[0].lawyers.toLocaleString('en')} (${counted[0].verified.toLocaleString('en')} verified)`,
);
for (const kind of KINDS) {
  const ids = await drawn(kind.where, WRITES + 3);
  // a few first writes warm the cache and the plans; not counted
  for (const [i, id] of ids.slice(0, 3).entries()) await timed(kind.statement, kind.values(id, i), true);
  const withTriggers = [];
  const without = [];
  for (const [i, id] of ids.slice(3).entries()) {
    withTriggers.push(await timed(kind.statement, kind.values(id, i), true));
    without.push(await timed(kind.statement, kind.values(id, i), false));
  }
  const show = (times) =>
    `median ${quantile(times, 0.5).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms`;
  console.log(`${kind.label}: logged ${show(withTriggers)}; without the triggers ${show(without)}`);
}
const { rows: sizes } = await client.query(
  `select relname, pg_total_relation_size(oid) as bytes from pg_class
    where relname = any($1::text[]) order by relname`,
  [['lawyer_profiles', 'lawyer_search_version', 'lawyer_search_changes']],
);
console.log(
  `sizes with their indexes: ${sizes.map((row) => `${row.relname} ${(Number(row.bytes) / 2 ** 20).toFixed(1)} MB`).join(', ')}`,
);
await client.end();
