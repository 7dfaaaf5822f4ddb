import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import type { Database, Db } from '../db/database.ts';
import { createEvents, type EventMap, EventRefused } from './events.ts';
import { withTransaction } from './transaction.ts';

/** The one event map: subscribers run in order, in the publisher's transaction, and fail with it. */
describe('events', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
    await database.db.execute(sql`create table event_probe (what text not null)`);
  });
  afterAll(async () => database.close());

  const stored = async () => {
    const { rows } = (await database.db.execute(
      sql`select what from event_probe order by what`,
    )) as unknown as {
      rows: Array<{ what: string }>;
    };
    return rows.map((row) => row.what);
  };
  const write = (tx: Db, what: string) => tx.execute(sql`insert into event_probe values (${what})`);

  it('runs the subscribers in the order they were composed, with the typed payload, in the transaction', async () => {
    const events = createEvents();
    const seen: string[] = [];
    events.subscribe('first', {
      'case.finished': async (tx, _afterCommit, payload) => {
        expectTypeOf(payload).toEqualTypeOf<EventMap['case.finished']>();
        seen.push(`first ${payload.caseId} ${payload.byPlatform}`);
        await write(tx, 'a');
      },
    });
    events.subscribe('second', {
      'case.finished': async (tx, afterCommit) => {
        seen.push('second');
        afterCommit(() => void seen.push('after commit'));
        // the first subscriber's row is visible: one transaction
        const counted = (await tx.execute(sql`select count(*)::int as n from event_probe`)) as unknown as {
          rows: unknown[];
        };
        expect(counted.rows).toEqual([{ n: 1 }]);
      },
      'payout.sent': async () => void seen.push('not this one'),
    });
    expect(events.subscribersOf('case.finished')).toEqual(['first', 'second']);
    await withTransaction(database.db, async (tx, afterCommit) => {
      await events.emit(tx, afterCommit, 'case.finished', {
        caseId: 'c1',
        userId: 'u',
        lawyerId: 'l',
        byPlatform: false,
      });
      seen.push('published');
    });
    expect(seen).toEqual(['first c1 false', 'second', 'published', 'after commit']);
    expect(await stored()).toEqual(['a']);
    await database.db.execute(sql`delete from event_probe`);
  });

  it('rolls the publisher back when a subscriber fails, and runs nothing after the commit', async () => {
    const events = createEvents();
    let after = false;
    events.subscribe('writes', {
      'rating.replied': async (tx, afterCommit) => {
        await write(tx, 'subscriber');
        afterCommit(() => {
          after = true;
        });
      },
    });
    events.subscribe('fails', {
      'rating.replied': async () => {
        throw new Error('broken subscriber');
      },
    });
    await expect(
      withTransaction(database.db, async (tx, afterCommit) => {
        await write(tx, 'publisher');
        await events.emit(tx, afterCommit, 'rating.replied', { caseId: 'c' });
      }),
    ).rejects.toThrow('broken subscriber');
    expect(await stored()).toEqual([]);
    expect(after).toBe(false);
  });

  it('undoes only the subscribers of a refused event, and keeps the publisher going', async () => {
    const events = createEvents();
    let after = false;
    events.subscribe('writes', {
      'closure.requested': async (tx, afterCommit) => {
        await write(tx, 'subscriber');
        afterCommit(() => {
          after = true;
        });
      },
    });
    events.subscribe('refuses', {
      'closure.requested': async () => {
        throw new EventRefused('taken');
      },
    });
    const refusal = await withTransaction(database.db, async (tx, afterCommit) => {
      await write(tx, 'publisher');
      const refused = await events.emitRefusable(tx, afterCommit, 'closure.requested', { caseId: 'c' });
      await write(tx, 'after refusal');
      return refused;
    });
    expect(refusal?.reason).toBe('taken');
    expect(await stored()).toEqual(['after refusal', 'publisher']);
    expect(after).toBe(false);
    await database.db.execute(sql`delete from event_probe`);
  });

  it('refuses a module subscribing twice to one event', () => {
    const events = createEvents();
    events.subscribe('m', { 'rating.replied': async () => {} });
    expect(() => events.subscribe('m', { 'rating.replied': async () => {} })).toThrow(/twice/);
  });
});
