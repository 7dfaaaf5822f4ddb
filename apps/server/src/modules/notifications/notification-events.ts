import type { NotificationType } from '@l4l/shared/constants/notifications';
import { notificationLinks } from '@l4l/shared/constants/notifications';
import { formatEuros } from '@l4l/shared/format';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { Db } from '../../db/database.ts';
import type { AfterCommit } from '../../lib/transaction.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import type { NotifyInput } from './notifications.service.ts';

/**
 * The events other modules report, in their own transaction, with the facts they hold; this module finds
 * the case's title and the people, writes the texts and picks the screen (docs/notifications.md, Event
 * types).
 */
export type NotificationEvent =
  | { type: 'proposal.received'; caseId: string; lawyerId: string; amountCents: number }
  | { type: 'proposal.accepted'; caseId: string; lawyerId: string; amountCents: number }
  | {
      type: 'proposal.rejected';
      caseId: string;
      lawyerId: string;
      amountCents: number;
      /** the client's reason, when they gave one */
      reason?: string | null;
    }
  | { type: 'proposal.withdrawn'; caseId: string; lawyerId: string; amountCents: number }
  | {
      type: 'proposal.replaced';
      caseId: string;
      lawyerId: string;
      amountCents: number;
      /** the new price is the one the client asked for in their counter-offer */
      counterAccepted?: boolean;
    }
  | { type: 'proposal.countered'; caseId: string; lawyerId: string; amountCents: number }
  | { type: 'case.approved'; caseId: string }
  | { type: 'case.discarded'; caseId: string; reason?: string | null }
  | { type: 'payment.completed'; caseId: string; lawyerId: string; amountCents: number }
  | { type: 'closure.requested'; caseId: string }
  | {
      type: 'case.finished';
      caseId: string /** finished by the platform: the client is told too */;
      toBoth?: boolean;
    }
  | { type: 'payout.sent'; caseId: string; amountCents: number }
  | {
      type: 'payout.reversed';
      caseId: string;
      amountCents: number /** administrators told in the app */;
      admins: string[];
      /** taken back by a refund to the client (docs/money.md, Refunds), not outside L4L */
      byRefund?: { reason: string };
    }
  | {
      type: 'dispute.opened';
      caseId: string;
      amountCents: number /** administrators told in the app */;
      admins: string[];
    }
  | { type: 'dispute.resolved'; caseId: string; amountCents: number; reason: string }
  | { type: 'refund.issued'; caseId: string; amountCents: number; reason: string }
  | { type: 'rating.received'; caseId: string; stars: number }
  | { type: 'rating.replied'; caseId: string };

/** What a module that owns an event is given (app.ts composes it): report it in the event's transaction. */
export type NotifyEvent = (tx: Db, afterCommit: AfterCommit, event: NotificationEvent) => Promise<void>;

type Recipient = { userId: string; link: string; counterpart: string | null; inAppOnly?: boolean };

/** Builds `NotifyEvent` on top of `notify`. */
export function createNotificationEvents(
  notify: (tx: Db, afterCommit: AfterCommit, input: NotifyInput) => Promise<unknown>,
): NotifyEvent {
  return async (tx, afterCommit, event) => {
    const repo = createNotificationsRepository(tx);
    const found = await repo.caseFacts(event.caseId);
    if (!found) return;
    const caseRow = found;
    const amountCents = 'amountCents' in event ? event.amountCents : null;
    const lawyerId = 'lawyerId' in event ? event.lawyerId : caseRow.lawyerId;
    const nameOf = async (id: string | null) => (id ? repo.personName(id) : null);

    async function recipients(): Promise<Recipient[]> {
      const client = caseRow.userId;
      const toClient = async (link: string): Promise<Recipient> => ({
        userId: client,
        link,
        counterpart: await nameOf(lawyerId),
      });
      const toLawyer = async (link: string): Promise<Recipient[]> =>
        lawyerId ? [{ userId: lawyerId, link, counterpart: await nameOf(client) }] : [];
      const caseLink = notificationLinks.case(caseRow.id);
      // administrators are told in the app, with the console's Pagos as the link
      const toAdmins = (admins: string[]): Recipient[] =>
        admins.map((userId) => ({
          userId,
          link: notificationLinks.adminPayments(),
          counterpart: null,
          inAppOnly: true,
        }));
      switch (event.type) {
        case 'proposal.received':
        case 'proposal.withdrawn':
        case 'proposal.replaced':
          return [await toClient(notificationLinks.chatWith(event.lawyerId))];
        case 'proposal.accepted':
        case 'proposal.rejected':
        case 'proposal.countered':
          return toLawyer(notificationLinks.chatWith(client));
        case 'case.approved':
        case 'case.discarded':
        case 'closure.requested':
          return [await toClient(caseLink)];
        case 'payment.completed':
          return [await toClient(caseLink), ...(await toLawyer(caseLink))];
        case 'case.finished':
          return event.toBoth
            ? [await toClient(caseLink), ...(await toLawyer(caseLink))]
            : toLawyer(caseLink);
        case 'payout.sent':
          return toLawyer(notificationLinks.payouts());
        case 'payout.reversed':
          return [...(await toLawyer(notificationLinks.payouts())), ...toAdmins(event.admins)];
        case 'dispute.opened':
          return [await toClient(caseLink), ...(await toLawyer(caseLink)), ...toAdmins(event.admins)];
        case 'dispute.resolved':
          return [await toClient(caseLink), ...(await toLawyer(caseLink))];
        case 'refund.issued':
          return [await toClient(caseLink)];
        case 'rating.received':
          return lawyerId ? toLawyer(notificationLinks.lawyerProfile(lawyerId)) : [];
        case 'rating.replied':
          return [await toClient(notificationLinks.profile())];
      }
    }

    const texts = es.notifications.events[event.type as NotificationType];
    for (const recipient of await recipients()) {
      const facts = {
        caseTitle: caseRow.title,
        amount: amountCents === null ? undefined : formatEuros(centsToEuros(amountCents)),
        counterpart: recipient.counterpart ?? undefined,
        reason:
          event.type === 'case.discarded' || event.type === 'proposal.rejected'
            ? (event.reason ?? undefined)
            : event.type === 'dispute.resolved' || event.type === 'refund.issued'
              ? event.reason
              : event.type === 'payout.reversed'
                ? event.byRefund?.reason
                : undefined,
        stars: event.type === 'rating.received' ? event.stars : undefined,
        counterAccepted: event.type === 'proposal.replaced' ? event.counterAccepted : undefined,
        byRefund: event.type === 'payout.reversed' && event.byRefund !== undefined,
      };
      await notify(tx, afterCommit, {
        userId: recipient.userId,
        type: event.type,
        title: texts.title(facts),
        body: texts.body(facts),
        link: recipient.link,
        caseId: caseRow.id,
        amountCents,
        inAppOnly: recipient.inAppOnly,
      });
    }
  };
}
