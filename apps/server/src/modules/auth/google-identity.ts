import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { AppError } from '../../lib/app-error.ts';

export type GoogleIdentity = {
  sub: string;
  mail: string;
  name: string;
  surname: string;
  /** the Google profile picture, when it is served from Google's image host */
  photoUrl: string | null;
};

const ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

const refused = () => new AppError('BAD_CREDENTIALS', { message: es.login.googleFailed });

function pictureOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.endsWith('.googleusercontent.com') ? value : null;
  } catch {
    return null;
  }
}

/** The key set could not be fetched or read (network, status, JSON): Google's side, not the token. */
function keySetUnavailable(err: unknown): boolean {
  if (!(err instanceof errors.JOSEError)) return true;
  return (
    err instanceof errors.JWKSTimeout || err instanceof errors.JWKSInvalid || err.code === 'ERR_JOSE_GENERIC'
  );
}

/**
 * Verifies a Google ID token as Google documents it: RS256 signature by one of the keys Google publishes
 * (fetched and cached by jose), `aud` our client id, `iss` Google, not expired, and a verified mail.
 * A bad token answers 401; Google's key set out of reach answers 503.
 */
export function createGoogleVerifier(options: { clientId: string; jwksUrl: string }) {
  const keys = createRemoteJWKSet(new URL(options.jwksUrl));
  return async (credential: string): Promise<GoogleIdentity> => {
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(credential, keys, {
        algorithms: ['RS256'],
        audience: options.clientId,
        issuer: ISSUERS,
      }));
    } catch (err) {
      if (keySetUnavailable(err)) {
        throw new AppError('SERVICE_UNAVAILABLE', { message: es.login.googleUnavailable });
      }
      throw refused();
    }
    const { sub, email, email_verified: verified } = claims;
    if (typeof sub !== 'string' || typeof email !== 'string' || (verified !== true && verified !== 'true')) {
      throw refused();
    }
    const mail = email.trim().toLowerCase();
    const fallbackName = typeof claims.name === 'string' ? claims.name : (mail.split('@')[0] ?? '');
    const text = (value: unknown, fallback = '') =>
      (typeof value === 'string' && value.trim() ? value.trim() : fallback).slice(0, LIMITS.nameMax);
    return {
      sub,
      mail,
      name: text(claims.given_name, fallbackName),
      surname: text(claims.family_name),
      photoUrl: pictureOf(claims.picture),
    };
  };
}
