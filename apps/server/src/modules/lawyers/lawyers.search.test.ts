import { es } from '@l4l/shared/texts/es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createLawyerWithProfile, createUser, signIn } from '../../../test/factories.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * GET /api/lawyers: words matched by prefix and never by stem, the price and first-consultation filters,
 * and what bad input answers (docs/api/http.md, Lawyers; docs/decisions/0023-search-words-by-prefix.md).
 */
describe('directory search: words by prefix, price and first consultation', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    auth = bearer(await signIn(t.app, await createUser(t.app)));
    const lawyers = [
      ['lucia', 'Lucía', 'Pardo Ríos', 6000, true],
      ['lucio', 'Lucio', 'Sanz Gil', 4550, false],
      ['martin', 'Martín', 'Ortega Vela', 9000, false],
      ['martina', 'Martina', 'Ibáñez Cano', 12000, true],
      ['pedro', 'Pedro', 'Lucena Mas', 3000, true],
    ] as const;
    for (const [key, name, surname, priceHourCents, firstVisitFree] of lawyers) {
      const created = await createLawyerWithProfile(t.app, {
        name,
        surname,
        profile: { priceHourCents, firstVisitFree, priceFirstVisitCents: firstVisitFree ? 0 : 2000 },
      });
      ids[key] = created.id;
    }
  });
  afterAll(async () => t.close());

  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/lawyers?sort=price_asc&${query}`, headers: auth });
  const keys = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ id: string }>; meta: { total: number } };
    expect(body.meta.total).toBe(body.data.length);
    return body.data.map((card) => Object.keys(ids).find((key) => ids[key] === card.id));
  };
  const search = (text: string) => keys(`search=${encodeURIComponent(text)}`);

  it('finds Lucía by "Lucía", "lucia" and "luc", never by "Lucio"', async () => {
    expect(await search('Lucía')).toEqual(['lucia']);
    expect(await search('lucia')).toEqual(['lucia']);
    expect(await search('LUCIA pardo')).toEqual(['lucia']);
    // 'luc' is a prefix of Lucía, of Lucio and of the surname Lucena
    expect(await search('luc')).toEqual(['pedro', 'lucio', 'lucia']);
    expect(await search('Lucio')).toEqual(['lucio']);
  });

  it('never matches by stem: "Martina" does not find Martín, nor "Martín" Martina', async () => {
    expect(await search('Martina')).toEqual(['martina']);
    expect(await search('martin')).toEqual(['martin', 'martina']);
    expect(await search('Martín Ortega')).toEqual(['martin']);
    expect(await search('martinez')).toEqual([]);
  });

  it('needs every word typed to match some word of the name', async () => {
    expect(await search('luc sanz')).toEqual(['lucio']);
    expect(await search('luc mas')).toEqual(['pedro']);
    expect(await search('luc ortega')).toEqual([]);
  });

  it('filters by the hourly price in euros, both bounds inclusive', async () => {
    expect(await keys('minPrice=60')).toEqual(['lucia', 'martin', 'martina']);
    expect(await keys('maxPrice=60')).toEqual(['pedro', 'lucio', 'lucia']);
    expect(await keys('minPrice=45,50&maxPrice=90')).toEqual(['lucio', 'lucia', 'martin']);
    expect(await keys('minPrice=45.51&maxPrice=89.99')).toEqual(['lucia']);
    expect(await keys('minPrice=60&maxPrice=60')).toEqual(['lucia']);
    expect(await keys('minPrice=200')).toEqual([]);
    expect(await keys('minPrice=&maxPrice=')).toHaveLength(5);
  });

  it('keeps only a free first consultation with firstVisitFree=true; false filters nothing', async () => {
    expect(await keys('firstVisitFree=true')).toEqual(['pedro', 'lucia', 'martina']);
    expect(await keys('firstVisitFree=false')).toHaveLength(5);
    expect(await keys('firstVisitFree=true&minPrice=50&maxPrice=100')).toEqual(['lucia']);
    expect(await keys('firstVisitFree=true&search=mart')).toEqual(['martina']);
  });

  it('answers bad filters with 400 in Spanish, naming the field', async () => {
    const cases: Array<[string, string, string]> = [
      ['minPrice=abc', 'minPrice', es.validation.priceFilter],
      ['maxPrice=-5', 'maxPrice', es.validation.priceFilter],
      ['maxPrice=12.345', 'maxPrice', es.validation.priceFilter],
      ['minPrice=1&minPrice=2', 'minPrice', es.validation.priceFilter],
      ['minPrice=80&maxPrice=40', 'maxPrice', es.validation.priceRange],
      ['firstVisitFree=si', 'firstVisitFree', es.validation.firstVisitFreeFilter],
      [`search=${'a'.repeat(500)}`, 'search', es.validation.searchTooLong(100)],
    ];
    for (const [query, field, message] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields[field], query).toBe(message);
    }
  });

  it('ignores a search of punctuation alone, as if none were typed', async () => {
    expect(await search('¿¡!?.,;:*&|')).toHaveLength(5);
    expect(await search('  --  ')).toHaveLength(5);
    expect(await search('lucía!!')).toEqual(['lucia']);
  });
});
