import { es } from '@l4l/shared/texts/es';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { moneyHelpers, type Person } from '../../../test/money.ts';
import { cases, notifications, payments, proposals, transfers } from '../../db/schema/index.ts';
import type { SandboxProvider } from '../payments/sandbox-provider.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const DAY = 24 * 60 * 60 * 1000;

/**
 * The money after a payment (docs/money.md) with the sandbox provider: transfers once per case, payout
 * accounts, refunds before and after the transfer, disputes, auto-finish, checkout expiry, the ledger.
 */
describe('money', () => {
  let t: TestApp;
  let clock = new Date();
  let admin: Person;
  let client: Person;
  const h = moneyHelpers(() => t);
  const sandbox = () => t.app.payments.provider as SandboxProvider;
  const transferOf = async (caseId: string) =>
    (await t.app.db.select().from(transfers).where(eq(transfers.caseId, caseId)))[0];

  beforeAll(async () => {
    t = await buildTestApp({}, {}, { money: { now: () => clock, sweepIntervalMs: 0 } });
    admin = await h.person('admin');
    client = await h.person('client');
  });
  afterAll(() => t.close());
  afterEach(async () => {
    clock = new Date();
    await h.expectBalanced(admin);
  });

  it('transfers the share once under 20 concurrent confirmations and repeated sweeps', async () => {
    const lawyer = await h.person('lawyer');
    expect((await h.get(lawyer, '/api/payouts/account')).data).toEqual({
      status: 'none',
      provider: 'sandbox',
      holder: null,
      bankLast4: null,
      enabledAt: null,
    });
    await h.enablePayouts(lawyer);
    expect((await h.get(lawyer, '/api/payouts/account')).data.status).toBe('enabled');
    const { caseId } = await h.paidCase(client, lawyer, admin, 200);
    // 200 € less the fee (20 €) and its IVA (4,20 €): docs/money.md, The fee and its IVA
    expect((await h.get(lawyer, '/api/payouts/balance')).data).toEqual({
      held: 175.8,
      available: 0,
      paidOut: 0,
    });
    await h.requestClosure(lawyer, caseId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => h.confirmClosure(client, lawyer, caseId)),
    );
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(1);
    await expect.poll(async () => (await transferOf(caseId))?.status).toBe('ENVIADA');
    await t.app.money.sweep();
    await t.app.money.sendTransfer({ caseId: caseId, consultationId: null });
    expect(sandbox().transfers.filter((sent) => sent.group === caseId)).toHaveLength(1);
    expect(sandbox().transfers.find((sent) => sent.group === caseId)?.amountCents).toBe(17_580);
    expect((await h.get(lawyer, '/api/payouts/balance')).data).toEqual({
      held: 0,
      available: 0,
      paidOut: 175.8,
    });
    const list = await h.get(lawyer, '/api/payouts/transfers?page=1&pageSize=5');
    expect(list.meta.total).toBe(1);
    // the row says where the amount comes from: the price, the fee, its IVA and the two together
    expect(list.data[0]).toMatchObject({
      caseId,
      amount: 175.8,
      sent: 175.8,
      reversed: 0,
      price: 200,
      fee: 20,
      feeVat: 4.2,
      feeTotal: 24.2,
      refunded: 0,
      status: 'ENVIADA',
    });
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, lawyer.id), eq(notifications.type, 'payout.sent')));
    expect(told).toHaveLength(1);
  });

  it('enables a sandbox payout account only with a holder and a valid IBAN, saying what is wrong', async () => {
    const lawyer = await h.person('lawyer');
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/account/onboarding',
      headers: lawyer.headers,
    });
    const url = `/api/payouts/sandbox/${(link.json().data.url as string).split('/').pop()}/complete`;
    const submit = (payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: lawyer.headers, ...(payload ? { payload } : {}) });
    const iban = es.money.iban;
    for (const [payload, fields] of [
      [undefined, undefined],
      [{ holder: 'Lucía García', iban: 'ES9121000418450200051333' }, { iban: iban.checkDigits }],
      [{ holder: 'Lucía García', iban: 'ES91 2100 0418 4502 0005 13' }, { iban: iban.length('ES', 24, 22) }],
      [{ holder: 'Lucía García', iban: 'ES4121000418990200051332' }, { iban: iban.spanishControl }],
      [{ holder: 'Lucía García', iban: 'TR330006100519786457841326' }, { iban: iban.notSepa('TR') }],
      [{ holder: '  ', iban: 'ES9121000418450200051332' }, { holder: es.money.holderRequired }],
      [{ holder: 'Lucía García', iban: 12 }, undefined],
    ] as const) {
      const refused = await submit(payload);
      expect(refused.statusCode, refused.body).toBe(400);
      if (fields) expect(refused.json().error.fields).toEqual(fields);
    }
    expect((await h.get(lawyer, '/api/payouts/account')).data.status).toBe('pending');
    const accepted = await submit({ holder: 'Lucía García', iban: 'es91 2100 0418 4502 0005 1332' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toEqual({
      status: 'enabled',
      provider: 'sandbox',
      holder: 'Lucía García',
      bankLast4: '1332',
      enabledAt: expect.any(String),
    });
  });

  it('lets the lawyer review an enabled account and change it: the sandbox page again, not a 409', async () => {
    const lawyer = await h.person('lawyer');
    await h.enablePayouts(lawyer);
    const before = (await h.get(lawyer, '/api/payouts/account')).data;
    expect(before).toMatchObject({ status: 'enabled', bankLast4: expect.stringMatching(/^\d{4}$/) });
    // 'Revisar la cuenta de cobro' on an active account: where to change it
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/account/onboarding',
      headers: lawyer.headers,
    });
    expect(review.statusCode, review.body).toBe(200);
    const url = review.json().data.url as string;
    expect(url).toMatch(/^\/payout\/sandbox\/sbx_acct_/);
    const changed = await t.app.inject({
      method: 'POST',
      url: `/api/payouts/sandbox/${url.split('/').pop()}/complete`,
      headers: lawyer.headers,
      payload: { holder: 'Despacho García SLP', iban: 'ES7921000813610123456789' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await h.get(lawyer, '/api/payouts/account')).data).toEqual({
      status: 'enabled',
      provider: 'sandbox',
      holder: 'Despacho García SLP',
      bankLast4: '6789',
      enabledAt: before.enabledAt,
    });
    // another lawyer cannot change it
    const other = await h.person('lawyer');
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/payouts/sandbox/${url.split('/').pop()}/complete`,
      headers: other.headers,
      payload: { holder: 'Otra persona', iban: 'ES7921000813610123456789' },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('keeps the share available until the lawyer enables the account, then sends it', async () => {
    const lawyer = await h.person('lawyer');
    const { caseId } = await h.paidCase(client, lawyer, admin, 100);
    await h.requestClosure(lawyer, caseId);
    expect((await h.confirmClosure(client, lawyer, caseId)).statusCode).toBe(200);
    expect((await transferOf(caseId))?.status).toBe('PENDIENTE');
    expect((await h.get(lawyer, '/api/payouts/balance')).data).toEqual({
      held: 0,
      available: 87.9,
      paidOut: 0,
    });
    await h.enablePayouts(lawyer);
    await expect.poll(async () => (await transferOf(caseId))?.status).toBe('ENVIADA');
    expect((await h.get(lawyer, '/api/payouts/balance')).data).toEqual({
      held: 0,
      available: 0,
      paidOut: 87.9,
    });
  });

  it('refunds part before the transfer (audited, the client told) and the transfer carries the rest', async () => {
    const lawyer = await h.person('lawyer');
    await h.enablePayouts(lawyer);
    const { caseId } = await h.paidCase(client, lawyer, admin, 300);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
    const paymentId = payment?.id as string;
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refund`,
      headers: admin.headers,
      payload: { amount: 300.01, reason: 'Demasiado' },
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe(es.admin.money.refundTooLarge);
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refund`,
      headers: admin.headers,
      payload: { amount: 10 },
    });
    expect(noReason.statusCode).toBe(400);
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refund`,
      headers: admin.headers,
      payload: { amount: 100, reason: 'Parte del trabajo no se hizo.' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data).toMatchObject({ status: 'COMPLETADO', amount: 300, refunded: 100 });
    expect((await h.get(lawyer, '/api/payouts/balance')).data.held).toBe(175.8);
    await h.requestClosure(lawyer, caseId);
    await h.confirmClosure(client, lawyer, caseId);
    await expect.poll(async () => (await transferOf(caseId))?.status).toBe('ENVIADA');
    // 200 left: fee 20 + 4,20 IVA
    expect((await transferOf(caseId))?.amountCents).toBe(17_580);
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, client.id), eq(notifications.type, 'refund.issued')));
    expect(told.some((row) => row.caseId === caseId)).toBe(true);
    const audit = await h.get(admin, '/api/admin/audit?order=desc');
    expect(audit.data[0]).toMatchObject({
      action: 'payment.refund',
      reason: 'Parte del trabajo no se hizo.',
    });
    // no invoices without fiscal profiles; the rectification by difference is covered by the invoices tests
  });

  it('refunds in full after the transfer: the transfer is reversed first', async () => {
    const lawyer = await h.person('lawyer');
    await h.enablePayouts(lawyer);
    const { caseId } = await h.paidCase(client, lawyer, admin, 150);
    await h.requestClosure(lawyer, caseId);
    await h.confirmClosure(client, lawyer, caseId);
    await expect.poll(async () => (await transferOf(caseId))?.status).toBe('ENVIADA');
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment?.id}/refund`,
      headers: admin.headers,
      payload: { reason: 'El cliente reclamó con razón.' },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().data).toMatchObject({
      status: 'REEMBOLSADO',
      refunded: 150,
      transferStatus: 'REVERTIDA',
    });
    const transfer = await transferOf(caseId);
    expect(sandbox().reversals.filter((r) => r.transferId === transfer?.providerTransferId)).toHaveLength(1);
    expect((await h.get(lawyer, '/api/payouts/balance')).data).toEqual({ held: 0, available: 0, paidOut: 0 });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment?.id}/refund`,
      headers: admin.headers,
      payload: { reason: 'Otra vez' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(es.admin.money.paymentNotRefundable);
  });

  it('a dispute holds the money; released, the case finishes and the lawyer is paid', async () => {
    const lawyer = await h.person('lawyer');
    await h.enablePayouts(lawyer);
    const { caseId } = await h.paidCase(client, lawyer, admin, 120);
    await h.requestClosure(lawyer, caseId);
    const short = await t.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/dispute`,
      headers: client.headers,
      payload: { reason: 'Corto' },
    });
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain(es.money.disputeReasonShort);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/dispute`,
      headers: client.headers,
      payload: { reason: 'El abogado no ha presentado la demanda.' },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/dispute`,
      headers: client.headers,
      payload: { reason: 'El abogado no ha presentado la demanda.' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(es.money.disputeAlreadyOpen);
    // seven days later the closure does not finish by itself: the dispute waits for the administrators
    clock = new Date(Date.now() + 8 * DAY);
    await t.app.money.sweep();
    const [still] = await t.app.db.select().from(cases).where(eq(cases.id, caseId));
    expect(still?.status).toBe('ACTIVO');
    // the case says so to both parties, so 'Disputa abierta' survives a reload
    expect((await h.get(client, `/api/cases/user/case/${caseId}`)).data.disputeOpen).toBe(true);
    expect((await h.get(lawyer, `/api/cases/user/case/${caseId}`)).data.disputeOpen).toBe(true);
    const queue = await h.get(admin, '/api/admin/disputes?status=open');
    const dispute = queue.data.find((row: { caseId: string }) => row.caseId === caseId);
    expect(dispute).toMatchObject({ amount: 120, status: 'open', clientId: client.id, lawyerId: lawyer.id });
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${dispute.id}/resolve`,
      headers: admin.headers,
      payload: { outcome: 'release', note: 'El trabajo está hecho.' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({ status: 'resolved', outcome: 'release', refunded: 0 });
    const [after] = await t.app.db.select().from(cases).where(eq(cases.id, caseId));
    expect(after?.status).toBe('FINALIZADO');
    expect((await h.get(client, `/api/cases/user/case/${caseId}`)).data.disputeOpen).toBe(false);
    await expect.poll(async () => (await transferOf(caseId))?.status).toBe('ENVIADA');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${dispute.id}/resolve`,
      headers: admin.headers,
      payload: { outcome: 'release', note: 'Otra vez.' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(es.admin.money.disputeAlreadyResolved);
  });

  it('a dispute resolved with a partial refund pays the client back and the lawyer the rest', async () => {
    const lawyer = await h.person('lawyer');
    await h.enablePayouts(lawyer);
    const { caseId } = await h.paidCase(client, lawyer, admin, 200);
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/cases/${caseId}/dispute`,
      headers: client.headers,
      payload: { reason: 'Solo se hizo la mitad del trabajo.' },
    });
    const id = opened.json().data.id as string;
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/disputes/${id}/resolve`,
      headers: admin.headers,
      payload: { outcome: 'refund', amount: 50, note: 'Se devuelve la cuarta parte.' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({ outcome: 'refund', refunded: 50 });
    await expect.poll(async () => (await transferOf(caseId))?.status).toBe('ENVIADA');
    // 150 left: fee 15 + 3,15 IVA, share 131,85
    expect((await transferOf(caseId))?.amountCents).toBe(13_185);
    const both = await t.app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.caseId, caseId), eq(notifications.type, 'dispute.resolved')));
    expect(both.map((row) => row.userId).sort()).toEqual([client.id, lawyer.id].sort());
  });

  it('finishes a case 7 days after the closure request with no answer, telling both', async () => {
    const lawyer = await h.person('lawyer');
    const { caseId } = await h.paidCase(client, lawyer, admin, 80);
    await h.requestClosure(lawyer, caseId);
    clock = new Date(Date.now() + 6 * DAY);
    expect((await t.app.money.sweep()).finished).toBe(0);
    clock = new Date(Date.now() + 7 * DAY + 60_000);
    await t.app.money.sweep();
    const [row] = await t.app.db.select().from(cases).where(eq(cases.id, caseId));
    expect(row?.status).toBe('FINALIZADO');
    expect((await transferOf(caseId))?.status).toBe('PENDIENTE');
    const told = await t.app.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.caseId, caseId), eq(notifications.type, 'case.finished')));
    expect(told.map((r) => r.userId).sort()).toEqual([client.id, lawyer.id].sort());
  });

  it('an abandoned sandbox checkout frees the proposal after 30 minutes; the cancel call at once', async () => {
    const lawyer = await h.person('lawyer');
    const { proposalId, sessionId } = await h.accepted(client, lawyer, admin, 60);
    clock = new Date(Date.now() + 29 * 60_000);
    expect((await t.app.money.sweep()).expired).toBe(0);
    clock = new Date(Date.now() + 31 * 60_000);
    expect((await t.app.money.sweep()).expired).toBeGreaterThanOrEqual(1);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.providerSessionId, sessionId));
    expect(payment?.status).toBe('CANCELADO');
    const [proposal] = await t.app.db.select().from(proposals).where(eq(proposals.id, proposalId));
    expect(proposal?.status).toBe('PENDIENTE');
    expect((await t.app.payments.payInSandbox(sessionId)).status).not.toBe('completed');

    const other = await h.accepted(client, await h.person('lawyer'), admin, 70);
    const [open] = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.providerSessionId, other.sessionId));
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${open?.id}/cancel`,
      headers: client.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [freed] = await t.app.db.select().from(proposals).where(eq(proposals.id, other.proposalId));
    expect(freed?.status).toBe('PENDIENTE');
  });

  it('lists every payment for the administrators, filtered and as CSV', async () => {
    const list = await h.get(admin, '/api/admin/payments?status=COMPLETADO&page=1&pageSize=50');
    expect(list.meta.total).toBeGreaterThan(0);
    expect(list.data.every((row: { status: string }) => row.status === 'COMPLETADO')).toBe(true);
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments?format=csv',
      headers: admin.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(`\uFEFF${es.admin.money.csvHeader.join(';')}`);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments?from=ayer',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    const summary = await h.get(admin, '/api/admin/money/summary');
    expect(summary.data.weeks).toHaveLength(12);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments',
      headers: client.headers,
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
