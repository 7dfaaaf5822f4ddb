import { es } from '@l4l/shared/texts/es';
import type { Redis } from 'ioredis';
import { AppError } from '../../lib/app-error.ts';

/**
 * Wrong passwords are slowed per account AND source (docs/decisions/0004-accounts-and-rate-limits.md),
 * never counted against the account alone: a hard lock per account let anyone lock anyone out, the
 * administrator included, with ten wrong passwords.
 *
 * - A source (IP) gets FREE_FAILURES wrong passwords on an account; after that it must wait 1 s, 2 s,
 *   4 s… (at most MAX_DELAY_MS) after each further failure before its next try on that account.
 *   Another source, the owner's, is not slowed: its correct password signs in.
 * - Every failure on the account counts towards ACCOUNT_CEILING; above it (an attack from many
 *   sources), each source gets one free failure instead of FREE_FAILURES, so a distributed attack is
 *   slowed too while a clean source still signs in.
 * - An episode ends EPISODE_IDLE_MS after the account's last failure; its owner is told once per
 *   episode, when the first source starts to wait.
 */
export const LOGIN_THROTTLE = {
  FREE_FAILURES: 5,
  MAX_DELAY_MS: 5 * 60_000,
  ACCOUNT_CEILING: 500,
  EPISODE_IDLE_MS: 15 * 60_000,
} as const;

type SourceState = { failures: number; lastFailureAt: number };
type Episode = {
  failures: number;
  lastFailureAt: number;
  notified: boolean;
  sources: Map<string, SourceState>;
};

/** What one failure led to: `throttled` once its source has to wait, `notify` the first time per episode. */
export type FailureOutcome = { throttled: boolean; notify: boolean };

/** The throttle's rules, whatever keeps its state (this process's memory, or Redis for every process). */
export interface Throttle {
  assertAllowed(accountId: string, source: string): void | Promise<void>;
  fail(accountId: string, source: string): FailureOutcome | Promise<FailureOutcome>;
  succeed(accountId: string, source: string): void | Promise<void>;
  forget(accountId: string): void | Promise<void>;
}

/** How long a source waits after its last failure, given the account's and the source's failures. */
function delayMs(accountFailures: number, sourceFailures: number): number {
  const free = accountFailures > LOGIN_THROTTLE.ACCOUNT_CEILING ? 1 : LOGIN_THROTTLE.FREE_FAILURES;
  if (sourceFailures < free) return 0;
  const doublings = Math.min(sourceFailures - free, 30);
  return Math.min(1000 * 2 ** doublings, LOGIN_THROTTLE.MAX_DELAY_MS);
}

/** The throttle in this process's memory: one process, or several without Redis (each its own). */
export class LoginThrottle implements Throttle {
  readonly #episodes = new Map<string, Episode>();
  #lastSweep: number;

  constructor(private readonly now: () => number = Date.now) {
    this.#lastSweep = now();
  }

  /** Refuses (429, Retry-After) a try from a source that still has to wait on this account. */
  assertAllowed(accountId: string, source: string): void {
    const episode = this.#episode(accountId);
    const state = episode?.sources.get(source);
    if (!episode || !state) return;
    const waitMs = state.lastFailureAt + this.#delayMs(episode, state) - this.now();
    if (waitMs > 0) throw refusal(waitMs);
  }

