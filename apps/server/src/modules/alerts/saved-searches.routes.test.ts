import { ALERT_LIMITS } from '@l4l/shared/constants/alerts';
import { es } from '@l4l/shared/texts/es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createAdmin, createLawyer, createUser, signIn } from '../../../test/factories.ts';

/** GET/POST/PUT/DELETE /api/board/saved-searches (docs/api/http.md, Saved board searches). */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
let t: TestApp;

const URL = '/api/board/saved-searches';
const valid = {
  name: 'Divorcios en Madrid',
  search: 'divorcio madrid',
  category: 'Abogado Divorcios',
  frequency: 'instant',
};

function call(
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
}

async function lawyerToken() {
  return signIn(t.app, await createLawyer(t.app));
}

beforeAll(async () => {
  t = await buildTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('a lawyer’s saved searches', () => {
  it('creates, lists, renames, changes the frequency and deletes its own', async () => {
    const token = await lawyerToken();
    const created = await call(token, 'POST', URL, valid);
    expect(created.statusCode).toBe(200);
    const search = created.json().data;
    expect(search).toEqual({
      id: expect.any(String),
      name: valid.name,
      search: valid.search,
      category: valid.category,
      frequency: 'instant',
      createdAt: expect.any(String),
    });
    const second = (await call(token, 'POST', URL, { name: 'Todo', frequency: 'daily' })).json().data;
    expect(second).toMatchObject({ search: '', category: null, frequency: 'daily' });

    const listed = await call(token, 'GET', URL);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((one: { id: string }) => one.id)).toEqual([search.id, second.id]);

    const renamed = await call(token, 'PUT', `${URL}/${search.id}`, {
      ...valid,
      name: 'Familia',
      frequency: 'off',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ id: search.id, name: 'Familia', frequency: 'off' });

    const removed = await call(token, 'DELETE', `${URL}/${search.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: null });
    expect((await call(token, 'GET', URL)).json().data.map((one: { id: string }) => one.id)).toEqual([
      second.id,
    ]);
    expect((await call(token, 'DELETE', `${URL}/${search.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another lawyer’s search, with nothing changed', async () => {
    const owner = await lawyerToken();
    const other = await lawyerToken();
    const mine = (await call(owner, 'POST', URL, valid)).json().data;
    const edit = await call(other, 'PUT', `${URL}/${mine.id}`, { ...valid, name: 'Mía' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.message).toBe(es.alerts.notFound);
    expect((await call(other, 'DELETE', `${URL}/${mine.id}`)).statusCode).toBe(404);
    expect((await call(other, 'GET', URL)).json().data).toEqual([]);
    expect((await call(owner, 'GET', URL)).json().data).toMatchObject([{ id: mine.id, name: valid.name }]);
  });

  it('is for lawyers only: 401 anonymous, 403 clients and administrators', async () => {
    const client = await signIn(t.app, await createUser(t.app));
    const admin = await signIn(t.app, await createAdmin(t.app));
    expect((await call(null, 'GET', URL)).statusCode).toBe(401);
    expect((await call(null, 'POST', URL, valid)).statusCode).toBe(401);
    for (const token of [client, admin]) {
      expect((await call(token, 'GET', URL)).statusCode).toBe(403);
      expect((await call(token, 'POST', URL, valid)).statusCode).toBe(403);
      expect((await call(token, 'PUT', `${URL}/${crypto.randomUUID()}`, valid)).statusCode).toBe(403);
      expect((await call(token, 'DELETE', `${URL}/${crypto.randomUUID()}`)).statusCode).toBe(403);
    }
  });

  it('keeps at most 20: the 21st is 409 in Spanish, and one more fits after a delete', async () => {
    const token = await lawyerToken();
    const made = await Promise.all(
      Array.from({ length: ALERT_LIMITS.savedSearchesMax }, (_, i) =>
        call(token, 'POST', URL, { ...valid, name: `Búsqueda ${i + 1}` }),
      ),
    );
    expect(made.map((res) => res.statusCode)).toEqual(made.map(() => 200));
    const refused = await call(token, 'POST', URL, { ...valid, name: 'Una más' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(es.alerts.tooMany(ALERT_LIMITS.savedSearchesMax));
    await call(token, 'DELETE', `${URL}/${made[0]?.json().data.id}`);
    expect((await call(token, 'POST', URL, { ...valid, name: 'Una más' })).statusCode).toBe(200);
  });

  it('two requests at once past the limit make one search, not two', async () => {
    const token = await lawyerToken();
    for (let i = 0; i < ALERT_LIMITS.savedSearchesMax - 1; i++) await call(token, 'POST', URL, valid);
    const both = await Promise.all([call(token, 'POST', URL, valid), call(token, 'POST', URL, valid)]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect((await call(token, 'GET', URL)).json().data).toHaveLength(ALERT_LIMITS.savedSearchesMax);
  });

  it('refuses bad input with 400 in Spanish', async () => {
    const token = await lawyerToken();
    const cases: Array<[object, string]> = [
      [{ ...valid, category: 'Abogado Astrología' }, es.alerts.unknownCategory],
      [{ ...valid, frequency: 'weekly' }, es.alerts.badFrequency],
      [{ ...valid, frequency: undefined }, es.alerts.badFrequency],
      [{ ...valid, name: '   ' }, es.alerts.nameRequired],
      [{ ...valid, name: undefined }, es.alerts.nameRequired],
      [{ ...valid, name: 'x'.repeat(61) }, es.alerts.nameTooLong(ALERT_LIMITS.savedSearchNameMax)],
      [{ ...valid, search: 'x'.repeat(101) }, es.alerts.searchTooLong(ALERT_LIMITS.savedSearchWordsMax)],
    ];
    for (const [payload, message] of cases) {
      const res = await call(token, 'POST', URL, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const mine = (await call(token, 'POST', URL, valid)).json().data;
    expect((await call(token, 'PUT', `${URL}/${mine.id}`, { ...valid, frequency: 'nunca' })).statusCode).toBe(
      400,
    );
    // a malformed id names nothing, as everywhere in the API
    expect((await call(token, 'PUT', `${URL}/no-es-un-id`, valid)).statusCode).toBe(404);
    // an empty category is "every category"
    const any = await call(token, 'POST', URL, { ...valid, category: '' });
    expect(any.json().data.category).toBeNull();
  });
});
