import { es } from '@l4l/shared/texts/es/public';
import { isApiError } from '../../../lib/api-client.ts';

/** The legacy `error.status` values of the login answer (docs/api/http.md, Errors). */
export const BANNED_STATUS = 69;
export const LAWYER_NOT_VERIFIED_STATUS = 420;

/**
 * docs/product.md, Login: which message a failed login shows. The body's status wins over the HTTP status
 * (a banned user and an unverified lawyer both answer 403), with the reason the answer gives: a banned user
 * reads why and where to write, a rejected lawyer why and how to apply again. A time-out reads as wrong
 * credentials.
 */
/** A refusal of the account itself (banned, or a lawyer not verified or rejected), not of the password. */
export function isAccountRefusal(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.bodyStatus === BANNED_STATUS || error.bodyStatus === LAWYER_NOT_VERIFIED_STATUS)
  );
}

export function loginErrorMessage(error: unknown): string {
  if (!isApiError(error)) return es.login.connectionError;
  const { reason, contact, rejected } = error.details;
  const why = typeof reason === 'string' && reason.trim() ? reason.trim() : undefined;
  if (error.bodyStatus === BANNED_STATUS) {
    return es.login.bannedBecause(why, typeof contact === 'string' ? contact : es.footer.supportMail);
  }
  if (error.bodyStatus === LAWYER_NOT_VERIFIED_STATUS) {
    return rejected === true
      ? es.login.lawyerRejected(why, es.footer.supportMail)
      : es.login.lawyerNotVerified;
  }
  if (error.isTimeout || error.status === 401) return es.login.badCredentials;
  if (error.status === 404) return es.login.userNotFound;
  // a rate limit has its own advice to give (wait and retry), which is more useful than a generic one
  if (error.status === 429) return error.message;
  return es.login.connectionError;
}
