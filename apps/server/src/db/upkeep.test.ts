import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './database.ts';
import { upkeepNeeded, upkeepPass, upkeepTables } from './upkeep.ts';

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

describe('the upkeep on the embedded database (no autovacuum there)', () => {
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
    const done = await upkeepTables(db);
    expect(done).toEqual({ vacuumed: ['probe'], analyzed: [] });
    const probe = await stateOf('probe');
    expect(probe).toMatchObject({ analyzed: true, vacuumed: true, tuples: 2500 });
    expect(probe?.visible).toBeGreaterThan(0);
    expect(await stateOf('quiet')).toMatchObject({ analyzed: false, vacuumed: false });
    expect(await upkeepTables(db)).toEqual({ vacuumed: [], analyzed: [] });
  });

  it('only analyzes a table whose rows changed without leaving enough dead ones to vacuum', async () => {
    // 400 of 2,500 rows changed: past 50 + 10% for statistics, under 50 + 20% for a vacuum
    await client.exec('update probe set kind = kind + 1 where id <= 800');
    expect(await upkeepTables(db)).toEqual({ vacuumed: [], analyzed: ['probe'] });
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

/** The parts of the app the decision reads, with the warnings it logs. */
function appWith(options: { upkeep: boolean; kind: 'pglite' | 'postgres'; autovacuum?: 'on' | 'off' }) {
  const warnings: string[] = [];
  const app = {
    config: { dbUpkeep: options.upkeep },
    database: { kind: options.kind },
    db: { execute: async () => ({ rows: [{ on: options.autovacuum === 'on' }] }) },
    log: { warn: (message: string) => warnings.push(message) },
  } as unknown as Parameters<typeof upkeepNeeded>[0];
  return { app, warnings };
}

describe('where the app keeps its own tables up', () => {
  it('always on the embedded database, on PostgreSQL only when its autovacuum is off, saying so', async () => {
    const embedded = appWith({ upkeep: true, kind: 'pglite' });
    expect(await upkeepNeeded(embedded.app)).toBe(true);
    const served = appWith({ upkeep: true, kind: 'postgres', autovacuum: 'on' });
    expect(await upkeepNeeded(served.app)).toBe(false);
    expect(served.warnings).toEqual([]);
    const unserved = appWith({ upkeep: true, kind: 'postgres', autovacuum: 'off' });
    expect(await upkeepNeeded(unserved.app)).toBe(true);
    expect(unserved.warnings).toEqual([expect.stringMatching(/autovacuum is off.*DB_UPKEEP=false/)]);
  });

  it('never with DB_UPKEEP=false', async () => {
    expect(await upkeepNeeded(appWith({ upkeep: false, kind: 'pglite' }).app)).toBe(false);
    expect(await upkeepNeeded(appWith({ upkeep: false, kind: 'postgres', autovacuum: 'off' }).app)).toBe(
      false,
    );
  });
});

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('the upkeep on PostgreSQL', () => {
  const name = `l4l_upkeep_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (text: string) => {
    const one = new pg.Client({ connectionString: serverUrl });
    await one.connect();
    await one.query(text).finally(() => one.end());
  };
  let pool: pg.Pool;
  let served: ReturnType<typeof drizzlePostgres>;
  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl as string);
    url.pathname = `/${name}`;
    // one connection: the counts it reports are the ones the upkeep then reads
    pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    served = drizzlePostgres(pool);
    // autovacuum kept off this table whatever the server's setting, so only the upkeep touches it
    await pool.query(`create table probe (id int primary key, kind int) with (autovacuum_enabled = false);
      insert into probe select i, i % 7 from generate_series(1, 5000) as i`);
  });
  afterAll(async () => {
    await pool?.end();
    await admin(`drop database if exists ${name} with (force)`);
  });

  it('vacuums and analyzes a table once it is due, as on the embedded database', async () => {
    await pool.query('select pg_stat_force_next_flush()');
    expect(await upkeepPass({ db: served as unknown as Db, pool })).toEqual({
      vacuumed: ['probe'],
      analyzed: [],
    });
    const { rows } = await pool.query(
      `select s.last_vacuum is not null as vacuumed, c.reltuples as tuples
        from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = 'probe'`,
    );
    expect(rows[0]).toEqual({ vacuumed: true, tuples: 5000 });
    expect(await upkeepPass({ db: served as unknown as Db, pool })).toEqual({ vacuumed: [], analyzed: [] });
  });

  it("decides by the server's own autovacuum setting", async () => {
    const { rows } = await pool.query<{ autovacuum: string }>('show autovacuum');
    const app = {
      config: { dbUpkeep: true },
      database: { kind: 'postgres' },
      db: served,
      log: { warn: () => {} },
    } as unknown as Parameters<typeof upkeepNeeded>[0];
    expect(await upkeepNeeded(app)).toBe(rows[0]?.autovacuum === 'off');
  });
});
