import { useQueryClient } from '@tanstack/react-query';
import { useLiveSubscription } from '../../../lib/use-live-subscription.ts';
import { caseKeys } from '../api/case-keys.ts';

/**
 * docs/api/stomp.md, Destinations: every change of a case (a step, its status, a proposal, the closure) posts
 * a platform message naming the case in the pair's chat, which both people receive here.
 */
const CASE_EVENTS_DESTINATION = '/topic/messages';

/** Whether a pushed chat message is about `caseId`. */
function isAbout(body: string, caseId: string): boolean {
  try {
    return (JSON.parse(body) as { caseId?: unknown }).caseId === caseId;
  } catch {
    return false;
  }
}

/**
 * Keeps a case page live (docs/alerts.md, Live screens): a member of the tab's one STOMP connection
 * (lib/stomp-client.ts), reading the case again — and every query naming it, such as its proposals — when
 * a message about it arrives, and after each (re)subscription, so nothing pushed while away is missed.
 */
export function useLiveCase(userId: string, caseId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: caseKeys.detail(caseId) });
    void queryClient.invalidateQueries({ queryKey: caseKeys.lists() });
    void queryClient.invalidateQueries({
      predicate: (query) => query.queryKey.some((part) => part === caseId),
    });
  };
  useLiveSubscription(userId, CASE_EVENTS_DESTINATION, {
    onMessage: (body) => isAbout(body, caseId) && refresh(),
    onSubscribed: refresh,
  });
}
