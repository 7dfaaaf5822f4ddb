import { NOTIFICATIONS_DESTINATION } from '@l4l/shared/constants/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onDemand } from '../../../lib/on-demand.ts';
import { useIdle } from '../../../lib/use-idle.ts';
import { NOTIFICATIONS_QUERY_ROOT } from '../api/get-notifications.ts';

// STOMP is not needed to paint a screen (ADR 0008): it loads once the browser is idle
const stompCode = onDemand(() => import('../../../lib/stomp-client.ts'));

/**
 * Keeps the notifications live (docs/notifications.md): a member of the tab's one STOMP connection
 * (shared with the chat, lib/stomp-client.ts), subscribed to `/user/queue/notifications`; each push, and
 * each (re)subscription, reads the notifications again.
 */
export function useLiveNotifications(userId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const idle = useIdle();
  useEffect(() => {
    if (!enabled || !idle) return;
    let closed = false;
    let close: (() => void) | undefined;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT });
    stompCode.load().then(
      ({ joinSharedStomp }) => {
        if (closed) return;
        const membership = joinSharedStomp(userId, {
          // anything pushed while no subscription was held is read again once one is
          onConnected: (live) => void live.subscribe(NOTIFICATIONS_DESTINATION, refresh, refresh),
        });
        close = () => membership.leave();
      },
      () => {
        // offline: the count is read again on the next page load
      },
    );
    return () => {
      closed = true;
      close?.();
    };
  }, [userId, enabled, idle, queryClient]);
}
