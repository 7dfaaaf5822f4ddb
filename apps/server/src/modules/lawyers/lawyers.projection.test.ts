import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { banUser, createLawyerWithProfile, createRating, createUser } from '../../../test/factories.ts';
import { lawyerProfiles, users } from '../../db/schema/index.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * The directory's search projection (lawyer_search, docs/decisions/0021-search-words-by-prefix.md) is kept
 * by the database in the transaction of every change: after each kind of change it holds exactly the rows
 * its definition (the lawyer_search_source view) gives, and a rolled-back change leaves it as it was.
 */
describe('the search projection follows every change of a lawyer', () => {
  let t: TestApp;
  let lawyerId: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const lawyer = await createLawyerWithProfile(t.app, {
      name: 'Lucía',
      surname: 'Pardo',
      profile: { categories: ['Abogado Civil', 'Abogado Laboral'], province: 'Madrid', priceHourCents: 5000 },
    });
    lawyerId = lawyer.id;
  });
  afterAll(async () => t.close());

  const rows = async (from: 'lawyer_search' | 'lawyer_search_source') =>
    (
      (await t.app.db.execute(sql`select * from ${sql.raw(from)} order by category, user_id`)) as unknown as {
        rows: unknown[];
      }
    ).rows;
  const categoriesOf = async (id: string) =>
    (
      (await t.app.db.execute(
        sql`select category from lawyer_search where user_id = ${id} order by category`,
      )) as unknown as { rows: Array<{ category: string }> }
    ).rows.map((row) => row.category);
  const inStep = async () => expect(await rows('lawyer_search')).toEqual(await rows('lawyer_search_source'));

  it('has a row per category and a "*" row for a listed lawyer, none for an unverified one', async () => {
    expect(await categoriesOf(lawyerId)).toEqual(['*', 'Abogado Civil', 'Abogado Laboral']);
    const pending = await createLawyerWithProfile(t.app, { verified: false });
    expect(await categoriesOf(pending.id)).toEqual([]);
    await t.app.db
      .update(lawyerProfiles)
      .set({ verifiedAt: new Date() })
      .where(eq(lawyerProfiles.userId, pending.id));
    expect(await categoriesOf(pending.id)).toEqual(['*', 'Abogado Civil', 'Abogado Divorcios']);
    await inStep();
  });

  it('follows categories, province, prices, name, ratings and counters', async () => {
    await t.app.db
      .update(lawyerProfiles)
      .set({
        categories: ['Abogado Fiscal'],
        province: 'Sevilla',
        priceHourCents: 9000,
        firstVisitFree: true,
        searchText: 'lucia pardo rios',
        activeCases: 4,
      })
      .where(eq(lawyerProfiles.userId, lawyerId));
    expect(await categoriesOf(lawyerId)).toEqual(['*', 'Abogado Fiscal']);
    await createRating(t.app, { userId: (await createUser(t.app)).id, lawyerId, stars: 4 });
    await inStep();
    const [row] = (
      (await t.app.db.execute(
        sql`select province, price_hour_cents, first_visit_free, rating_avg, rating_count, active_cases
          from lawyer_search where user_id = ${lawyerId} and category = '*'`,
      )) as unknown as { rows: unknown[] }
    ).rows;
    expect(row).toEqual({
      province: 'Sevilla',
      price_hour_cents: 9000,
      first_visit_free: true,
      rating_avg: 4,
      rating_count: 1,
      active_cases: 4,
    });
  });

  it('drops a banned lawyer and brings them back when the ban is lifted', async () => {
    await banUser(t.app, lawyerId);
    expect(await categoriesOf(lawyerId)).toEqual([]);
    await t.app.db.update(users).set({ bannedAt: null }).where(eq(users.id, lawyerId));
    expect(await categoriesOf(lawyerId)).toEqual(['*', 'Abogado Fiscal']);
    await inStep();
  });

  it('keeps nothing of a change that is rolled back', async () => {
    const before = await rows('lawyer_search');
    await expect(
      t.app.db.transaction(async (tx) => {
        await tx.update(lawyerProfiles).set({ categories: [] }).where(eq(lawyerProfiles.userId, lawyerId));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await rows('lawyer_search')).toEqual(before);
  });

  it('loses the rows of a lawyer whose profile is deleted', async () => {
    const gone = await createLawyerWithProfile(t.app);
    await t.app.db.delete(lawyerProfiles).where(eq(lawyerProfiles.userId, gone.id));
    expect(await categoriesOf(gone.id)).toEqual([]);
    await inStep();
  });
});
