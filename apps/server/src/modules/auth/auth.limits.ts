import { createLimiter, type LimiterStore, perIpMax } from '../../lib/rate-limiter.ts';
import { LoginThrottle, RedisLoginThrottle, type Throttle } from './login-throttle.ts';

const MINUTE = 60_000;

/**
 * The accounts' rate limits (docs/domain.md, Rate limits), in one place. Per-IP figures are multiplied by RATE_LIMIT_FACTOR;
 * per-account and per-mail ones are not. With Redis (`store`) every process spends the same budgets; without
 * it, one set per app instance.
 */
export function createAuthLimits(factor: number, store?: LimiterStore) {
  const limiter = (name: string, max: number, windowMs: number) =>
    createLimiter(store, `auth:${name}`, max, windowMs);
  const passwordFailures: Throttle = store
    ? new RedisLoginThrottle(store.redis, `${store.prefix}:ratelimit:auth:password-failures`)
    : new LoginThrottle();
  return {
    /** wrong passwords per account and source: growing waits, never a lock of the account (login-throttle.ts) */
    passwordFailures,
    /** login attempts of one IP: 100 per 5 minutes */
    loginByIp: limiter('login-by-ip', perIpMax(100, factor), 5 * MINUTE),
    /** registrations of one IP: 100 per hour */
    registrationByIp: limiter('registration-by-ip', perIpMax(100, factor), 60 * MINUTE),
    /**
     * (+) the registration wizard's checks of a mail and password, from one IP: 20 per 15 minutes, slower
     * than the registrations themselves can tell a taken mail (ADR 0004, Registration checks)
     */
    registrationCheckByIp: limiter('registration-check-by-ip', perIpMax(20, factor), 15 * MINUTE),
    /** recovery mails asked for one address: 5 per 30 minutes */
    recoveryByMail: limiter('recovery-by-mail', 5, 30 * MINUTE),
    /** recovery requests of one IP: 30 per hour */
    recoveryByIp: limiter('recovery-by-ip', perIpMax(30, factor), 60 * MINUTE),
    /** mail-change confirmations of one IP: 30 per hour (a link is 256 random bits: this only bounds the work) */
    mailConfirmationByIp: limiter('mail-confirmation-by-ip', perIpMax(30, factor), 60 * MINUTE),
    /** address-verification mails one account asks for again: 3 per hour */
    verificationMailsByAccount: limiter('verification-mails-by-account', 3, 60 * MINUTE),
    /** wrong second-factor codes of one administrator: 5 per 15 minutes (a code has 10^6 values) */
    mfaFailuresByAccount: limiter('mfa-failures-by-account', 5, 15 * MINUTE),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
