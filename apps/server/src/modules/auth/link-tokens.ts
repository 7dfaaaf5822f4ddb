import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The tokens of the links the accounts mail (password reset, mail change, address verification) and of an
 * administrator's second step: the database keeps only their SHA-256, so a copy of it opens no link.
 */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh token: 32 random bytes (256 bits) as base64url, its hash, and when it stops working. */
export function newLinkToken(ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: tokenHash(token), expiresAt: new Date(Date.now() + ttlMs) };
}

/**
 * Tokens derived from a random row id with a key of the app's secret (HMAC-SHA256, 256 bits as base64url):
 * a mail sent later through the outbox rebuilds its link from the row, and the database still holds only
 * the hash. Without the secret, a copy of the database opens no link.
 */
export function derivedLinkTokens(secret: string, purpose: string): (id: string) => string {
  const key = createHmac('sha256', secret).update(`l4l:${purpose}`).digest();
  return (id) => createHmac('sha256', key).update(id).digest('base64url');
}
