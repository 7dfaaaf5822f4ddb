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
  'consultation.booked',
  'consultation.cancelled',
  'consultation.reminder',
  'messages',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export function isNotificationType(value: string): value is NotificationType {
  return (NOTIFICATION_TYPES as readonly string[]).includes(value);
}

/** The STOMP destination every open session of the recipient receives a new notification on. */
export const NOTIFICATIONS_DESTINATION = '/user/queue/notifications';

/** Paths of the web app (apps/web/src/lib/paths.ts) a notification leads to. */
export const notificationLinks = {
  chatWith: (counterpartId: string) => `/dashboard/chat?with=${encodeURIComponent(counterpartId)}`,
  case: (caseId: string) => `/dashboard/casos/${caseId}`,
  payouts: () => '/dashboard/cobros',
  adminPayments: () => '/admin/pagos',
  lawyerProfile: (lawyerId: string) => `/dashboard/abogados/${lawyerId}`,
  /** the client's profile, next to 'Mis Valoraciones' */
  profile: () => '/profile',
  /** a first consultation and its video room (docs/domain.md, First consultations) */
  consultation: (consultationId: string) => `/dashboard/consultas/${consultationId}`,
};
