import { createHmac } from 'node:crypto';
import type { IceAnswer } from '@l4l/shared/schemas/consultations';
import type { Config } from '../../config.ts';

/** How long after the consultation's end its TURN credentials still work (a call that runs over). */
export const TURN_GRACE_MS = 30 * 60_000;

/**
 * docs/operations.md, Video consultations: the ICE servers of one person's call. STUN as configured; TURN
 * with coturn's shared-secret scheme (`use-auth-secret`): username `<unix expiry>:<user id>`, credential
 * base64(HMAC-SHA1(TURN_SECRET, username)), so coturn checks it without asking L4L and refuses it once expired.
 */
export function iceServersFor(ice: Config['ice'], userId: string, validUntil: Date): IceAnswer {
  const servers: IceAnswer['iceServers'] = [];
  if (ice.stunUrls.length > 0) servers.push({ urls: ice.stunUrls });
  if (ice.turnUrls.length > 0 && ice.turnSecret) {
    const username = `${Math.floor(validUntil.getTime() / 1000)}:${userId}`;
    const credential = createHmac('sha1', ice.turnSecret).update(username).digest('base64');
    servers.push({ urls: ice.turnUrls, username, credential });
  }
  return { iceServers: servers };
}
