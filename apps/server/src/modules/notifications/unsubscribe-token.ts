import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationType, type NotificationType } from '@l4l/shared/constants/notifications';

/**
 * The token of an unsubscribe link (RFC 8058): it names a person and one notification type and is signed
 * with a key derived from the app's secret, so the link works without signing in and can change nothing
 * else. It does not expire: a mail read months later must still let its reader stop the next ones.
 */
export function createUnsubscribeTokens(secret: string) {
  const key = createHmac('sha256', secret).update('l4l:notification-unsubscribe').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign(userId: string, type: NotificationType): string {
      const payload = `${userId}:${type}`;
      return `${Buffer.from(payload).toString('base64url')}.${sign(payload).toString('base64url')}`;
    },

    /** The person and type a token names, or null when it was not signed here or names nothing known. */
    verify(token: string): { userId: string; type: NotificationType } | null {
      const [encoded, signature, ...rest] = token.split('.');
      if (!encoded || !signature || rest.length > 0) return null;
      const payload = Buffer.from(encoded, 'base64url').toString('utf8');
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const [userId, type] = payload.split(':');
      if (!userId || !type || !isNotificationType(type)) return null;
      return { userId, type };
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof createUnsubscribeTokens>;
