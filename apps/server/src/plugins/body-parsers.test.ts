import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { bearer, createAdmin, createUser, signIn } from '../../test/factories.ts';

/**
 * docs/api/http.md, Conventions: JSON in (`Content-Type: application/json`), 415 for a wrong media type. A client
 * written from docs/api/http.md sends that header on every call, including the actions that carry no body.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const json = { 'content-type': 'application/json' };

describe('request bodies', () => {
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

/**
 * Body limits sized to what each route takes: a few KiB everywhere, the image routes the size of a
 * 5 MB picture in a data URL. A public route does not buffer megabytes for anyone who sends them.
 */
describe('request body limits', () => {
  const tooLarge = {
    error: { code: 'PAYLOAD_TOO_LARGE', message: 'La petición es demasiado grande.' },
  };

  it('refuses an oversized body on a public route at once with 413 in the envelope', async () => {
    const body = JSON.stringify({ password: 'x'.repeat(6_600_000) });
    for (const url of ['/api/auth/update-password?token=abc', '/api/auth/login', '/api/auth/user/register']) {
      const started = performance.now();
      const res = await t.app.inject({ method: 'POST', url, headers: json, payload: body });
      expect(res.statusCode, url).toBe(413);
      expect(res.json()).toEqual(tooLarge);
      expect(performance.now() - started, url).toBeLessThan(1_000);
    }
    // 17 KiB is already more than any of these routes takes
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: json,
      payload: JSON.stringify({ email: 'a@b.es', password: 'x'.repeat(17 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('takes a picture of several MB where the route takes an image', async () => {
    const client = await createUser(t.app);
    const token = await signIn(t.app, client);
    const image = `data:image/png;base64,${Buffer.alloc(4 * 1024 * 1024, 7).toString('base64')}`;
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/user/profile/photo',
      headers: { ...json, ...bearer(token) },
      payload: JSON.stringify({ id: client.id, image, role: 'USUARIO' }),
    });
    // read and judged by its content (not a PNG), not refused for its size
    expect(photo.statusCode).not.toBe(413);
    expect(photo.statusCode).toBeLessThan(500);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/lawyer/register',
      headers: json,
      payload: JSON.stringify({ lawyerPhoto: image }),
    });
    expect(register.statusCode).toBe(400);
  });
});
