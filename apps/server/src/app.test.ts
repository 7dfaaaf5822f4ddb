import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app.ts';

/**
 * Who the client is, for every per-IP limit: the socket's address, unless TRUST_PROXY names the proxy
 * the request came through. A forged X-Forwarded-For from anyone else changes nothing.
 */
type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** Six login attempts (the limit here is five per address), each claiming to come from `forwardedFor(i)`. */
async function attempts(t: TestApp, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-forwarded-for': forwardedFor(i) },
      payload: {},
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY unset, in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    // RATE_LIMIT_FACTOR 0.05: five login attempts per address
    t = await buildTestApp(
      { rateLimitFactor: 0.05 },
      { NODE_ENV: 'production', ALLOW_SANDBOX_PAYMENTS: 'true' },
    );
  });
  afterAll(async () => t.close());

  it('ignores a forged X-Forwarded-For: a new address per request does not escape the login limit', async () => {
    const statuses = await attempts(t, (i) => `203.0.113.${i + 1}`);
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
  });
});

describe('TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    // the test's requests come from 127.0.0.1, the proxy here
    t = await buildTestApp({ rateLimitFactor: 0.05 }, { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('believes X-Forwarded-For from it: each client has its own limit', async () => {
    expect(await attempts(t, (i) => `198.51.100.${i + 1}`)).toEqual([400, 400, 400, 400, 400, 400]);
    const same = await attempts(t, () => '198.51.100.200');
    expect(same.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(same[5]).toBe(429);
  });
});
