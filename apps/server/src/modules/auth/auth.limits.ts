import { perIpMax, RateLimiter } from '../../lib/rate-limiter.ts';
import { LoginThrottle } from './login-throttle.ts';

const MINUTE = 60_000;

/**
 * The accounts' rate limits (docs/domain.md, Rate limits), in one place. Per-IP figures are multiplied by RATE_LIMIT_FACTOR;
 * per-account and per-mail ones are not. One set per app instance.
 */
export function createAuthLimits(factor: number) {
  return {
    /** wrong passwords per account and source: growing waits, never a lock of the account (login-throttle.ts) */
    passwordFailures: new LoginThrottle(),
    /** login attempts of one IP: 100 per 5 minutes */
    loginByIp: new RateLimiter(perIpMax(100, factor), 5 * MINUTE),
    /** registrations of one IP: 100 per hour */
    registrationByIp: new RateLimiter(perIpMax(100, factor), 60 * MINUTE),
    /** recovery mails asked for one address: 5 per 30 minutes */
    recoveryByMail: new RateLimiter(5, 30 * MINUTE),
    /** recovery requests of one IP: 30 per hour */
    recoveryByIp: new RateLimiter(perIpMax(30, factor), 60 * MINUTE),
    /** mail-change confirmations of one IP: 30 per hour (a link is 256 random bits: this only bounds the work) */
    mailConfirmationByIp: new RateLimiter(perIpMax(30, factor), 60 * MINUTE),
    /** wrong second-factor codes of one administrator: 5 per 15 minutes (a code has 10^6 values) */
    mfaFailuresByAccount: new RateLimiter(5, 15 * MINUTE),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
