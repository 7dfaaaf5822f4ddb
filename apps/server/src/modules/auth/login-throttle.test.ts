import { es } from '@l4l/shared/texts/es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createAdmin, createUser, signIn } from '../../../test/factories.ts';
import { decodeQuotedPrintable, sentMails } from '../../../test/outbox.ts';
import { AppError } from '../../lib/app-error.ts';
import { LOGIN_THROTTLE, LoginThrottle } from './login-throttle.ts';

/**
 * Wrong passwords slow the source that guesses on that account, never the account itself
 * (docs/decisions/0004-accounts-and-rate-limits.md): an attack cannot lock the owner out.
 */

describe('wrong passwords over HTTP', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  let ipCounter = 0;
  const freshIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const login = (email: string, password: string, ip = freshIp()) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  function expectWait(res: Awaited<ReturnType<typeof login>>, seconds: number) {
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({ code: 'RATE_LIMITED', message: es.rateLimit.retryInSeconds(seconds) });
    expect(res.headers['retry-after']).toBe(String(seconds));
  }

  it('slow the source that guesses, not the account: the owner (an administrator) still signs in', async () => {
    const admin = await createAdmin(t.app);
    const attacker = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 12; i++)
      answers.push((await login(admin.mail, 'Otra-Clave-99', attacker)).statusCode);
    // five free tries; after the fifth failure the source waits a second, and these come sooner
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    // the right password from that source waits too: the source does not learn whether it was right
    expectWait(await login(admin.mail, admin.password, attacker), 1);
    // the owner, from a source that has not failed, is let in (the second factor follows)
    const owner = await login(admin.mail, admin.password);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().data.mfaRequired).toBe(true);
  });

  it('tell the owner by mail once per episode, not once per attempt', async () => {
    const user = await createUser(t.app);
    const mailsTo = async () => (await sentMails(t.app)).filter((mail) => mail.raw.includes(user.mail));
    for (const source of [freshIp(), freshIp(), freshIp()]) {
      for (let i = 0; i < 7; i++) await login(user.mail, 'Otra-Clave-99', source);
    }
    const mails = await mailsTo();
    expect(mails).toHaveLength(1);
    const text = decodeQuotedPrintable(mails[0]?.raw ?? '');
    expect(text).toContain(es.mail.signInAttempts.subject);
    expect(text).toContain(es.mail.signInAttempts.advice);
    expect((await login(user.mail, user.password)).statusCode).toBe(200);
    expect(await mailsTo()).toHaveLength(1);
  });

  it('forget a source’s failures once it signs in', async () => {
    const user = await createUser(t.app);
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await login(user.mail, 'Otra-Clave-99', ip);
    expect((await login(user.mail, user.password, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(user.mail, 'Otra-Clave-99', ip)).statusCode).toBe(401);
  });

  it('slow a signed-in caller guessing the current password the same way', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const ip = freshIp();
    const change = (currentPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/change-password',
        headers: bearer(token),
        payload: { currentPassword, newPassword: 'Otra-Clave-Segura-2026' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 5; i++) expect((await change('Otra-Clave-99')).statusCode).toBe(401);
    const waiting = await change(user.password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
  });
});

describe('LoginThrottle', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };
  /** The wait (ms) a refusal asks for, or 0 when the try is allowed. */
  const waitOf = (throttle: LoginThrottle, account: string, source: string) => {
    try {
      throttle.assertAllowed(account, source);
      return 0;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return Number(error.extra?.retryAfter) * 1000;
    }
  };

  it('doubles the wait after each failure past the free ones, up to the cap', () => {
    const time = clock();
    const throttle = new LoginThrottle(time.now);
    const waits: number[] = [];
    for (let i = 0; i < 15; i++) {
      const wait = waitOf(throttle, 'a', 'ip');
      waits.push(wait);
      time.advance(wait);
      throttle.fail('a', 'ip');
    }
    expect(waits).toEqual([
      0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000,
    ]);
    expect(waitOf(throttle, 'a', 'other-ip')).toBe(0);
    expect(waitOf(throttle, 'b', 'ip')).toBe(0);
  });

  it('notifies once per episode; an episode ends after a quiet period', () => {
    const time = clock();
    const throttle = new LoginThrottle(time.now);
    const notices = () => {
      let count = 0;
      for (let i = 0; i < 8; i++) {
        time.advance(waitOf(throttle, 'a', 'ip'));
        if (throttle.fail('a', 'ip').notify) count += 1;
      }
      return count;
    };
    expect(notices()).toBe(1);
    expect(notices()).toBe(0);
    time.advance(LOGIN_THROTTLE.EPISODE_IDLE_MS);
    expect(waitOf(throttle, 'a', 'ip')).toBe(0);
    expect(notices()).toBe(1);
  });

  it('above the account ceiling, each new source gets one free failure, and a clean one still tries', () => {
    const throttle = new LoginThrottle(clock().now);
    for (let i = 0; i <= LOGIN_THROTTLE.ACCOUNT_CEILING; i++) throttle.fail('a', `ip-${i}`);
    expect(waitOf(throttle, 'a', 'ip-0')).toBe(1000);
    expect(waitOf(throttle, 'a', 'owner')).toBe(0);
    throttle.fail('a', 'fresh');
    expect(waitOf(throttle, 'a', 'fresh')).toBe(1000);
  });

  it('starts afresh after a new password', () => {
    const throttle = new LoginThrottle(clock().now);
    for (let i = 0; i < 6; i++) throttle.fail('a', 'ip');
    expect(waitOf(throttle, 'a', 'ip')).toBeGreaterThan(0);
    throttle.forget('a');
    expect(waitOf(throttle, 'a', 'ip')).toBe(0);
  });
});
