import { searchableText } from '../search.ts';
import { ROLE, type Role } from './roles.ts';

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
  'consultation.booked',
  'consultation.cancelled',
  'consultation.reminder',
  'messages',
] as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

const CLIENT = [ROLE.USUARIO] as const;
const LAWYER = [ROLE.ABOGADO] as const;
const BOTH = [ROLE.USUARIO, ROLE.ABOGADO] as const;

/**
 * docs/notifications.md, Event types: who is told of each type by mail, and so who has its switch in
 * "Correos de avisos". A new type adds its row here (the `satisfies` asks for it); administrators are
 * told in the app only, so they have no switch.
 */
export const NOTIFICATION_AUDIENCE = {
  'proposal.received': CLIENT,
  'proposal.accepted': LAWYER,
  'proposal.rejected': LAWYER,
  'proposal.withdrawn': CLIENT,
  'proposal.replaced': CLIENT,
  'proposal.countered': LAWYER,
  'case.approved': CLIENT,
  'case.discarded': CLIENT,
  'case.match': LAWYER,
  'payment.completed': BOTH,
  'closure.requested': CLIENT,
  'case.finished': LAWYER,
  'rating.received': LAWYER,
  'rating.replied': CLIENT,
  'payout.sent': LAWYER,
  'payout.reversed': LAWYER,
  'dispute.opened': BOTH,
  'dispute.resolved': BOTH,
  'refund.issued': CLIENT,
  'consultation.booked': BOTH,
  'consultation.cancelled': BOTH,
  'consultation.reminder': BOTH,
  messages: BOTH,
} as const satisfies Record<NotificationType, readonly Role[]>;

/** The types whose mail switch a role has, in the order of NOTIFICATION_TYPES. */
export function notificationTypesFor(role: Role): NotificationType[] {
  return NOTIFICATION_TYPES.filter((type) => (NOTIFICATION_AUDIENCE[type] as readonly Role[]).includes(role));
}

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
  /** a first consultation and its video room (docs/domain.md, First consultations) */
  consultation: (consultationId: string) => `/dashboard/consultas/${consultationId}`,
};