  /** Counts a wrong password of the source on the account. */
  fail(accountId: string, source: string): FailureOutcome {
    this.#sweep();
    const now = this.now();
    const episode = this.#episode(accountId) ?? {
      failures: 0,
      lastFailureAt: now,
      notified: false,
      sources: new Map<string, SourceState>(),
    };
    const state = episode.sources.get(source) ?? { failures: 0, lastFailureAt: now };
    state.failures += 1;
    state.lastFailureAt = now;
    episode.failures += 1;
    episode.lastFailureAt = now;
    episode.sources.set(source, state);
    this.#episodes.set(accountId, episode);
    const throttled = this.#delayMs(episode, state) > 0;
    const notify = throttled && !episode.notified;
    if (notify) episode.notified = true;
    return { throttled, notify };
  }

  /** A correct password: that source starts afresh (the episode and other sources go on). */
  succeed(accountId: string, source: string): void {
    this.#episode(accountId)?.sources.delete(source);
  }

  /** A new password (reset): every source starts afresh and the episode ends. */
  forget(accountId: string): void {
    this.#episodes.delete(accountId);
  }

  #delayMs(episode: Episode, state: SourceState): number {
    return delayMs(episode.failures, state.failures);
  }

  #episode(accountId: string): Episode | undefined {
    const episode = this.#episodes.get(accountId);
    if (!episode) return undefined;
    if (this.now() - episode.lastFailureAt < LOGIN_THROTTLE.EPISODE_IDLE_MS) return episode;
    this.#episodes.delete(accountId);
    return undefined;
  }

  /** Forgets ended episodes once per idle period, so memory follows the accounts under attack. */
  #sweep(): void {
    const now = this.now();
    if (now - this.#lastSweep < LOGIN_THROTTLE.EPISODE_IDLE_MS) return;
    this.#lastSweep = now;
    for (const [accountId, episode] of this.#episodes) {
      if (now - episode.lastFailureAt >= LOGIN_THROTTLE.EPISODE_IDLE_MS) this.#episodes.delete(accountId);
    }
  }
}

function refusal(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('RATE_LIMITED', {
    message:
      seconds < 60 ? es.rateLimit.retryInSeconds(seconds) : es.rateLimit.retryIn(Math.ceil(seconds / 60)),
    extra: { retryAfter: seconds },
  });
}

/**
 * The same throttle in Redis, one hash per account under attack (`<prefix>:<accountId>`: the account's
 * failures, each source's failures and last failure, whether the owner was told), living
 * EPISODE_IDLE_MS after its last failure: every process behind the balancer slows the same sources.
 * While Redis does not answer, this process's own memory throttles instead.
 */
export class RedisLoginThrottle implements Throttle {
  readonly #fallback: LoginThrottle;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {
    this.#fallback = new LoginThrottle(now);
  }

  async assertAllowed(accountId: string, source: string): Promise<void> {
    let state: Array<string | null>;
    try {
      state = await this.redis.hmget(this.#key(accountId), 'failures', `f:${source}`, `t:${source}`);
    } catch {
      return this.#fallback.assertAllowed(accountId, source);
    }
    const [failures, sourceFailures, lastFailureAt] = state.map(Number);
    if (!sourceFailures || !lastFailureAt) return;
    const waitMs = lastFailureAt + delayMs(failures ?? 0, sourceFailures) - this.now();
    if (waitMs > 0) throw refusal(waitMs);
  }

  async fail(accountId: string, source: string): Promise<FailureOutcome> {
    const key = this.#key(accountId);
    try {
      const replies = await this.redis
        .multi()
        .hincrby(key, 'failures', 1)
        .hincrby(key, `f:${source}`, 1)
        .hset(key, `t:${source}`, String(this.now()))
        .pexpire(key, LOGIN_THROTTLE.EPISODE_IDLE_MS)
        .exec();
      const [failures, sourceFailures] = [Number(replies?.[0]?.[1]), Number(replies?.[1]?.[1])];
      const throttled = delayMs(failures, sourceFailures) > 0;
      // the first process to mark the episode tells the owner, once
      const notify = throttled && (await this.redis.hsetnx(key, 'notified', '1')) === 1;
      return { throttled, notify };
    } catch {
      return this.#fallback.fail(accountId, source);
    }
  }

  async succeed(accountId: string, source: string): Promise<void> {
    this.#fallback.succeed(accountId, source);
    await this.redis.hdel(this.#key(accountId), `f:${source}`, `t:${source}`).catch(() => {});
  }

  async forget(accountId: string): Promise<void> {
    this.#fallback.forget(accountId);
    await this.redis.del(this.#key(accountId)).catch(() => {});
  }

  #key(accountId: string): string {
    return `${this.prefix}:${accountId}`;
  }
}
