import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upkeepEmbedded } from './embedded-upkeep.ts';

/** A bare embedded database of its own: the upkeep reads every table of the schema. */
let client: PGlite;
let db: ReturnType<typeof drizzle>;
beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client);
  await client.exec(`create table probe (id int primary key, kind int);
    create index probe_kind on probe (kind);
    create table quiet (id int primary key)`);
});
afterAll(async () => {
  await client.close();
});

const stateOf = async (table: string) =>
  (
    await client.query<{ analyzed: boolean; vacuumed: boolean; visible: number; tuples: number }>(
      `select s.last_analyze is not null as analyzed, s.last_vacuum is not null as vacuumed,
        c.relallvisible as visible, c.reltuples as tuples
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = $1`,
      [table],
    )
  ).rows[0];

describe('the embedded database upkeep (no autovacuum there)', () => {
  it('is what PGlite lacks: rows written leave no statistics and no visibility map by themselves', async () => {
    await client.exec('insert into probe select i, i % 7 from generate_series(1, 5000) as i');
    expect(await stateOf('probe')).toMatchObject({
      analyzed: false,
      vacuumed: false,
      visible: 0,
      tuples: -1,
    });
  });

  it('vacuums and analyzes a table once it is due, leaves the others, and then has nothing to do', async () => {
    await client.exec('delete from probe where id % 2 = 0');
    const done = await upkeepEmbedded(db);
    expect(done).toEqual({ vacuumed: ['probe'], analyzed: [] });
    const probe = await stateOf('probe');
    expect(probe).toMatchObject({ analyzed: true, vacuumed: true, tuples: 2500 });
    expect(probe?.visible).toBeGreaterThan(0);
    expect(await stateOf('quiet')).toMatchObject({ analyzed: false, vacuumed: false });
    expect(await upkeepEmbedded(db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('only analyzes a table whose rows changed without leaving enough dead ones to vacuum', async () => {
    // 400 of 2,500 rows changed: past 50 + 10% for statistics, under 50 + 20% for a vacuum
    await client.exec('update probe set kind = kind + 1 where id <= 800');
    expect(await upkeepEmbedded(db)).toEqual({ vacuumed: [], analyzed: ['probe'] });
  });

  it('keeps the planner honest: with statistics an index is chosen where it pays', async () => {
    const plan = (
      await client.query<{ 'QUERY PLAN': string }>('explain select * from probe where id = 7')
    ).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    expect(plan).toMatch(/Index (Only )?Scan using probe_pkey/);
  });
});
