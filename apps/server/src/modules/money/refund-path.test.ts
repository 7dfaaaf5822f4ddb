import { formatEuros } from '@l4l/shared/format';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { readMail } from '../../../test/mime.ts';
import { type Person, useMoneyApp } from '../../../test/money.ts';
import { sentMails } from '../../../test/outbox.ts';
import { ledgerEntries, notifications, payments, refunds, transfers } from '../../db/schema/index.ts';

const CASE_TITLE = 'Reclamación de una fianza';

/**
 * The one refund path (docs/money.md, Refunds): an administrator's refund, a dispute's and a late
 * payment's all post to the ledger, reverse a sent transfer by the lawyer's part and tell both parties —
 * the lawyer in the app and by mail, with the amount and the case, when money leaves a sent payout.
 */
describe('the refund path', () => {
  const { suite, h } = useMoneyApp();
  const app = () => suite.t.app;

  /** A case of a new lawyer paid at 200 €, finished, its 180 € share sent: the lawyer and the payment. */
  async function sentPayout() {
    const lawyer = await h.person('lawyer');
    await h.enablePayouts(lawyer);
    const { caseId } = await h.paidCase(suite.client, lawyer, suite.admin, 200);
    await h.requestClosure(lawyer, caseId);
    await h.confirmClosure(suite.client, lawyer, caseId);
    await expect
      .poll(
        async () => (await app().db.select().from(transfers).where(eq(transfers.caseId, caseId)))[0]?.status,
      )
      .toBe('ENVIADA');
    const [payment] = await app().db.select().from(payments).where(eq(payments.caseId, caseId));
    if (!payment) throw new Error('no payment');
    return { lawyer, caseId, payment };
  }

  /** What `who` was told of the case, in the app, by type. */
  const toldIn = async (who: Person, caseId: string, type: 'payout.reversed' | 'refund.issued') =>
    app()
      .db.select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, who.id), eq(notifications.caseId, caseId), eq(notifications.type, type)),
      );

  /** The lawyer is told in the app and by mail that `euros` left their sent payout of the case. */
  async function expectLawyerTold(lawyer: Person, caseId: string, euros: number) {
    const told = await toldIn(lawyer, caseId, 'payout.reversed');
    expect(told.map((row) => row.amountCents)).toEqual([Math.round(euros * 100)]);
    expect(told[0]?.title).toContain(formatEuros(euros));
    expect(told[0]?.title).toContain(CASE_TITLE);
    const mails = (await sentMails(app()))
      .map((mail) => readMail(mail.raw))
      .filter((mail) => mail.subject === told[0]?.title);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.parts[0]?.body).toContain(formatEuros(euros));
    expect(mails[0]?.parts[0]?.body).toContain(CASE_TITLE);
    expect(await toldIn(suite.client, caseId, 'refund.issued')).toHaveLength(1);
  }

  it("an administrator's refund of a finished case whose payout was sent tells the lawyer in the app and by mail", async () => {
    const { lawyer, caseId, payment } = await sentPayout();
    const refund = await h.refund(suite.admin, payment.id, 'El escrito no llegó a presentarse.', 100);
    expect(refund.statusCode, refund.body).toBe(200);
    // 100 € back: 12,10 € of the fee with its IVA and 87,90 € of the lawyer's share (docs/money.md, The
    // fee and its IVA), taken back from the sent transfer of 175,80 €
    expect(refund.json().data).toMatchObject({ refunded: 100, transferReversed: 87.9 });
    await expectLawyerTold(lawyer, caseId, 87.9);
    expect((await h.get(lawyer, '/api/payouts/balance')).data.paidOut).toBe(87.9);
  });

  it('a card dispute after the payout, resolved with a refund, tells the lawyer in the app and by mail', async () => {
    const { lawyer, caseId, payment } = await sentPayout();
    expect(
      await app().money.providerDisputeOpened(payment.providerPaymentId ?? '', 'dp_refund', 'fraud'),
    ).toBe('opened');
    const open = await h.get(suite.admin, '/api/admin/disputes?status=open');
    const dispute = open.data.find((row: { caseId: string }) => row.caseId === caseId);
    const resolved = await h.resolveDispute(suite.admin, dispute.id, {
      outcome: 'refund',
      note: 'El cliente no reconoce el cargo.',
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({ outcome: 'refund', refunded: 200 });
    await expectLawyerTold(lawyer, caseId, 175.8);
    expect((await h.get(lawyer, '/api/payouts/balance')).data.paidOut).toBe(0);
  });

  it('a second payment for a case already paid is charged and refunded in the ledger, and the suite.client told', async () => {
    const lawyer = await h.person('lawyer');
    const other = await h.person('lawyer');
    const first = await h.accepted(suite.client, lawyer, suite.admin, 120);
    const second = await h.accept(suite.client, await h.propose(other, first.caseId, 90));
    expect((await app().payments.payInSandbox(first.sessionId)).status).toBe('completed');
    const late = () =>
      app().payments.complete({ provider: 'sandbox', sessionId: second, providerPaymentId: 'sbx_pi_2nd' });
    expect((await late()).status).toBe('refunded');
    expect((await late()).status).toBe('duplicate');
    const [payment] = await app().db.select().from(payments).where(eq(payments.providerSessionId, second));
    expect(payment).toMatchObject({ status: 'REEMBOLSADO', refundedCents: 9000, completedAt: null });
    const kinds = await app()
      .db.select({
        kind: ledgerEntries.kind,
        account: ledgerEntries.account,
        cents: ledgerEntries.amountCents,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.caseId, first.caseId));
    expect(kinds.filter((row) => row.account === 'client_funds')).toEqual(
      expect.arrayContaining([
        { kind: 'charge', account: 'client_funds', cents: -9000 },
        { kind: 'refund', account: 'client_funds', cents: 9000 },
      ]),
    );
    expect(
      await app()
        .db.select()
        .from(refunds)
        .where(eq(refunds.paymentId, payment?.id ?? '')),
    ).toHaveLength(1);
    const told = await toldIn(suite.client, first.caseId, 'refund.issued');
    expect(told.map((row) => row.amountCents)).toEqual([9000]);
  });

  it('a completed payment is saved COMPLETADO before any module reacts to it (docs/decisions/0030-one-event-map.md)', async () => {
    const seen: Array<{ status: string | undefined; completedAt: Date | null | undefined }> = [];
    // a probe subscribed after every module: it reads the payment as the subscribers' transaction sees it
    app().events.subscribe('probe', {
      'payment.completed': async (tx, _afterCommit, { payment }) => {
        const [stored] = await tx.select().from(payments).where(eq(payments.id, payment.id));
        seen.push({ status: stored?.status, completedAt: stored?.completedAt });
      },
    });
    const lawyer = await h.person('lawyer');
    await h.paidCase(suite.client, lawyer, suite.admin, 120);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.status).toBe('COMPLETADO');
    expect(seen[0]?.completedAt).toBeInstanceOf(Date);
  });
});
