import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { banUser, createLawyerWithProfile } from '../../../test/factories.ts';
import type { Db } from '../../db/database.ts';
import { lawyerProfiles, users } from '../../db/schema/index.ts';
import { logEverythingChanged } from '../../db/synced-index.ts';
import { listItemsOf } from './lawyer-cards.ts';
import { createLawyersRepository, type DirectoryFilter, type DirectorySearch } from './lawyers.repository.ts';
import { createIndexedSearch } from './lawyers.search-indexed.ts';
import { createLawyersService } from './lawyers.service.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const everyone: DirectoryFilter = { terms: [], categories: [], provinces: [] };
const firstPage = { limit: 50, offset: 0 };

/**
 * docs/decisions/0042-directory-index-in-memory.md: the index answers as fresh as the database, on every
 * process, following the log of changes; it loads again when the log cannot say what changed,
 * and the SQL search answers while it cannot. (Its answers equal the reference query's:
 * lawyers.equivalence.test.ts.)
 */
describe('the directory index in memory', () => {
  let t: TestApp;
  let cheapest: string;

  beforeAll(async () => {
    t = await buildTestApp();
    for (const [name, price] of [
      ['Lucía', 6000],
      ['Martín', 9000],
      ['José', 12000],
    ] as const) {
      await createLawyerWithProfile(t.app, { name, surname: 'Índice', profile: { priceHourCents: price } });
    }
    cheapest = (await createLawyerWithProfile(t.app, { name: 'Carmen', surname: 'Barata' })).id;
    await t.app.db
      .update(lawyerProfiles)
      .set({ priceHourCents: 9500 })
      .where(eq(lawyerProfiles.userId, cheapest));
  });
  afterAll(async () => t?.close());

  /** A fallback that counts its calls and answers through the plain SQL. */
  function countingFallback() {
    const plain = createLawyersRepository(t.app.db);
    const fallback = {
      calls: 0,
      directory: (...args: Parameters<DirectorySearch['directory']>) => {
        fallback.calls++;
        return plain.directory(...args);
      },
    };
    return fallback;
  }

  const indexed = (fallback: DirectorySearch, db?: Db, onError?: (e: unknown) => void) =>
    createIndexedSearch(db ?? t.app.db, { statements: t.app.database.statements, fallback, onError });

  const idsOf = async (search: DirectorySearch, filter = everyone) =>
    listItemsOf(await search.directory(filter, 'price_asc', firstPage)).map((item) => item.id);

  it('sends a page byte for byte as the plain SQL would, its cards rendered once', async () => {
    const fallback = countingFallback();
    const search = indexed(fallback);
    await search.warm();
    const serve = (through: DirectorySearch) =>
      createLawyersService({ db: t.app.db, ratings: t.app.ratings, directoryCacheMs: 0, search: through });
    const [fromIndex, fromSql] = [serve(search), serve(createLawyersRepository(t.app.db))];
    for (const query of [
      { sort: 'price_asc', page: 1, pageSize: 2 },
      { sort: 'rating', page: 2, pageSize: 2, search: 'luc' },
      { sort: 'active', page: 1, pageSize: 20, search: 'nadie' },
    ] as const) {
      const [a, b] = await Promise.all([fromIndex.directory(query), fromSql.directory(query)]);
      expect(a.body.toString('utf8')).toBe(b.body.toString('utf8'));
    }
    expect(fallback.calls).toBe(0);
    await search.close();
  });

  it('shows a change committed before a request on each of two processes, without loading again', async () => {
    const fallbacks = [countingFallback(), countingFallback()];
    const processes = fallbacks.map((fallback) => indexed(fallback));
    await Promise.all(processes.map((search) => search.warm()));
    const setPrice = (cents: number) =>
      t.app.db
        .update(lawyerProfiles)
        .set({ priceHourCents: cents })
        .where(eq(lawyerProfiles.userId, cheapest));

    await setPrice(1000);
    for (const search of processes) expect((await idsOf(search))[0]).toBe(cheapest);
    await setPrice(20000);
    for (const search of processes) expect((await idsOf(search)).at(-1)).toBe(cheapest);

    // a new name's words, then a ban: the words find the lawyer, the ban takes them out
    await t.app.db
      .update(lawyerProfiles)
      .set({ searchText: 'zoe barata' })
      .where(eq(lawyerProfiles.userId, cheapest));
    const zoe = { ...everyone, terms: ['zo'] };
    for (const search of processes) expect(await idsOf(search, zoe)).toEqual([cheapest]);
    await banUser(t.app, cheapest);
    for (const search of processes) {
      expect(await idsOf(search, zoe)).toEqual([]);
      expect(await idsOf(search)).not.toContain(cheapest);
    }
    expect(fallbacks.map((fallback) => fallback.calls)).toEqual([0, 0]);
    await Promise.all(processes.map((search) => search.close()));
  });

  it('shows what a card shows as soon as it changes: the description, the response time, the name, the photo', async () => {
    const fallback = countingFallback();
    const search = indexed(fallback);
    await search.warm();
    const [first] = await idsOf(search);
    const cardOf = async () =>
      listItemsOf(await search.directory(everyone, 'price_asc', firstPage)).find(
        (item) => item.id === first,
      )!;
    await t.app.db
      .update(lawyerProfiles)
      .set({ description: 'Despachos en Sevilla y Cádiz.', responseMinutes: 42 })
      .where(eq(lawyerProfiles.userId, first!));
    expect(await cardOf()).toMatchObject({ description: 'Despachos en Sevilla y Cádiz.', responseTime: 42 });
    await t.app.db
      .update(users)
      .set({ name: 'Lucía María', photoUrl: '/uploads/nueva.webp' })
      .where(eq(users.id, first!));
    expect(await cardOf()).toMatchObject({ name: 'Lucía María', lawyerPhoto: '/uploads/nueva.webp' });
    expect(fallback.calls).toBe(0);
    await search.close();
  });

  it('loads everything again when the log says too many changed to list, the SQL search answering meanwhile', async () => {
    const fallback = countingFallback();
    const search = indexed(fallback);
    await search.warm();
    const before = await idsOf(search);
    expect(fallback.calls).toBe(0);

    // a rebuild at scale logs a change with no list of lawyers (past 10,000 of them), as a bulk fill does
    await logEverythingChanged(t.app.db, 'lawyer_search');
    expect(await idsOf(search)).toEqual(before);
    expect(fallback.calls).toBe(1);
    await search.warm();
    expect(await idsOf(search)).toEqual(before);
    expect(fallback.calls).toBe(1);

    // a statement changing every lawyer at this size lists them: caught up, not loaded again
    await t.app.db.execute(
      sql`update lawyer_profiles set response_minutes = coalesce(response_minutes, 0) + 1`,
    );
    expect(await idsOf(search)).toEqual(before);
    expect(fallback.calls).toBe(1);
    await search.close();
  });

  it('loads again when the log no longer holds the changes it missed', async () => {
    const fallback = countingFallback();
    const search = indexed(fallback);
    await search.warm();
    await t.app.db
      .update(lawyerProfiles)
      .set({ priceHourCents: 7000 })
      .where(sql`${lawyerProfiles.verifiedAt} is not null`);
    await t.app.db.execute(sql`delete from lawyer_search_changes`);
    const prices = listItemsOf(await search.directory(everyone, 'price_asc', firstPage)).map(
      (item) => item.price,
    );
    expect(new Set(prices)).toEqual(new Set([70]));
    expect(fallback.calls).toBe(1);
    await search.close();
  });

  it('answers from SQL and reports why when the index cannot load', async () => {
    const fallback = countingFallback();
    const errors: unknown[] = [];
    const down = { execute: () => Promise.reject(new Error('conexión perdida')) } as unknown as Db;
    const search = indexed(fallback, down, (error) => errors.push(error));
    await search.warm();
    expect(errors).toHaveLength(1);
    expect((await idsOf(search)).length).toBeGreaterThan(0);
    expect(fallback.calls).toBe(1);
    await search.close();
  });
});
