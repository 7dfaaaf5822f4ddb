import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { perIpMax, RateLimiter } from './rate-limiter.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const refusal = (work: () => void) => {
  try {
    work();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('not refused');
};

describe('RateLimiter', () => {
  it('lets max attempts through per window and key, then refuses with 429 and the seconds left', () => {
    const time = clock();
    const limiter = new RateLimiter(3, 60_000, time.now);
    for (let i = 0; i < 3; i++) limiter.consume('a');
    time.advance(15_000);
    const error = refusal(() => limiter.consume('a'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', statusCode: 429, extra: { retryAfter: 45 } });
    expect(error.message).toBe('Demasiados intentos. Vuelve a intentarlo dentro de un minuto.');
    limiter.consume('b'); // another key has its own count
    time.advance(45_000);
    limiter.consume('a'); // a new window
  });

  it('counts only what `hit` records when used with assertAllowed', () => {
    const limiter = new RateLimiter(2, 60_000);
    limiter.assertAllowed('x');
    limiter.hit('x');
    limiter.assertAllowed('x');
    limiter.hit('x');
    expect(refusal(() => limiter.assertAllowed('x')).code).toBe('RATE_LIMITED');
    limiter.reset('x');
    limiter.assertAllowed('x');
  });

  it('says the wait in minutes, rounded up', () => {
    const limiter = new RateLimiter(1, 15 * 60_000);
    limiter.hit('k');
    expect(refusal(() => limiter.assertAllowed('k')).message).toBe(
      'Demasiados intentos. Vuelve a intentarlo dentro de 15 minutos.',
    );
  });

  it('forgets expired windows', () => {
    const time = clock();
    const limiter = new RateLimiter(1, 1000, time.now);
    for (let i = 0; i < 100; i++) limiter.hit(`key-${i}`);
    time.advance(2000);
    limiter.hit('fresh');
    limiter.assertAllowed('key-1');
  });
});

describe('perIpMax', () => {
  it('multiplies by the factor, never below one', () => {
    expect(perIpMax(100, 1)).toBe(100);
    expect(perIpMax(100, 2.5)).toBe(250);
    expect(perIpMax(30, 0.05)).toBe(1);
    expect(perIpMax(30, 0.001)).toBe(1);
  });
});
