import { searchableText } from '../search.ts';

/**
 * docs/notifications.md, Event types: what the platform tells a person, in the app and by mail. The order is
 * the order of the preference switches.
 */
export const NOTIFICATION_TYPES = [
  'proposal.received',
  'proposal.accepted',
  'proposal.rejected',
  'proposal.withdrawn',
  'proposal.replaced',
  'proposal.countered',
  'case.approved',
  'case.discarded',
  'case.match',
  'payment.completed',
  'closure.requested',
  'case.finished',
  'rating.received',
  'rating.replied',
  'payout.sent',
  'payout.reversed',
  'dispute.opened',
  'dispute.resolved',
  'refund.issued',
  'messages',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** The STOMP destination every open session of the recipient receives a new notification on. */
export const NOTIFICATIONS_DESTINATION = '/user/queue/notifications';

/** The first words of a title that the board's search takes (at most 6, at most 100 characters). */
function boardWords(title: string): string {
  let words = '';
  for (const word of searchableText(title).split(' ').slice(0, 6)) {
    const next = words ? `${words} ${word}` : word;
    if (next.length > 100) break;
    words = next;
  }
  return words;
}

/** Paths of the web app (apps/web/src/lib/paths.ts) a notification leads to. */
export const notificationLinks = {
  chatWith: (counterpartId: string) => `/dashboard/chat?with=${encodeURIComponent(counterpartId)}`,
  case: (caseId: string) => `/dashboard/casos/${caseId}`,
  /** the lawyers' board (their home) */
  board: () => '/dashboard/inicio',
  /**
   * a published case on the lawyers' board (docs/alerts.md): the board searched for the first words of its
   * title, the case itself picked out
   */
  boardCase: (caseId: string, title: string) =>
    `/dashboard/inicio?search=${encodeURIComponent(boardWords(title))}&caso=${encodeURIComponent(caseId)}`,
  payouts: () => '/dashboard/cobros',
  adminPayments: () => '/admin/pagos',
  lawyerProfile: (lawyerId: string) => `/dashboard/abogados/${lawyerId}`,
  /** the client's profile, next to 'Mis Valoraciones' */
  profile: () => '/profile',
};
