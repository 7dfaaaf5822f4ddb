import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { HEALTH_DB_WAIT_MS } from './health.routes.ts';

describe('GET /api/health', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answers 200 with the database status when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', db: 'ok' } });
  });

  it('sends security headers and no-store on API answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
    // HSTS only when the public origin is https
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers an unknown API path with the 404 envelope in Spanish', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'No hemos encontrado lo que buscas.' },
    });
  });

  it('answers /api/health/live and /api/health/ready while the database answers', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ data: { status: 'ok' } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ data: { status: 'ok', db: 'ok', storage: 'ok', mail: 'ok' } });
  });

  it('answers 503 with Retry-After when the database stops answering; live still 200', async () => {
    const other = await buildTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'El servicio no está disponible en este momento.',
      db: 'error',
    });
    expect(res.headers['retry-after']).toBe('5');
    const ready = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.checks).toMatchObject({ db: 'error' });
    expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await other.app.close();
  });

  it('answers within its deadline when the database never answers, sharing one ping', async () => {
    const other = await buildTestApp();
    let pings = 0;
    // a database that hangs: its ping never settles
    other.app.database.ping = () => {
      pings++;
      return new Promise(() => {});
    };
    const started = performance.now();
    const answers = await Promise.all(
      ['/api/health', '/api/health/ready', '/api/health', '/api/health/ready'].map((url) =>
        other.app.inject({ method: 'GET', url }),
      ),
    );
    const elapsed = performance.now() - started;
    expect(answers.map((res) => res.statusCode)).toEqual([503, 503, 503, 503]);
    expect(answers[1]?.json().error.checks).toMatchObject({ db: 'timeout' });
    expect(elapsed).toBeGreaterThanOrEqual(HEALTH_DB_WAIT_MS - 50);
    expect(elapsed).toBeLessThan(2_000);
    expect(pings).toBe(1);
    await other.close();
  });

  it('asks every registered check for readiness and names the one that fails', async () => {
    const other = await buildTestApp();
    let storage: 'up' | 'down' = 'up';
    // a feature's check (a search index here): resolves when it can serve, rejects when not
    other.app.readiness.register('search', async () => {
      if (storage === 'down') throw new Error('bucket unreachable');
    });
    const ready = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      data: { status: 'ok', db: 'ok', storage: 'ok', mail: 'ok', search: 'ok' },
    });
    storage = 'down';
    const failing = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(failing.statusCode).toBe(503);
    expect(failing.json().error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'El servicio no está disponible en este momento.',
      checks: { db: 'ok', storage: 'ok', mail: 'ok', search: 'error' },
    });
    // /api/health keeps answering for the database alone
    expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await other.close();
  });

  it('is not ready while the configured Redis does not answer', async () => {
    // nothing listens on port 9: every Redis command fails at once
    const other = await buildTestApp({}, { REDIS_URL: 'redis://127.0.0.1:9' });
    const ready = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().error.checks).toEqual({ redis: 'error', db: 'ok', storage: 'ok', mail: 'ok' });
    expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await other.close();
  });

  it.skipIf(!process.env.REDIS_URL)('is ready with a Redis that answers', async () => {
    const other = await buildTestApp(
      {},
      { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: 'l4l-test-ready' },
    );
    const ready = await other.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json()).toEqual({
      data: { status: 'ok', db: 'ok', redis: 'ok', storage: 'ok', mail: 'ok' },
    });
    await other.close();
  });
});
