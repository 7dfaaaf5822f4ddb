import { es } from '@l4l/shared/texts/es';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

type Window = { count: number; resetAt: number };

/**
 * A fixed-window counter per key (an IP, an account, a mail, a user), kept in memory: one limiter per
 * rule of docs/domain.md, Rate limits. In memory means per process; with several processes behind one balancer
 * each counts its own share, which is acceptable for abuse limits of this size.
 */
export class RateLimiter {
  readonly #windows = new Map<string, Window>();
  #lastSweep: number;

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#lastSweep = now();
  }

  /** Counts one attempt for the key and refuses it (429) when it goes over the limit. */
  consume(key: string): void {
    const window = this.#hit(key);
    if (window.count > this.max) throw this.#refusal(window);
  }

  /** Refuses (429) when the key has used up its attempts, without counting this one. */
  assertAllowed(key: string): void {
    const window = this.#current(key);
    if (window && window.count >= this.max) throw this.#refusal(window);
  }

  /** Counts one attempt without refusing; with `assertAllowed`, counts only failures. */
  hit(key: string): void {
    this.#hit(key);
  }

  reset(key: string): void {
    this.#windows.delete(key);
  }

  #current(key: string): Window | undefined {
    const window = this.#windows.get(key);
    return window && window.resetAt > this.now() ? window : undefined;
  }

  #hit(key: string): Window {
    this.#sweep();
    const window = this.#current(key) ?? { count: 0, resetAt: this.now() + this.windowMs };
    window.count += 1;
    this.#windows.set(key, window);
    return window;
  }

  /** Forgets expired windows once per window length, so memory follows the keys of one window. */
  #sweep(): void {
    const now = this.now();
    if (now - this.#lastSweep < this.windowMs) return;
    this.#lastSweep = now;
    for (const [key, window] of this.#windows) {
      if (window.resetAt <= now) this.#windows.delete(key);
    }
  }

  #refusal(window: Window): AppError {
    const seconds = Math.max(1, Math.ceil((window.resetAt - this.now()) / 1000));
    return new AppError('RATE_LIMITED', {
      message: es.rateLimit.retryIn(Math.ceil(seconds / 60)),
      extra: { retryAfter: seconds },
    });
  }
}

/** docs/domain.md, Rate limits: RATE_LIMIT_FACTOR multiplies every per-IP figure (never below one attempt). */
export function perIpMax(max: number, factor: number): number {
  return Math.max(1, Math.floor(max * factor));
}

/** A route hook counting every request of the caller's IP against the limiter. */
export function limitByIp(limiter: RateLimiter) {
  return async (request: FastifyRequest) => {
    limiter.consume(request.ip);
  };
}
