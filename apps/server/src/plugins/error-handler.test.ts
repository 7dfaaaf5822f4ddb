import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { bearer, createAdmin, createUser, signIn } from '../../test/factories.ts';

/**
 * docs/api/http.md, Conventions: ids are opaque to a client, and an id the caller may not see is 404 (its existence is not
 * revealed). An id that is not even well-formed names nothing either: 404 like any unknown one, not 400.
 */
describe('ids in the path that name nothing', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let client: string;
  let admin: string;
  beforeAll(async () => {
    t = await buildTestApp();
    client = await signIn(t.app, await createUser(t.app));
    admin = await signIn(t.app, await createAdmin(t.app));
  });
  afterAll(async () => t.close());

  const notFound = { error: { code: 'NOT_FOUND', message: 'No hemos encontrado lo que buscas.' } };

  it('answers 404 for a malformed case, proposal, chat or user id, as for an unknown one', async () => {
    const calls: Array<[string, string, string]> = [
      ['GET', '/api/cases/user/case/no-existe', client],
      ['GET', '/api/cases/user/case/12345', client],
      ['POST', '/api/proposal/accept-proposal/abc', client],
      ['POST', '/api/cases/confirm-close-case/abc/def', client],
      ['GET', '/api/lawyers/lawyer/detail/999', client],
      ['GET', '/api/user/profile/no-existe', admin],
      ['POST', '/api/admin/lawyers/no-existe/verify', admin],
    ];
    for (const [method, url, token] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: bearer(token) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual(notFound);
    }
  });

  it('still answers 403 for another user’s id and 401 without a session, before looking at its form', async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/user/profile/no-existe',
      headers: bearer(client),
    });
    expect(other.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/cases/user/case/no-existe' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps 400 with the fields for an invalid body or query', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/lawyers?page=0', headers: bearer(client) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('page');
  });
});

describe('a database that cannot answer', () => {
  it('answers the API with 503 and Retry-After in the envelope, not 500', async () => {
    const t = await buildTestApp();
    const client = await createUser(t.app);
    const token = await signIn(t.app, client);
    await t.database.close();
    for (const [method, url, headers] of [
      ['GET', `/api/cases/user/${client.id}`, bearer(token)],
      ['POST', '/api/auth/login', {}],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers,
        ...(method === 'POST' ? { payload: { email: client.mail, password: 'Toga-Martillo-2024' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'El servicio no está disponible en este momento.' },
      });
    }
    await t.app.close();
  });
});
