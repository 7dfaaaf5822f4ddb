import { createHash } from 'node:crypto';
import { LEDGER_LEGS } from '@l4l/shared/constants/money';
import { datesBetween, madridDate, slotsOfDate } from '../../lib/consultation-slots.ts';
import type { consultations, lawyerAvailability, ledgerEntries, payments } from '../schema/index.ts';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];
type Lawyer = {
  id: string;
  verified: boolean;
  province: string;
  firstVisitFree: boolean;
  priceFirstVisitCents: number | null;
};

const stableId = (key: string) => {
  const hex = createHash('sha1').update(`l4l-demo-consultation:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

const MORNINGS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: '09:00', to: '14:00' }));
const AFTERNOONS = [2, 4].map((weekday) => ({ weekday, from: '16:00', to: '19:00' }));
const MODES = [['video'], ['video', 'phone'], ['video', 'phone', 'office']] as const;

/**
 * docs/domain.md, First consultations: every demo lawyer's hours (weekday mornings, some afternoons, 30, 45
 * or 60 minutes, one closed day next week), and a few consultations with the lawyers whose first visit is
 * free: reserved ones in the coming days, one cancelled by its client; and one paid first visit, reserved,
 * its sandbox payment completed and its money held (the charge in the ledger; its invoices are issued
 * with every demo payment's, docs/money.md, First consultations).
 */
export function planDemoConsultations(input: {
  lawyers: Lawyer[];
  clientIds: string[];
  now: Date;
  /** the platform's share of a payment (0.1) */
  feeRate: number;
}) {
  const availability: Row<typeof lawyerAvailability>[] = input.lawyers.map((lawyer, i) => {
    const modes = [...(MODES[i % 3] ?? MODES[0])];
    const closed = datesBetween(
      madridDate(input.now),
      madridDate(new Date(input.now.getTime() + 14 * 86_400_000)),
    );
    return {
      lawyerId: lawyer.id,
      weekly: i % 2 === 0 ? [...MORNINGS, ...AFTERNOONS] : MORNINGS,
      slotMinutes: [60, 30, 45][i % 3] ?? 60,
      closedDates: i === 0 ? closed.slice(8, 9) : [],
      modes,
      officeAddress: modes.includes('office') ? `Calle Mayor, ${10 + i}, ${lawyer.province}` : null,
    };
  });

  const rows: Row<typeof consultations>[] = [];
  const free = input.lawyers.filter((lawyer) => lawyer.verified && lawyer.firstVisitFree).slice(0, 2);
  const dates = datesBetween(
    madridDate(input.now),
    madridDate(new Date(input.now.getTime() + 10 * 86_400_000)),
  );
  for (const [l, lawyer] of free.entries()) {
    const plan = availability.find((one) => one.lawyerId === lawyer.id);
    if (!plan) continue;
    const slots = slotsAfter(plan, dates, input.now);
    const picks = [slots[2 + l], slots[9 + l], slots[15 + l]];
    for (const [k, slot] of picks.entries()) {
      const clientId = input.clientIds[(l + k) % input.clientIds.length];
      if (!slot || !clientId) continue;
      const cancelled = l === 0 && k === 2;
      rows.push({
        id: stableId(`${lawyer.id}:${k}`),
        lawyerId: lawyer.id,
        clientId,
        startAt: slot.start,
        endAt: slot.end,
        mode: k === 1 && plan.modes.includes('phone') ? 'phone' : 'video',
        note: k === 0 ? 'Quería consultar un despido y qué plazos tengo para reclamar.' : null,
        status: cancelled ? 'CANCELADA' : 'RESERVADA',
        priceCents: 0,
        ...(cancelled
          ? {
              cancelledBy: 'client' as const,
              cancelReason: 'Me ha surgido un viaje.',
              cancelledAt: input.now,
            }
          : {}),
      });
    }
  }
  const paid = planPaidConsultation(input, availability, dates);
  if (paid) rows.push(paid.consultation);
  return {
    availability,
    consultations: rows,
    payments: paid ? [paid.payment] : [],
    ledger: paid ? paid.ledger : [],
  };
}

/** A plan's slots on these dates that start after `after`. */
function slotsAfter(plan: Row<typeof lawyerAvailability>, dates: string[], after: Date) {
  const slotPlan = {
    weekly: plan.weekly,
    slotMinutes: plan.slotMinutes,
    closedDates: plan.closedDates ?? [],
  };
  return dates.flatMap((date) => slotsOfDate(slotPlan, date)).filter((slot) => slot.start > after);
}

/** The demo's paid first visit: the first verified lawyer with a price, two days ahead, with its payment. */
function planPaidConsultation(
  input: { lawyers: Lawyer[]; clientIds: string[]; now: Date; feeRate: number },
  availability: Row<typeof lawyerAvailability>[],
  dates: string[],
) {
  const lawyer = input.lawyers.find(
    (one) => one.verified && !one.firstVisitFree && (one.priceFirstVisitCents ?? 0) > 0,
  );
  const plan = availability.find((one) => one.lawyerId === lawyer?.id);
  const clientId = input.clientIds[0];
  if (!lawyer || !plan || !clientId) return null;
  const [slot] = slotsAfter(plan, dates, new Date(input.now.getTime() + 2 * 86_400_000));
  if (!slot) return null;
  const priceCents = lawyer.priceFirstVisitCents ?? 0;
  const id = stableId(`${lawyer.id}:paid`);
  const paymentId = stableId(`${lawyer.id}:paid:payment`);
  const paidAt = new Date(input.now.getTime() - 3 * 3_600_000);
  const payment: Row<typeof payments> = {
    id: paymentId,
    consultationId: id,
    userId: clientId,
    lawyerId: lawyer.id,
    provider: 'sandbox',
    providerSessionId: `demo_cs_${paymentId.replaceAll('-', '')}`,
    providerPaymentId: `demo_pi_${paymentId.replaceAll('-', '')}`,
    amountCents: priceCents,
    feeCents: Math.round(priceCents * input.feeRate),
    status: 'COMPLETADO',
    createdAt: new Date(paidAt.getTime() - 4 * 60_000),
    completedAt: paidAt,
  };
  const movementId = stableId(`charge:${paymentId}`);
  const ledger: Row<typeof ledgerEntries>[] = LEDGER_LEGS.charge(priceCents).map((leg) => ({
    movementId,
    kind: 'charge',
    reference: paymentId,
    caseId: null,
    consultationId: id,
    account: leg.account,
    amountCents: leg.cents,
    createdAt: paidAt,
  }));
  const consultation: Row<typeof consultations> = {
    id,
    lawyerId: lawyer.id,
    clientId,
    startAt: slot.start,
    endAt: slot.end,
    mode: 'video',
    note: 'Tengo un problema con la herencia de mi padre y quiero saber por dónde empezar.',
    status: 'RESERVADA',
    priceCents,
    createdAt: payment.createdAt,
  };
  return { consultation, payment, ledger };
}
