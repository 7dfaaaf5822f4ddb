import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { bearer, createAdmin, createUser, signIn } from '../../test/factories.ts';

/**
 * docs/api/http.md, Conventions: JSON in (`Content-Type: application/json`), 415 for a wrong media type. A client
 * written from docs/api/http.md sends that header on every call, including the actions that carry no body.
 */
describe('request bodies', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const json = { 'content-type': 'application/json' };

  it('takes an empty body sent as JSON as no body on an action without one', async () => {
    const client = await createUser(t.app);
    const recover = await t.app.inject({
      method: 'POST',
      url: `/api/auth/recover-password?email=${encodeURIComponent(client.mail)}`,
      headers: json,
    });
    expect(recover.statusCode).toBe(200);
    expect(recover.json()).toEqual({ data: null });

    const admin = await createAdmin(t.app);
    const token = await signIn(t.app, admin);
    const ban = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${client.id}/ban`,
      headers: { ...json, ...bearer(token) },
      payload: '',
    });
    expect(ban.statusCode).toBe(200);
    expect(ban.json().data.banned).toBe(true);
  });

  it('answers an empty JSON body where one is required with the fields that are missing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: json });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
  });

  it('still refuses malformed JSON and prototype poisoning with 400', async () => {
    for (const payload of ['{bad', '{"__proto__":{"x":1},"email":"a@b.es","password":"x"}']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: json, payload });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('answers a text body with 415, a wrong media type', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: '{"email":"a@b.es","password":"x"}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
