import { ALL_SPAIN } from '@l4l/shared/constants/provinces';
import { LAWYER_SORTS, type LawyerSort } from '@l4l/shared/constants/sort';
import { lawyersQuerySchema } from '@l4l/shared/schemas/lawyers';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { banUser, createLawyerWithProfile } from '../../../test/factories.ts';
import { prng } from '../../../test/prng.ts';
import { cardText, listItemJson } from './lawyer-cards.ts';
import { createLawyersRepository, type DirectoryFilter } from './lawyers.repository.ts';
import { createIndexedSearch } from './lawyers.search-indexed.ts';
import { directoryFilter } from './lawyers.service.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const FIRST_NAMES = [
  'Lucía',
  'Lucio',
  'Luca',
  'Martín',
  'Martina',
  'María',
  'Mario',
  'José',
  'Josefa',
  'Ángel',
];
const SURNAMES = [
  'García',
  'Garcés',
  'Martínez',
  'Martín',
  'López',
  'Lucena',
  'Núñez',
  'de la Fuente',
  'Mas',
];
const CATEGORIES = ['Abogado Civil', 'Abogado Laboral', 'Abogado Fiscal', 'Abogado Divorcios'];
const PROVINCES = ['Madrid', 'Sevilla', 'Barcelona', ALL_SPAIN];
const PRICES = [0, 3000, 4550, 6000, 6000, 9000, 12000, 15000];
const WORDS = [...FIRST_NAMES, ...SURNAMES.flatMap((surname) => surname.split(' '))];
const LAWYERS = 90;
const RUNS = 1_000;

/** The reference: one plain query, every condition spelled out, no index tricks, an exact count. */
const REFERENCE_ORDER: Record<LawyerSort, string> = {
  rating: 'p.rating_avg desc, p.rating_count desc, p.user_id asc',
  price_asc: 'p.price_hour_cents asc, p.user_id asc',
  price_desc: 'p.price_hour_cents desc, p.user_id asc',
  finished: 'p.finished_cases desc, p.user_id asc',
  active: 'p.active_cases desc, p.user_id asc',
};

function referenceWhere(filter: DirectoryFilter): SQL {
  const conditions: SQL[] = [sql`p.verified_at is not null`, sql`u.banned_at is null`];
  // a word of the name starts with the term: the name's words are separated by single spaces
  for (const term of filter.terms) conditions.push(sql`(' ' || p.search_text) like ${`% ${term}%`}`);
  if (filter.categories.length) conditions.push(sql`p.categories && ${sql.param(filter.categories)}::text[]`);
  if (filter.provinces.length) conditions.push(sql`p.province = any(${sql.param(filter.provinces)}::text[])`);
  if (filter.minPriceCents !== undefined) conditions.push(sql`p.price_hour_cents >= ${filter.minPriceCents}`);
  if (filter.maxPriceCents !== undefined) conditions.push(sql`p.price_hour_cents <= ${filter.maxPriceCents}`);
  if (filter.firstVisitFree) conditions.push(sql`p.first_visit_free`);
  return sql.join(conditions, sql` and `);
}

