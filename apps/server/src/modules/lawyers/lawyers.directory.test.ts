import { es } from '@l4l/shared/texts/es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  banUser,
  bearer,
  createLawyerWithProfile,
  createRating,
  createUser,
  signIn,
} from '../../../test/factories.ts';
import { createLawyersRepository } from './lawyers.repository.ts';
import { directoryFilter } from './lawyers.service.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Card = { id: string; fullName: string; rating: number; totalRatings: number; [key: string]: unknown };

/**
 * GET /api/lawyers and GET /api/lawyers/destacados: filters, sorts, paging and who is listed, on data whose
 * expected order is known.
 */
describe('lawyer directory', () => {
  let t: TestApp;
  let auth: { authorization: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await buildTestApp();
    const client = await createUser(t.app, { name: 'Carmen', surname: 'Cliente' });
    auth = bearer(await signIn(t.app, client));

    const lawyer = (
      key: string,
      name: string,
      surname: string,
      profile: NonNullable<Parameters<typeof createLawyerWithProfile>[1]>['profile'],
      extra: { verified?: boolean } = {},
    ) =>
      createLawyerWithProfile(t.app, { name, surname, profile, ...extra }).then((created) => {
        ids[key] = created.id;
        return created;
      });

    await lawyer('garcia', 'Lucía', 'García Fernández', {
      province: 'Madrid',
      categories: ['Abogado Divorcios', 'Abogado Civil'],
      priceHourCents: 6000,
      priceFirstVisitCents: 0,
      firstVisitFree: true,
      activeCases: 1,
    });
    await lawyer('nunez', 'José', 'Núñez Ortega', {
      province: 'Sevilla',
      categories: ['Abogado Mercantil', 'Abogado Fiscal'],
      priceHourCents: 12000,
      priceFirstVisitCents: 3050,
      activeCases: 5,
    });
    await lawyer('martinez', 'Marta', 'Martínez de la Fuente', {
      province: 'Toda España',
      categories: ['Abogado Laboral'],
      priceHourCents: 4000,
      activeCases: 0,
      finishedCases: 10,
    });
    await lawyer('lopez', 'Pedro', 'López Ruiz', {
      province: 'Barcelona',
      categories: ['Abogado Civil', 'Abogado Extranjería'],
      priceHourCents: 9000,
      activeCases: 2,
      finishedCases: 6,
    });
    // ties with López on price, active and finished cases and rating: only the id orders them
    await lawyer('vidal', 'Sara', 'Vidal Soto', {
      province: 'Valencia',
      categories: ['Abogado Bancario'],
      priceHourCents: 9000,
      activeCases: 2,
      finishedCases: 6,
    });
    // never listed
    await lawyer(
      'unverified',
      'Ana',
      'García Pendiente',
      { province: 'Madrid', categories: ['Abogado Civil'] },
      { verified: false },
    );
    const banned = await lawyer('banned', 'Luis', 'García Baneado', {
      province: 'Madrid',
      categories: ['Abogado Civil'],
      featured: true,
    });
    await banUser(t.app, banned.id);

    // García 5+4 (4.5 over 2), Núñez 5+5+4+4 (4.5 over 4), Martínez 3; each rating finishes a case
    for (const [key, stars] of [
      ['garcia', 5],
      ['garcia', 4],
      ['nunez', 5],
      ['nunez', 5],
      ['nunez', 4],
      ['nunez', 4],
      ['martinez', 3],
    ] as const) {
      await createRating(t.app, { userId: client.id, lawyerId: ids[key]!, stars });
    }
  });
  afterAll(async () => t.close());

  const list = async (query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/lawyers${query}`, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Card[]; meta: { total: number; page: number; pageSize: number } };
  };
  const keysOf = (cards: Card[]) => cards.map((card) => Object.keys(ids).find((key) => ids[key] === card.id));
  const idOrder = (...keys: string[]) => keys.map((key) => ids[key]!).sort();
  const search = (text: string) => list(`?search=${encodeURIComponent(text)}`).then((r) => keysOf(r.data));

  it('is for signed-in people only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lawyers' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('lists only verified, unbanned lawyers, best rated first, with the card fields', async () => {
    const { data, meta } = await list();
    expect(meta).toEqual({ total: 5, totalIsExact: true, page: 1, pageSize: 20 });
    const [lopezOrVidal] = idOrder('lopez', 'vidal');
    expect(keysOf(data)).toEqual([
      'nunez',
      'garcia',
      'martinez',
      lopezOrVidal === ids.lopez ? 'lopez' : 'vidal',
      lopezOrVidal === ids.lopez ? 'vidal' : 'lopez',
    ]);
    expect(data.find((card) => card.id === ids.garcia)).toEqual({
      id: ids.garcia,
      fullName: 'Lucía García Fernández',
      name: 'Lucía',
      surname: 'García Fernández',
      description: 'Especialista en derecho civil y de familia.',
      categories: ['Abogado Divorcios', 'Abogado Civil'],
      rating: 4.5,
      totalRatings: 2,
      activeCases: 1,
      finishedCases: 2,
      price: 60,
      priceFirstVisit: 0,
      firstVisitFree: true,
      lawyerPhoto: null,
      province: 'Madrid',
      responseTime: null,
      professionalTitle: 'Abogado',
    });
    const nunez = data.find((card) => card.id === ids.nunez);
    expect(nunez).toMatchObject({ rating: 4.5, totalRatings: 4, price: 120, priceFirstVisit: 30.5 });
    expect(data.find((card) => card.id === ids.martinez)).toMatchObject({ rating: 3, totalRatings: 1 });
    expect(data.find((card) => card.id === ids.lopez)).toMatchObject({ rating: 0, totalRatings: 0 });
  });

  it('never lists unverified or banned lawyers, even searched by name', async () => {
    expect(await search('García')).toEqual(['garcia']);
    expect(await search('pendiente')).toEqual([]);
    expect(await search('baneado')).toEqual([]);
  });

  it('sorts by every order the directory offers, ties broken by the id', async () => {
    const [first, second] = idOrder('lopez', 'vidal');
    const tie = [first, second].map((id) => (id === ids.lopez ? 'lopez' : 'vidal'));
    const sorted = async (sort: string) => keysOf((await list(`?sort=${sort}`)).data);
    expect(await sorted('rating')).toEqual(['nunez', 'garcia', 'martinez', ...tie]);
    expect(await sorted('price_asc')).toEqual(['martinez', 'garcia', ...tie, 'nunez']);
    expect(await sorted('price_desc')).toEqual(['nunez', ...tie, 'garcia', 'martinez']);
    expect(await sorted('finished')).toEqual(['martinez', ...tie, 'nunez', 'garcia']);
    expect(await sorted('active')).toEqual(['nunez', ...tie, 'garcia', 'martinez']);
  });

  it('searches names without caring for accents or case', async () => {
    expect(await search('garcia')).toEqual(['garcia']);
    expect(await search('GARCÍA')).toEqual(['garcia']);
    expect(await search('nunez')).toEqual(['nunez']);
    expect(await search('Núñez')).toEqual(['nunez']);
    expect(await search('lucia fernandez')).toEqual(['garcia']);
    expect(await search('lucia nunez')).toEqual([]);
  });

  it('matches partial words as prefixes', async () => {
    expect(await search('gar')).toEqual(['garcia']);
    expect(await search('Núñ')).toEqual(['nunez']);
    expect(await search('lucia garc')).toEqual(['garcia']);
    expect(await search('mart')).toEqual(['martinez']);
    expect(await search('martine')).toEqual(['martinez']);
    expect(await search('s')).toEqual(['vidal']);
  });

  it('finds names with particles (de, la): every word typed must match', async () => {
    expect(await search('Martínez de la Fuente')).toEqual(['martinez']);
    expect(await search('marta de')).toEqual(['martinez']);
    expect(await search('lucia de')).toEqual([]);
  });

  it('never lets the search text reach the SQL', async () => {
    expect(await search("garcia'); drop table users; --")).toEqual([]);
    expect(await search("' or 1=1 --")).toEqual([]);
    expect(await search('garcia:* | !')).toEqual(['garcia']);
    expect(await search('&|!():*')).toHaveLength(5);
    expect((await list()).meta.total).toBe(5);
  });

  it('filters by categories, matching ANY of them, as a comma list or repeated', async () => {
    const only = async (query: string) => keysOf((await list(query)).data).sort();
    expect(await only('?categories=Abogado%20Civil')).toEqual(['garcia', 'lopez']);
    expect(await only(`?categories=${encodeURIComponent('Abogado Civil,Abogado Laboral')}`)).toEqual([
      'garcia',
      'lopez',
      'martinez',
    ]);
    expect(await only('?categories=Abogado%20Fiscal&categories=Abogado%20Bancario')).toEqual([
      'nunez',
      'vidal',
    ]);
    expect(await only('?categories=')).toHaveLength(5);
  });

  it('refuses an unknown category or province with 400', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/lawyers?categories=Abogado%20Civil,Astrologo',
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['categories.1']).toBe(es.validation.unknownCategory);
    const province = await t.app.inject({
      method: 'GET',
      url: '/api/lawyers?province=Narnia',
      headers: auth,
    });
    expect(province.statusCode).toBe(400);
    expect(province.json().error.fields.province).toBe(es.validation.province);
  });

  it("filters by province; 'Toda España' lawyers act in every province; 'Toda España' asks for all", async () => {
    const only = async (query: string) => keysOf((await list(query)).data).sort();
    expect(await only('?province=Madrid')).toEqual(['garcia', 'martinez']);
    expect(await only(`?province=${encodeURIComponent('Sevilla')}`)).toEqual(['martinez', 'nunez']);
    expect(await only(`?province=${encodeURIComponent('Toda España')}`)).toHaveLength(5);
    expect(await only('?province=')).toHaveLength(5);
  });

  it('combines search, categories, province and sort', async () => {
    const query = `?search=l&categories=${encodeURIComponent('Abogado Civil,Abogado Laboral')}&sort=price_desc`;
    // 'l' is a prefix of Lucía, of López and of the 'la' in Martínez de la Fuente
    const { data, meta } = await list(query);
    expect(keysOf(data)).toEqual(['lopez', 'garcia', 'martinez']);
    expect(meta.total).toBe(3);
    expect(keysOf((await list(`${query}&province=Madrid`)).data)).toEqual(['garcia', 'martinez']);
  });

  it('pages with meta {total, totalIsExact, page, pageSize}', async () => {
    const all = keysOf((await list('?sort=price_asc')).data);
    const second = await list('?sort=price_asc&page=2&pageSize=2');
    expect(second.meta).toEqual({ total: 5, totalIsExact: true, page: 2, pageSize: 2 });
    expect(keysOf(second.data)).toEqual(all.slice(2, 4));
    const last = await list('?sort=price_asc&page=3&pageSize=2');
    expect(keysOf(last.data)).toEqual(all.slice(4));
    const beyond = await list('?page=9');
    expect(beyond).toEqual({ data: [], meta: { total: 5, totalIsExact: true, page: 9, pageSize: 20 } });
    for (const query of ['?pageSize=101', '?page=0', '?sort=cheapest']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/lawyers${query}`, headers: auth });
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('counts exactly up to its limit, then says there are more, and still pages and sorts the same', async () => {
    const civilQuery = '?categories=Abogado%20Civil&sort=price_asc';
    const civil = await list(civilQuery);
    expect(civil.meta.total).toBeGreaterThan(1);
    const cases = [
      { filter: directoryFilter({}), limit: 3, expected: await list('?sort=price_asc') },
      { filter: directoryFilter({ categories: ['Abogado Civil'] }), limit: 1, expected: civil },
    ];
    for (const { filter, limit, expected } of cases) {
      const limited = createLawyersRepository(t.app.db, { countLimit: limit });
      const all = await limited.directory(filter, 'price_asc', { limit: 20, offset: 0 });
      expect({ total: all.total, exact: all.exact }).toEqual({ total: limit, exact: false });
      expect(all.rows.map((row) => row.id)).toEqual(expected.data.map((card) => card.id));
      const second = await limited.directory(filter, 'price_asc', { limit: 1, offset: 1 });
      expect(second.rows.map((row) => row.id)).toEqual([expected.data[1]!.id]);
    }
    // at the limit the count is exact, and a page past the last match is empty
    const exact = createLawyersRepository(t.app.db, { countLimit: civil.meta.total });
    const filter = directoryFilter({ categories: ['Abogado Civil'] });
    const narrow = await exact.directory(filter, 'price_asc', { limit: 20, offset: 0 });
    expect({ total: narrow.total, exact: narrow.exact }).toEqual({ total: civil.meta.total, exact: true });
    expect(narrow.rows.map((row) => row.id)).toEqual(civil.data.map((card) => card.id));
    expect((await exact.directory(filter, 'price_asc', { limit: 20, offset: 40 })).rows).toEqual([]);
  });

  it('features featured lawyers first, then the best rated, publicly and at most 8', async () => {
    const featured = await t.app.inject({ method: 'GET', url: '/api/lawyers/destacados' });
    expect(featured.statusCode).toBe(200);
    // the banned lawyer is featured but never shown; nobody else is featured yet
    expect(keysOf(featured.json().data)).toEqual(keysOf((await list('?sort=rating')).data));

    for (let i = 0; i < 8; i++) {
      const extra = await createLawyerWithProfile(t.app, {
        name: `Destacado${i}`,
        surname: 'Prueba',
        profile: { featured: i < 2, province: 'Madrid' },
      });
      ids[`extra${i}`] = extra.id;
    }
    const after = (await t.app.inject({ method: 'GET', url: '/api/lawyers/destacados' })).json();
    expect(after.data).toHaveLength(8);
    expect(keysOf(after.data).slice(0, 2).sort()).toEqual(['extra0', 'extra1']);
    expect(keysOf(after.data).slice(2, 5)).toEqual(['nunez', 'garcia', 'martinez']);
  });
});
