import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { Database } from '../db/database.ts';
import { withTransaction } from './transaction.ts';

/** The one transaction helper: work after the commit runs only once the data is stored. */
describe('withTransaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
    await database.db.execute(sql`create table tx_probe (n integer not null)`);
  });
  afterAll(async () => database.close());

  const count = async () => {
    const { rows } = (await database.db.execute(sql`select count(*)::int as n from tx_probe`)) as unknown as {
      rows: Array<{ n: number }>;
    };
    return rows[0]?.n;
  };

  it('runs the after-commit steps in order once committed, seeing the stored rows', async () => {
    const seen: Array<string | number | undefined> = [];
    const result = await withTransaction(database.db, async (tx, afterCommit) => {
      await tx.execute(sql`insert into tx_probe values (1)`);
      afterCommit(async () => void seen.push('first', await count()));
      afterCommit(() => void seen.push('second'));
      seen.push('work');
      return 'done';
    });
    expect(result).toBe('done');
    expect(seen).toEqual(['work', 'first', 1, 'second']);
  });

  it('runs none of them when the work throws, and stores nothing', async () => {
    const before = await count();
    let ran = false;
    await expect(
      withTransaction(database.db, async (tx, afterCommit) => {
        await tx.execute(sql`insert into tx_probe values (2)`);
        afterCommit(() => {
          ran = true;
        });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(ran).toBe(false);
    expect(await count()).toBe(before);
  });

  it('runs every step though one fails: logged when a log is given, thrown after the others otherwise', async () => {
    const logged: unknown[] = [];
    const ran: string[] = [];
    const work = async (_tx: unknown, afterCommit: (step: () => void) => void) => {
      afterCommit(() => {
        throw new Error('mail down');
      });
      afterCommit(() => void ran.push('after'));
      return 'stored';
    };
    const log = { error: (details: { err: unknown }) => void logged.push(details.err) };
    expect(await withTransaction(database.db, work, log)).toBe('stored');
    expect(logged).toHaveLength(1);
    await expect(withTransaction(database.db, work)).rejects.toThrow('mail down');
    expect(ran).toEqual(['after', 'after']);
  });
});