/**
 * docs/api/http.md, Lawyers: results, order and `meta` are the same whatever path the repository takes
 * (one statement for a narrow request, the sort's index for a broad one, the bounded count of ADR 0020),
 * and the index in memory (lawyers.search-indexed.ts), each of its ways forced in turn, answers the same.
 * fast-check draws 1,000 requests over 90 lawyers whose names, prices and figures collide on purpose, and
 * each is compared with a plain query. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
describe('the directory answers as a plain reference query does', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
    const random = prng(20261128);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
    for (let i = 0; i < LAWYERS; i++) {
      const ratingCount = Math.floor(random() * 4);
      const free = random() < 0.4;
      const lawyer = await createLawyerWithProfile(t.app, {
        name: pick(FIRST_NAMES),
        surname: `${pick(SURNAMES)} ${pick(SURNAMES)}`,
        verified: random() < 0.92,
        profile: {
          categories: CATEGORIES.filter(() => random() < 0.4),
          province: pick(PROVINCES),
          priceHourCents: pick(PRICES),
          firstVisitFree: free,
          priceFirstVisitCents: free ? 0 : 2000,
          ratingCount,
          ratingSum: ratingCount * (1 + Math.floor(random() * 5)),
          activeCases: Math.floor(random() * 3),
          finishedCases: Math.floor(random() * 3),
        },
      });
      if (random() < 0.05) await banUser(t.app, lawyer.id);
    }
  }, 120_000);
  afterAll(async () => t?.close());

  async function reference(filter: DirectoryFilter, sort: LawyerSort, limit: number, offset: number) {
    const where = referenceWhere(filter);
    const from = sql`lawyer_profiles p join users u on u.id = p.user_id`;
    const page = (await t.app.db.execute(
      sql`select p.user_id as id from ${from} where ${where}
        order by ${sql.raw(REFERENCE_ORDER[sort])} limit ${limit} offset ${offset}`,
    )) as unknown as { rows: Array<{ id: string }> };
    const counted = (await t.app.db.execute(
      sql`select count(*)::int as total from ${from} where ${where}`,
    )) as unknown as { rows: Array<{ total: number }> };
    return { ids: page.rows.map((row) => row.id), total: Number(counted.rows[0]?.total) };
  }

  /** A word of the pool cut to a prefix, in any case, sometimes with its accents stripped or junk around it. */
  const word = fc
    .tuple(fc.constantFrom(...WORDS), fc.nat(8), fc.boolean(), fc.constantFrom('', '', '!', '¿', 'x'))
    .map(([w, cut, upper, junk]) => {
      const prefix = w.slice(0, Math.max(1, w.length - cut));
      return `${junk}${upper ? prefix.toUpperCase() : prefix}`;
    });
  const request = fc.record({
    search: fc.option(
      fc.array(word, { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
      { nil: undefined },
    ),
    categories: fc.option(fc.subarray(CATEGORIES, { minLength: 1 }), { nil: undefined }),
    province: fc.option(fc.constantFrom(...PROVINCES), { nil: undefined }),
    prices: fc.tuple(fc.option(fc.constantFrom(...PRICES)), fc.option(fc.constantFrom(...PRICES))),
    firstVisitFree: fc.option(fc.constantFrom('true', 'false'), { nil: undefined }),
    sort: fc.constantFrom(...LAWYER_SORTS.map((s) => s.value)),
    page: fc.integer({ min: 1, max: 4 }),
    pageSize: fc.integer({ min: 1, max: 25 }),
    countLimit: fc.constantFrom(3, 10, 1000),
  });

  type Raw = typeof request extends fc.Arbitrary<infer R> ? R : never;
  const seen = { filled: 0, broad: 0, words: 0 };

  /** The request drawn, answered by the repository and by the index, checked against the reference. */
  function answersAlike() {
    const repositories = new Map(
      [3, 10, 1000].map((limit) => [limit, createLawyersRepository(t.app.db, { countLimit: limit })]),
    );
    // the version read through a named prepared statement, as the app runs it
    const statements = t.app.database.statements;
    // the index in memory, with no fallback: it answers every request itself
    const unanswered = {
      directory: () => Promise.reject(new Error('the index did not answer')),
    };
    // each way forced too: walks (counted by bits whatever the ranges' sizes, or not), a typed word's entries
    // gathered first, a scan of the bits
    const tunings = [
      {},
      { way: 'walk' as const },
      { way: 'walk' as const, bitsFrom: 0 },
      { way: 'word' as const },
      { way: 'bits' as const },
    ];
    const indexed = new Map(
      [3, 10, 1000].map((limit) => [
        limit,
        tunings.map((tuning) =>
          createIndexedSearch(t.app.db, { countLimit: limit, statements, fallback: unanswered, tuning }),
        ),
      ]),
    );
    const loaded = Promise.all([...indexed.values()].flat().map((search) => search.warm()));
    return async (raw: Raw) => {
      await loaded;
      // two bounds drawn in any order: the lower is the minimum (a reversed range is a 400, tested apart)
      const [first, second] = raw.prices;
      const [low, high] =
        first !== null && second !== null && first > second ? [second, first] : [first, second];
      const query = lawyersQuerySchema.parse({
        search: raw.search,
        categories: raw.categories?.join(','),
        province: raw.province,
        minPrice: low === null ? undefined : String(low / 100),
        maxPrice: high === null ? undefined : String(high / 100),
        firstVisitFree: raw.firstVisitFree,
        sort: raw.sort,
        page: String(raw.page),
        pageSize: String(raw.pageSize),
      });
      const filter = directoryFilter(query);
      const offset = (query.page - 1) * query.pageSize;
      const repository = repositories.get(raw.countLimit);
      const actual = await repository!.directory(filter, query.sort, { limit: query.pageSize, offset });
      const expected = await reference(filter, query.sort, query.pageSize, offset);
      const exact = expected.total <= raw.countLimit;
      seen.filled += expected.ids.length > 0 ? 1 : 0;
      seen.broad += exact ? 0 : 1;
      seen.words += filter.terms.length > 0 && expected.total > 0 ? 1 : 0;
      const wanted = { ids: expected.ids, total: exact ? expected.total : raw.countLimit, exact };
      expect({ ids: actual.rows.map((row) => row.id), total: actual.total, exact: actual.exact }).toEqual(
        wanted,
      );
      // the index's cards come rendered: the same bytes as the plain SQL's rows rendered
      const rendered = actual.rows.map(listItemJson);
      for (const index of indexed.get(raw.countLimit)!) {
        const page = await index.directory(filter, query.sort, { limit: query.pageSize, offset });
        expect('items' in page && page.items.map(cardText)).toEqual(rendered);
        expect({ total: page.total, exact: page.exact }).toEqual({
          total: actual.total,
          exact: actual.exact,
        });
      }
    };
  }

  it(`gives the same page, order and meta for ${RUNS} random requests`, async () => {
    await fc.assert(fc.asyncProperty(request, answersAlike()), { numRuns: RUNS, seed: 20261128 });
    // the draws reach every path: pages with lawyers, counts past the limit, names that match
    expect(seen.filled).toBeGreaterThan(RUNS / 10);
    expect(seen.broad).toBeGreaterThan(RUNS / 10);
    expect(seen.words).toBeGreaterThan(RUNS / 20);
  }, 300_000);

  // two or three typed words: the index intersects their entries, by walking, gathering or scanning
  const severalWords = fc
    .tuple(request, fc.array(word, { minLength: 2, maxLength: 3 }))
    .map(([raw, words]) => ({ ...raw, search: words.join(' ') }));

  it(`answers the same for ${RUNS / 4} requests of two or three words`, async () => {
    seen.words = 0;
    await fc.assert(fc.asyncProperty(severalWords, answersAlike()), { numRuns: RUNS / 4, seed: 20261130 });
    // the words met in some lawyers (not only empty intersections)
    expect(seen.words).toBeGreaterThan(RUNS / 40);
  }, 300_000);
});
