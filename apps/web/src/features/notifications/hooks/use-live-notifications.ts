import { NOTIFICATIONS_DESTINATION } from '@l4l/shared/constants/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveSubscription } from '../../../lib/use-live-subscription.ts';
import { NOTIFICATIONS_QUERY_ROOT } from '../api/get-notifications.ts';

/**
 * Keeps the notifications live (docs/notifications.md): subscribed to `/user/queue/notifications` on the
 * tab's one STOMP connection; each push, and each (re)subscription, reads the notifications again.
 */
export function useLiveNotifications(userId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_ROOT });
  useLiveSubscription(
    userId,
    NOTIFICATIONS_DESTINATION,
    { onMessage: refresh, onSubscribed: refresh },
    enabled,
  );
}
