import { Secret, TOTP } from 'otpauth';

/**
 * docs/api/http.md, Auth: the administrators' second factor is TOTP as RFC 6238 fixes it (SHA-1, 6 digits,
 * 30-second steps), with one step of clock drift accepted either way. `otpauth` does the arithmetic.
 */
export const TOTP_ISSUER = 'L4L';
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

function totpOf(secret: string, label = '') {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, RFC 4226's recommended length), base32 as authenticator apps read it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` URL an authenticator app scans (as a QR code) to enrol the secret. */
export function otpauthUrl(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** The code for the given moment (tests, `npm run admin:totp`). */
export function totpCode(secret: string, at = Date.now()): string {
  return totpOf(secret).generate({ timestamp: at });
}

/**
 * The time step the code belongs to when it is right (the current step, or one either side), else null.
 * The caller refuses a step it has already accepted, so a code is never good twice.
 */
export function matchingTotpStep(secret: string, code: string, at = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at, window: DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(at / 1000 / PERIOD_SECONDS) + delta;
}
