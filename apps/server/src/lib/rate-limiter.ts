import { es } from '@l4l/shared/texts/es';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from './app-error.ts';

/**
 * One limit of docs/domain.md, Rate limits, whatever keeps its counts: this process's memory
 * (`RateLimiter`) or Redis, shared by every process (`RedisRateLimiter`). Callers always await.
 */
export interface Limiter {
  /** counts one attempt for the key and refuses it (429) when it goes over the limit */
  consume(key: string): void | Promise<void>;
  /** refuses (429) when the key has used up its attempts, without counting this one */
  assertAllowed(key: string): void | Promise<void>;
  /** counts one attempt without refusing; with `assertAllowed`, counts only failures */
  hit(key: string): void | Promise<void>;
  reset(key: string): void | Promise<void>;
}

/** Where limits keep their counts: Redis under `<prefix>:ratelimit:<name>:` when configured, else memory. */
export type LimiterStore = { redis: Redis; prefix: string } | undefined;

export type LimiterOptions = {
  /**
   * false: `consume` never waits for Redis (RedisRateLimiter below), for a caller that must answer at
   * once whatever Redis does (the chat's SEND, docs/decisions/0009-chat-delivery-under-faults.md)
   */
  waitForRedis?: boolean;
};

/** A limiter named `name` (its Redis keys), `max` attempts per `windowMs` per key. */
export function createLimiter(
  store: LimiterStore,
  name: string,
  max: number,
  windowMs: number,
  options: LimiterOptions = {},
): Limiter {
  return store
    ? new RedisRateLimiter(store.redis, `${store.prefix}:ratelimit:${name}`, max, windowMs, options)
    : new RateLimiter(max, windowMs);
}

type Window = { count: number; resetAt: number };

/**
 * A fixed-window counter per key (an IP, an account, a mail, a user), kept in memory: one limiter per
 * rule of docs/domain.md, Rate limits. In memory means per process: the limits of a single process, or of
 * several while Redis is not configured (then each counts its own share).
 */
export class RateLimiter implements Limiter {
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
    return refusalFor(window.resetAt - this.now());
  }
}

function refusalFor(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('RATE_LIMITED', {
    message: es.rateLimit.retryIn(Math.ceil(seconds / 60)),
    extra: { retryAfter: seconds },
  });
}

/** `waitForRedis: false`: this process's own count, and until when Redis found each key over the limit */
type LocalCounts = { counts: RateLimiter; refusedUntil: Map<string, number> };

/**
 * The same fixed window kept in Redis (rate-limiter-flexible), so every process behind the balancer
 * spends one budget. While Redis does not answer, each process falls back to a window in its own memory
 * (the library's insurance limiter): limits stay, per process, rather than refusing everyone or no one.
 *
 * A command that Redis leaves unanswered waits for its timeout (plugins/redis.ts) before that fallback.
 * With `waitForRedis: false`, `consume` never waits: each attempt is counted in this process's memory at
 * once and in Redis behind it, and a key Redis finds over the limit is refused here until its window ends.
 * Every process still spends one budget, give or take the one attempt per process that Redis had not yet
 * counted when it was let through.
 */
export class RedisRateLimiter implements Limiter {
  readonly #limiter: RateLimiterRedis;
  readonly #local: LocalCounts | undefined;

  constructor(
    redis: Redis,
    keyPrefix: string,
    readonly max: number,
    windowMs: number,
    options: LimiterOptions = {},
  ) {
    const duration = Math.max(1, Math.ceil(windowMs / 1000));
    this.#limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points: max,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points: max, duration }),
    });
    if (options.waitForRedis === false) {
      this.#local = { counts: new RateLimiter(max, windowMs), refusedUntil: new Map() };
    }
  }

  async consume(key: string): Promise<void> {
    if (this.#local) return this.#consumeWithoutWaiting(this.#local, key);
    try {
      await this.#limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw refusalFor(error.msBeforeNext);
      throw error;
    }
  }

  async assertAllowed(key: string): Promise<void> {
    const state = await this.#limiter.get(key);
    if (state && state.consumedPoints >= this.max) throw refusalFor(state.msBeforeNext);
  }

  async hit(key: string): Promise<void> {
    await this.#limiter.penalty(key, 1);
  }

  async reset(key: string): Promise<void> {
    this.#local?.counts.reset(key);
    this.#local?.refusedUntil.delete(key);
    await this.#limiter.delete(key);
  }

  #consumeWithoutWaiting(local: LocalCounts, key: string): void {
    const now = Date.now();
    const until = local.refusedUntil.get(key);
    if (until !== undefined && until > now) throw refusalFor(until - now);
    local.counts.consume(key);
    this.#limiter.consume(key).then(
      () => local.refusedUntil.delete(key),
      (error: unknown) => {
        // over the shared limit: refused here from the next attempt on. Any other failure (Redis away, its
        // fallback failing too) leaves this process's own count in charge.
        if (!(error instanceof RateLimiterRes)) return;
        for (const [other, end] of local.refusedUntil) if (end <= now) local.refusedUntil.delete(other);
        local.refusedUntil.set(key, Date.now() + error.msBeforeNext);
      },
    );
  }
}

/** docs/domain.md, Rate limits: RATE_LIMIT_FACTOR multiplies every per-IP figure (never below one attempt). */
export function perIpMax(max: number, factor: number): number {
  return Math.max(1, Math.floor(max * factor));
}

/** A route hook counting every request of the caller's IP against the limiter. */
export function limitByIp(limiter: Limiter) {
  return async (request: FastifyRequest) => {
    await limiter.consume(request.ip);
  };
}
