import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { DEFAULT_PASSWORD, uniqueMail } from '../../../test/factories.ts';

/**
 * The rate limits of docs/domain.md, Rate limits. RATE_LIMIT_FACTOR 0.05 turns the per-IP figures into 5 logins per 5 minutes,
 * 5 registrations and 1 recovery per hour, 1 registration check per 15 minutes; the per-mail figures stay as they are. Wrong passwords per
 * account and source are login-throttle.test.ts's.
 */
let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp({ rateLimitFactor: 0.05 });
});
afterAll(async () => t.close());

let ipCounter = 0;
const freshIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const login = (email: string, password: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

function expectRateLimited(res: Awaited<ReturnType<typeof login>>, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json().error.code).toBe('RATE_LIMITED');
  expect(res.json().error.message).toMatch(/^Demasiados intentos\. Vuelve a intentarlo dentro de/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('login', () => {
  it('limits the attempts of one IP (100 per 5 minutes times the factor)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await login(uniqueMail(), DEFAULT_PASSWORD, ip)).statusCode).toBe(404);
    expectRateLimited(await login(uniqueMail(), DEFAULT_PASSWORD, ip), 5 * 60);
    expect((await login(uniqueMail(), DEFAULT_PASSWORD)).statusCode).toBe(404);
  });
});

describe('registration', () => {
  it('limits one IP (100 per hour times the factor), counting refused attempts too', async () => {
    const ip = freshIp();
    const register = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/user/register', payload: {}, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await register()).statusCode).toBe(400);
    expectRateLimited(await register(), 3600);
    const lawyer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/lawyer/register',
      payload: {},
      remoteAddress: ip,
    });
    expect(lawyer.statusCode).toBe(429);
  });
});

describe('registration checks', () => {
  it('limits one IP (20 per 15 minutes times the factor), counting refused checks too', async () => {
    const ip = freshIp();
    const check = (mail: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register/check',
        payload: { mail, password: DEFAULT_PASSWORD },
        remoteAddress: ip,
      });
    expect((await check(uniqueMail())).statusCode).toBe(200);
    expectRateLimited(await check(uniqueMail()), 15 * 60);
  });
});

describe('password recovery', () => {
  const recover = (mail: string, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: `/api/auth/recover-password?email=${mail}`, remoteAddress: ip });

  it('sends at most 5 mails to one address per 30 minutes, whoever asks', async () => {
    const mail = uniqueMail();
    for (let i = 0; i < 5; i++) expect((await recover(mail)).statusCode).toBe(200);
    expectRateLimited(await recover(mail), 30 * 60);
    expect((await recover(uniqueMail())).statusCode).toBe(200);
  });

  it('limits one IP (30 per hour times the factor)', async () => {
    const ip = freshIp();
    expect((await recover(uniqueMail(), ip)).statusCode).toBe(200);
    expectRateLimited(await recover(uniqueMail(), ip), 3600);
  });
});

describe('default factor', () => {
  it('lets one IP try 100 logins in 5 minutes, not 101', async () => {
    const plain = await buildTestApp();
    try {
      const attempt = () =>
        plain.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: uniqueMail(), password: DEFAULT_PASSWORD },
          remoteAddress: '10.9.9.9',
        });
      for (let i = 0; i < 100; i++) expect((await attempt()).statusCode).toBe(404);
      expect((await attempt()).statusCode).toBe(429);
    } finally {
      await plain.close();
    }
  });
});
