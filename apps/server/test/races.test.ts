import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { disputes, payments, proposals, refunds } from '../src/db/schema/index.ts';
import { useMoneyApp } from './money.ts';

/** How many answers had each status code. */
const codes = (answers: Array<{ statusCode: number }>) =>
  answers.map((answer) => answer.statusCode).sort((a, b) => a - b);

/**
 * Races on money and proposals (docs/money.md, Refunds and Disputes; docs/domain.md, Proposals), proven on
 * PostgreSQL, where transactions really run at once (the embedded database runs one at a time): each race
 * has exactly one winner, the losers a 409 in Spanish, and the ledger stays balanced.
 */
describe.skipIf(!process.env.DATABASE_URL)('races on PostgreSQL', () => {
  const { suite, h } = useMoneyApp();
  const app = () => suite.t.app;

  const paymentOf = async (caseId: string) => {
    const [row] = await app().db.select().from(payments).where(eq(payments.caseId, caseId));
    if (!row) throw new Error('no payment');
    return row;
  };

  it('parallel refunds of one payment beyond what is left: one is made, the others refused', async () => {
    const lawyer = await h.person('lawyer');
    const { caseId } = await h.paidCase(suite.client, lawyer, suite.admin, 200);
    const payment = await paymentOf(caseId);
    // each asks 150 € of the 200 €: only one fits
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => h.refund(suite.admin, payment.id, `Reembolso ${i + 1}`, 150)),
    );
    expect(codes(answers)).toEqual([200, 409, 409, 409, 409, 409]);
    for (const lost of answers.filter((answer) => answer.statusCode === 409)) {
      expect(lost.json().error.message).toBe(es.admin.money.refundTooLarge);
    }
    expect((await paymentOf(caseId)).refundedCents).toBe(15_000);
    expect(await app().db.select().from(refunds).where(eq(refunds.paymentId, payment.id))).toHaveLength(1);
    // and what is left may still be refunded, once, however many ask
    const rest = await Promise.all(
      Array.from({ length: 4 }, () => h.refund(suite.admin, payment.id, 'El resto')),
    );
    expect(codes(rest)).toEqual([200, 409, 409, 409]);
    expect(await paymentOf(caseId)).toMatchObject({ refundedCents: 20_000, status: 'REEMBOLSADO' });
  });

  it('two dispute resolutions at once: one decides, the other is told it was decided', async () => {
    const lawyer = await h.person('lawyer');
    await h.enablePayouts(lawyer);
    const { caseId } = await h.paidCase(suite.client, lawyer, suite.admin, 120);
    await h.requestClosure(lawyer, caseId);
    const opened = await app().inject({
      method: 'POST',
      url: `/api/cases/${caseId}/dispute`,
      headers: suite.client.headers,
      payload: { reason: 'El abogado no ha presentado el escrito que acordamos en la primera reunión.' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const id = opened.json().data.id as string;
    const answers = await Promise.all([
      h.resolveDispute(suite.admin, id, { outcome: 'refund', note: 'El cliente tiene razón.' }),
      h.resolveDispute(suite.admin, id, { outcome: 'release', note: 'El trabajo está hecho.' }),
      h.resolveDispute(suite.admin, id, { outcome: 'refund', amount: 20, note: 'Una parte no se hizo.' }),
    ]);
    expect(codes(answers)).toEqual([200, 409, 409]);
    for (const lost of answers.filter((answer) => answer.statusCode === 409)) {
      expect(lost.json().error.message).toBe(es.admin.money.disputeAlreadyResolved);
    }
    const [row] = await app().db.select().from(disputes).where(eq(disputes.id, id));
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().data;
    expect(row).toMatchObject({ status: 'resolved', outcome: winner.outcome });
    // the payment gave back what the winning decision refunded, once
    expect((await paymentOf(caseId)).refundedCents).toBe(row?.refundedCents);
    const given = await app().db.select().from(refunds).where(eq(refunds.caseId, caseId));
    expect(given).toHaveLength(winner.outcome === 'refund' ? 1 : 0);
  });

  it('accept, replace and withdraw of one proposal at once: exactly one of them happens', async () => {
    for (let round = 0; round < 4; round += 1) {
      const lawyer = await h.person('lawyer');
      const caseId = await h.publishedCase(suite.client, suite.admin);
      const proposalId = await h.propose(lawyer, caseId, 80);
      const answers = await Promise.all([
        app().inject({
          method: 'POST',
          url: `/api/proposal/accept-proposal/${proposalId}`,
          headers: suite.client.headers,
        }),
        app().inject({
          method: 'POST',
          url: `/api/proposal/${proposalId}/replace`,
          headers: lawyer.headers,
          payload: { price: 70, message: 'Te lo dejo más barato.' },
        }),
        app().inject({
          method: 'POST',
          url: `/api/proposal/${proposalId}/withdraw`,
          headers: lawyer.headers,
        }),
      ]);
      expect(codes(answers), answers.map((answer) => answer.body).join('\n')).toEqual([200, 409, 409]);
      const [row] = await app().db.select().from(proposals).where(eq(proposals.id, proposalId));
      const open = (await app().db.select().from(payments).where(eq(payments.proposalId, proposalId))).filter(
        (payment) => payment.status === 'PENDIENTE',
      );
      const won = answers.findIndex((answer) => answer.statusCode === 200);
      if (won === 0) expect(open).toHaveLength(1);
      else expect(open).toHaveLength(0);
      if (won === 1) expect(row?.status).toBe('SUSTITUIDA');
      if (won === 2) expect(row?.status).toBe('RETIRADA');
    }
  });
});
