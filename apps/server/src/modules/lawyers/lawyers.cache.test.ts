import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { createLawyerWithProfile } from '../../../test/factories.ts';
import { lawyerProfiles } from '../../db/schema/index.ts';
import { createLawyersService } from './lawyers.service.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * docs/decisions/0005: outside tests the directory and the featured lawyers are kept a few seconds. The
 * routes turn the cache off under NODE_ENV=test, so it is tested here on the service itself.
 */
describe('the directory cache', () => {
  let t: TestApp;
  let service: ReturnType<typeof createLawyersService>;
  let lawyer: Awaited<ReturnType<typeof createLawyerWithProfile>>;
  const query = { page: 1, pageSize: 20, sort: 'price_asc' as const };

  beforeAll(async () => {
    t = await buildTestApp();
    service = createLawyersService({ db: t.app.db, ratings: t.app.ratings, directoryCacheMs: 60_000 });
    lawyer = await createLawyerWithProfile(t.app, {
      name: 'Inés',
      surname: 'Caché',
      profile: { featured: true },
    });
  });
  afterAll(async () => t.close());

  it('serves a page again from memory, other changes showing once it expires', async () => {
    const first = (await service.directory(query)).value();
    expect(first.data.map((card) => card.price)).toEqual([60]);
    await t.app.db
      .update(lawyerProfiles)
      .set({ priceHourCents: 9900 })
      .where(eq(lawyerProfiles.userId, lawyer.id));
    expect((await service.directory(query)).value()).toEqual(first);
    expect((await service.directory({ ...query, pageSize: 10 })).value().data[0]?.price).toBe(99);
    expect((await service.featured(8))[0]?.price).toBe(99);
  });

  it("shows a lawyer's own profile and price changes at once", async () => {
    await service.updatePrices(lawyer.id, { priceHour: 45, priceFirstVisit: 0, isFirstVisitFree: true });
    expect((await service.directory(query)).value().data[0]?.price).toBe(45);
    expect((await service.featured(8))[0]?.firstVisitFree).toBe(true);
  });
});
