import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { type NotificationType, notificationLinks } from '@l4l/shared/constants/notifications';
import { formatEuros } from '@l4l/shared/format';
import { centsToEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { cases, messages, notifications, proposals, ratings, users } from '../schema/index.ts';
import type { CasePayment, DemoMoneyNotice } from './demo-money.ts';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];
const HOUR = 60 * 60_000;
/** each person's newest notifications are left unread, so the bell shows a count */
const UNREAD_PER_PERSON = 2;

/**
 * The notifications the demo's past would have produced (docs/notifications.md, Event types), derived
 * from the planned rows, with the same texts and links as the live ones. No mail jobs: the demo's past
 * was never mailed.
 */
export function planDemoNotifications(
  plan: {
    users: Row<typeof users>[];
    cases: Row<typeof cases>[];
    proposals: Row<typeof proposals>[];
    payments: CasePayment[];
    ratings: Row<typeof ratings>[];
    messages: Row<typeof messages>[];
    /** what the demo's money told people (demo-money.ts) */
    moneyNotices?: DemoMoneyNotice[];
  },
  now: Date,
): Row<typeof notifications>[] {
  const names = new Map(plan.users.map((u) => [u.id, `${u.name} ${u.surname ?? ''}`.trim()]));
  const caseById = new Map(plan.cases.map((c) => [c.id, c]));
  const rows: Row<typeof notifications>[] = [];

  function add(
    type: NotificationType,
    to: string,
    caseId: string,
    at: Date,
    link: string,
    extra: {
      counterpart?: string | null;
      amountCents?: number;
      reason?: string | null;
      stars?: number;
      byRefund?: boolean;
    } = {},
  ) {
    const found = caseById.get(caseId);
    if (!found || at.getTime() > now.getTime()) return;
    const texts = es.notifications.events[type];
    const facts = {
      caseTitle: found.title,
      counterpart: extra.counterpart ?? undefined,
      amount: extra.amountCents === undefined ? undefined : formatEuros(centsToEuros(extra.amountCents)),
      reason: extra.reason ?? undefined,
      stars: extra.stars,
      byRefund: extra.byRefund,
    };
    rows.push({
      userId: to,
      type,
      title: texts.title(facts),
      body: texts.body(facts),
      link,
      caseId,
      amountCents: extra.amountCents ?? null,
      createdAt: at,
      readAt: new Date(at.getTime() + HOUR),
    });
  }

  for (const c of plan.cases) {
    if (!c.id || !c.validatedAt) continue;
    const link = notificationLinks.case(c.id);
    if (c.status === 'DESCARTADO')
      add('case.discarded', c.userId, c.id, c.validatedAt, link, { reason: c.discardReason });
    else add('case.approved', c.userId, c.id, c.validatedAt, link);
    if (c.closureRequestedAt && c.lawyerId) {
      add('closure.requested', c.userId, c.id, c.closureRequestedAt, link, {
        counterpart: names.get(c.lawyerId),
      });
    }
    if (c.finishDate && c.lawyerId) {
      add('case.finished', c.lawyerId, c.id, c.finishDate, link, { counterpart: names.get(c.userId) });
    }
  }
  // when the client asked each proposal's lawyer for a new price
  const counterOffers = new Map(
    plan.messages
      .filter((m) => m.type === MESSAGE_TYPE.COUNTER_OFFER && m.proposalId && m.createdAt)
      .map((m) => [m.proposalId as string, m.createdAt as Date]),
  );
  // a lawyer's later proposal on a case where an earlier one of theirs was superseded is its new price
  const replaced = new Set(
    plan.proposals.filter((p) => p.status === 'SUSTITUIDA').map((p) => `${p.caseId}:${p.lawyerId}`),
  );
  for (const p of plan.proposals) {
    const owner = caseById.get(p.caseId)?.userId;
    if (!owner || !p.createdAt) continue;
    const toClient = notificationLinks.chatWith(p.lawyerId);
    const lawyerFacts = { counterpart: names.get(p.lawyerId), amountCents: p.priceCents };
    const isNewPrice = p.status !== 'SUSTITUIDA' && replaced.has(`${p.caseId}:${p.lawyerId}`);
    add(
      isNewPrice ? 'proposal.replaced' : 'proposal.received',
      owner,
      p.caseId,
      p.createdAt,
      toClient,
      lawyerFacts,
    );
    if (p.status === 'RETIRADA' && p.decidedAt) {
      add('proposal.withdrawn', owner, p.caseId, p.decidedAt, toClient, lawyerFacts);
    }
    const asked = counterOffers.get(p.id ?? '');
    if (p.counterOfferCents && asked) {
      add('proposal.countered', p.lawyerId, p.caseId, asked, notificationLinks.chatWith(owner), {
        counterpart: names.get(owner),
        amountCents: p.counterOfferCents,
      });
    }
  }
  for (const pay of plan.payments) {
    if (pay.status !== 'COMPLETADO' || !pay.completedAt) continue;
    const link = notificationLinks.case(pay.caseId);
    const amountCents = pay.amountCents;
    add('payment.completed', pay.userId, pay.caseId, pay.completedAt, link, { amountCents });
    add('payment.completed', pay.lawyerId, pay.caseId, pay.completedAt, link, { amountCents });
  }
  for (const notice of plan.moneyNotices ?? []) {
    const link =
      notice.type === 'payout.reversed' ? notificationLinks.payouts() : notificationLinks.case(notice.caseId);
    add(notice.type, notice.userId, notice.caseId, notice.at, link, {
      amountCents: notice.amountCents,
      reason: notice.reason,
      byRefund: notice.type === 'payout.reversed',
    });
  }
  for (const r of plan.ratings) {
    if (!r.createdAt) continue;
    add('rating.received', r.lawyerId, r.caseId, r.createdAt, notificationLinks.lawyerProfile(r.lawyerId), {
      counterpart: names.get(r.userId),
      stars: r.stars,
    });
    if (r.repliedAt) {
      add('rating.replied', r.userId, r.caseId, r.repliedAt, notificationLinks.profile(), {
        counterpart: names.get(r.lawyerId),
      });
    }
  }
  const newestFirst = [...rows].sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));
  const leftUnread = new Map<string, number>();
  for (const row of newestFirst) {
    const count = leftUnread.get(row.userId) ?? 0;
    if (count >= UNREAD_PER_PERSON) continue;
    leftUnread.set(row.userId, count + 1);
    row.readAt = null;
  }
  return rows;
}
