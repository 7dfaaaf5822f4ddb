import { es } from '@l4l/shared/texts/es';
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

export class LoginThrottle {
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
    const free = episode.failures > LOGIN_THROTTLE.ACCOUNT_CEILING ? 1 : LOGIN_THROTTLE.FREE_FAILURES;
    if (state.failures < free) return 0;
    const doublings = Math.min(state.failures - free, 30);
    return Math.min(1000 * 2 ** doublings, LOGIN_THROTTLE.MAX_DELAY_MS);
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
