import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNamedOnPglite } from './pglite-statements.ts';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(
    `create table notes (id serial primary key, body text, tags text[], at timestamptz, done boolean)`,
  );
});
afterAll(async () => client.close());

const SELECT = `select id, body, tags, at, done, $1::int + 1 as next from notes
  where body like $2 and (cardinality($3::text[]) = 0 or tags && $3::text[]) and done = $4 order by id`;

describe('named statements on the embedded database', () => {
  it('answers what query answers, values and rows through the same types, run after run', async () => {
    await client.query(
      `insert into notes (body, tags, at, done) values ($1, $2, $3, $4), ($5, $6, null, $7)`,
      [
        'Cita con la abogada',
        ['civil', 'urgente'],
        new Date('2026-11-29T10:00:00Z'),
        false,
        'Pagar la minuta',
        [],
        false,
      ],
    );
    for (const values of [
      [1, 'Cita%', ['civil'], false],
      [2, '%', [], false],
      [3, '%', ['laboral'], false],
      [4, null, [], true],
    ]) {
      const expected = (await client.query(SELECT, values)).rows;
      expect(await runNamedOnPglite(client, 'l4l_test_select', SELECT, values)).toEqual(expected);
      expect(await runNamedOnPglite(client, 'l4l_test_select', SELECT, values)).toEqual(expected);
    }
    const [first] = await runNamedOnPglite<{ tags: string[]; at: Date }>(client, 'l4l_test_select', SELECT, [
      0,
      'Cita%',
      [],
      false,
    ]);
    expect(first?.tags).toEqual(['civil', 'urgente']);
    expect(first?.at).toEqual(new Date('2026-11-29T10:00:00Z'));
  });

  it('rejects a failing run with the database error and keeps serving, the statement too', async () => {
    const text = 'select 10 / $1::int as share';
    await expect(runNamedOnPglite(client, 'l4l_test_share', text, [0])).rejects.toThrow(/division by zero/);
    expect(await runNamedOnPglite(client, 'l4l_test_share', text, [5])).toEqual([{ share: 2 }]);
    expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  it('rejects a statement that does not parse and prepares nothing under its name', async () => {
    await expect(runNamedOnPglite(client, 'l4l_test_bad', 'selec 1', [])).rejects.toThrow(/syntax error/);
    await expect(runNamedOnPglite(client, 'l4l_test_bad', 'selec 1', [])).rejects.toThrow(/syntax error/);
    expect(await runNamedOnPglite(client, 'l4l_test_good', 'select 2 as two', [])).toEqual([{ two: 2 }]);
  });

  it('waits for a transaction in progress instead of running inside it', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = false;
    const transaction = client.transaction(async (tx) => {
      await tx.query(`insert into notes (body, tags, done) values ('Dentro', '{}', true)`);
      inserted = true;
      await gate;
      await tx.rollback();
    });
    await expect.poll(() => inserted).toBe(true);
    const read = runNamedOnPglite<{ n: number }>(
      client,
      'l4l_test_count',
      `select count(*)::int as n from notes where body = $1`,
      ['Dentro'],
    );
    release();
    await transaction;
    // had it run inside the transaction it would have seen the row the rollback took away
    expect(await read).toEqual([{ n: 0 }]);
  });
});
