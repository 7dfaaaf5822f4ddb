import type { Subscribers } from '../../lib/events.ts';
import type { NotifyEvent } from './notification-events.ts';

/**
 * Who is told of what (docs/notifications.md, Event types): the events of the one event map that reach
 * people, each turned into the notification it writes, in the event's transaction.
 */
export function notificationSubscribers(notify: NotifyEvent): Subscribers {
  return {
    'proposal.received': (tx, afterCommit, { caseId, lawyerId, amountCents }) =>
      notify(tx, afterCommit, { type: 'proposal.received', caseId, lawyerId, amountCents }),
    'proposal.accepted': (tx, afterCommit, { caseId, lawyerId, amountCents }) =>
      notify(tx, afterCommit, { type: 'proposal.accepted', caseId, lawyerId, amountCents }),
    'proposal.rejected': (tx, afterCommit, { caseId, lawyerId, amountCents, reason }) =>
      notify(tx, afterCommit, { type: 'proposal.rejected', caseId, lawyerId, amountCents, reason }),
    'proposal.withdrawn': (tx, afterCommit, { caseId, lawyerId, amountCents }) =>
      notify(tx, afterCommit, { type: 'proposal.withdrawn', caseId, lawyerId, amountCents }),
    'proposal.replaced': (tx, afterCommit, { caseId, lawyerId, amountCents, counterAccepted }) =>
      notify(tx, afterCommit, { type: 'proposal.replaced', caseId, lawyerId, amountCents, counterAccepted }),
    'proposal.countered': (tx, afterCommit, { caseId, lawyerId, amountCents }) =>
      notify(tx, afterCommit, { type: 'proposal.countered', caseId, lawyerId, amountCents }),
    'case.approved': (tx, afterCommit, { caseId }) =>
      notify(tx, afterCommit, { type: 'case.approved', caseId }),
    'case.discarded': (tx, afterCommit, { caseId, reason }) =>
      notify(tx, afterCommit, { type: 'case.discarded', caseId, reason }),
    'closure.requested': (tx, afterCommit, { caseId }) =>
      notify(tx, afterCommit, { type: 'closure.requested', caseId }),
    // finished by the platform: the client is told too
    'case.finished': (tx, afterCommit, { caseId, byPlatform }) =>
      notify(tx, afterCommit, { type: 'case.finished', caseId, ...(byPlatform ? { toBoth: true } : {}) }),
    // a first consultation's payment is told by its reservation's notices
    'payment.completed': async (tx, afterCommit, { payment }) => {
      if (!payment.caseId) return;
      await notify(tx, afterCommit, {
        type: 'payment.completed',
        caseId: payment.caseId,
        lawyerId: payment.lawyerId,
        amountCents: payment.amountCents,
      });
    },
    // a first consultation's refund is told by its cancellation's notices
    'payment.refunded': async (tx, afterCommit, { caseId, amountCents, reason }) => {
      if (caseId) await notify(tx, afterCommit, { type: 'refund.issued', caseId, amountCents, reason });
    },
    'payout.sent': (tx, afterCommit, payload) => notify(tx, afterCommit, { type: 'payout.sent', ...payload }),
    'payout.reversed': (tx, afterCommit, payload) =>
      notify(tx, afterCommit, { type: 'payout.reversed', ...payload }),
    'dispute.opened': (tx, afterCommit, payload) =>
      notify(tx, afterCommit, { type: 'dispute.opened', ...payload }),
    'dispute.resolved': (tx, afterCommit, payload) =>
      notify(tx, afterCommit, { type: 'dispute.resolved', ...payload }),
    'rating.received': (tx, afterCommit, payload) =>
      notify(tx, afterCommit, { type: 'rating.received', ...payload }),
    'rating.replied': (tx, afterCommit, payload) =>
      notify(tx, afterCommit, { type: 'rating.replied', ...payload }),
  };
}
