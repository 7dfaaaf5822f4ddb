import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { banUser, createLawyerWithProfile } from '../../../test/factories.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * docs/decisions/0031-directory-search-projection.md: the projection's three tables always hold what the
 * profiles say, whatever changed them (a verification, a ban, a profile edit, a price, a rating, a case
 * counter, an account deleted) and whoever wrote it, and a change rolled back leaves them as they were.
 */
describe('the search projection follows every change in its transaction', () => {
  let t: TestApp;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    for (const [i, name] of ['Lucía', 'Martín', 'Ángel'].entries()) {
      const lawyer = await createLawyerWithProfile(t.app, {
        name,
        surname: i === 0 ? 'García García' : 'de la Fuente',
        verified: i !== 2,
        profile: { categories: ['Abogado Civil', 'Abogado Laboral'].slice(0, i + 1), province: 'Madrid' },
      });
      ids.push(lawyer.id);
    }
  }, 60_000);
  afterAll(async () => t?.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.app.db.execute(query)) as unknown as { rows: unknown[] }).rows;

  /** The projection as it is, and as a plain query over the profiles says it should be. */
  async function expectCurrent() {
    const listed = sql`from lawyer_profiles p join users u on u.id = p.user_id
      where p.verified_at is not null and u.banned_at is null`;
    const facetColumns = sql`user_id::text, rating_avg, rating_count, price_hour_cents, finished_cases,
      active_cases, first_visit_free, search_text`;
    expect(
      await rows(sql`select category, province, ${facetColumns} from lawyer_search order by 1, 2, 3`),
    ).toEqual(
      await rows(sql`select c.category, v.province, ${facetColumns} from (select p.* ${listed}) as s
        cross join lateral (select '' as category union select unnest(s.categories)) c
        cross join lateral (select s.province as province union select '') v order by 1, 2, 3`),
    );
    const wordColumns = sql`user_id::text, categories, province, rating_avg, price_hour_cents, search_text`;
    expect(await rows(sql`select word, ${wordColumns} from lawyer_search_words order by 1, 2`)).toEqual(
      await rows(sql`select distinct w.word, ${wordColumns} from (select p.* ${listed}) as s,
        regexp_split_to_table(s.search_text, ' ') as w(word) order by 1, 2`),
    );
    // each ordered pair of two different words of a listed name, with what the filters read (ADR 0040)
    expect(await rows(sql`select pair, ${wordColumns} from lawyer_search_pairs order by 1, 2`)).toEqual(
      await rows(sql`select distinct a.word || ' ' || b.word as pair, ${wordColumns} from (select p.* ${listed}) as s,
        regexp_split_to_table(s.search_text, ' ') as a(word), regexp_split_to_table(s.search_text, ' ') as b(word)
        where a.word <> b.word order by 1, 2`),
    );
    // the counts a search plans with: every range's size, and no key (a name) left behind at zero
    expect(await rows(sql`select key, lawyers from lawyer_search_counts order by key`)).toEqual(
      await rows(sql`select key, lawyers from (
        select 'f:' || category || '|' || province as key, count(*)::int as lawyers from lawyer_search
          group by category, province
        union all select 'w:' || word, count(*)::int from lawyer_search_words group by word) as c
        order by key collate "C"`),
    );
    // and each word's in each category and province
    expect(await rows(sql`select key, lawyers from lawyer_search_counts_in_facets order by key`)).toEqual(
      await rows(sql`select key, lawyers from (
        select 'c:' || c.category || '|' || word as key, count(*)::int as lawyers from lawyer_search_words
          cross join lateral (select distinct unnest(categories) as category) c group by c.category, word
        union all select 'p:' || province || '|' || word, count(*)::int from lawyer_search_words
          group by province, word) as c
        order by key collate "C"`),
    );
  }

  const lucia = () => ids[0] as string;
  const martin = () => ids[1] as string;
  const angel = () => ids[2] as string;

  it('holds the listed lawyers, their categories, province and words', async () => {
    await expectCurrent();
    const words = await rows(
      sql`select word from lawyer_search_words where user_id = ${lucia()} order by word`,
    );
    // "García García" is one word row; the unverified Ángel has none
    expect(words).toEqual([{ word: 'garcia' }, { word: 'lucia' }]);
    expect(await rows(sql`select 1 from lawyer_search where user_id = ${angel()}`)).toEqual([]);
  });

  it('follows a verification, a ban and its lifting', async () => {
    await t.app.db.execute(sql`update lawyer_profiles set verified_at = now() where user_id = ${angel()}`);
    await expectCurrent();
    await banUser(t.app, martin());
    await expectCurrent();
    expect(await rows(sql`select 1 from lawyer_search_words where user_id = ${martin()}`)).toEqual([]);
    await t.app.db.execute(sql`update users set banned_at = null where id = ${martin()}`);
    await expectCurrent();
    await t.app.db.execute(sql`update lawyer_profiles set verified_at = null where user_id = ${lucia()}`);
    await expectCurrent();
    await t.app.db.execute(sql`update lawyer_profiles set verified_at = now() where user_id = ${lucia()}`);
  });

  it('follows a profile edit, a price, a rating and the case counters', async () => {
    const changes = [
      sql`update lawyer_profiles set categories = '{Abogado Fiscal}', province = 'Sevilla',
        search_text = 'lucia garces' where user_id = ${lucia()}`,
      sql`update lawyer_profiles set price_hour_cents = 4550, first_visit_free = true where user_id = ${martin()}`,
      sql`update lawyer_profiles set rating_sum = rating_sum + 5, rating_count = rating_count + 1,
        finished_cases = finished_cases + 1 where user_id in (${lucia()}, ${angel()})`,
      sql`update lawyer_profiles set active_cases = 3`,
      sql`update lawyer_profiles set description = 'Sin cambios para el buscador.'`,
    ];
    for (const change of changes) {
      await t.app.db.execute(change);
      await expectCurrent();
    }
  });

  it('moves no count when only a sort key or a price changed', async () => {
    // a rating, a closed case or a price rebuilds the lawyer's rows and leaves every count row as it was
    // (not even rewritten): payments, closures and ratings of different lawyers never wait on each other
    const versions = () =>
      rows(sql`select key, xmin::text as version from lawyer_search_counts
        union all select key, xmin::text from lawyer_search_counts_in_facets order by key`);
    const before = await versions();
    await t.app.db.execute(sql`update lawyer_profiles set rating_sum = rating_sum + 4,
      rating_count = rating_count + 1, finished_cases = finished_cases + 1, active_cases = active_cases + 1,
      price_hour_cents = price_hour_cents + 100 where user_id in (${lucia()}, ${martin()})`);
    await expectCurrent();
    expect(await versions()).toEqual(before);
  });

  it('keeps its rows when the change is rolled back, and drops a deleted account', async () => {
    await t.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`update lawyer_profiles set province = 'Cádiz' where user_id = ${martin()}`);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await expectCurrent();
    expect(
      await rows(sql`select distinct province from lawyer_search where user_id = ${martin()} order by 1`),
    ).toEqual([{ province: '' }, { province: 'Madrid' }]);
    await t.app.db.execute(sql`delete from users where id = ${angel()}`);
    await expectCurrent();
    expect(await rows(sql`select 1 from lawyer_search where user_id = ${angel()}`)).toEqual([]);
  });
});
