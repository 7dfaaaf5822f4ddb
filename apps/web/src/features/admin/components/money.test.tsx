import type { AdminPayment, MoneySummary as Summary } from '@l4l/shared/schemas/admin-money';
import { es } from '@l4l/shared/texts/es';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { checkRefund, checkResolve, parseEuros } from '../lib/money-forms.ts';
import { MoneySummary } from './money-summary.tsx';
import { PaymentsPage } from './payments-page.tsx';

const t = moneyWebEs.admin;
const page = (data: unknown[]) => json(200, { data, meta: { total: data.length, page: 1, pageSize: 20 } });
const PAYMENT: AdminPayment = {
  id: 'pay-1',
  caseId: 'case-1',
  caseCode: 'AB12CD34',
  consultationId: null,
  consultationStart: null,
  clientId: 'client-1',
  lawyerId: 'lawyer-1',
  status: 'COMPLETADO',
  amount: 300,
  fee: 30,
  refunded: 0,
  transferStatus: null,
  transferReversed: 0,
  transferUnreconciled: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
  clientName: 'Ana Martín',
  lawyerName: 'Lucía García',
  disputeOpen: false,
};
const DISPUTE = {
  id: 'd-1',
  caseId: 'case-2',
  caseCode: 'EF56GH78',
  clientId: 'client-2',
  lawyerId: 'lawyer-1',
  amount: 200,
  reason: 'El abogado no presentó la demanda.',
  status: 'open',
  openedAt: '2026-11-24T10:00:00.000Z',
  source: 'client',
  outcome: null,
  refunded: null,
  note: null,
  resolvedAt: null,
};

describe('the money forms', () => {
  it('reads euros with a comma or a dot and at most two decimals', () => {
    expect(parseEuros('12,5')).toBe(12.5);
    expect(parseEuros('150.25')).toBe(150.25);
    expect(parseEuros('1,234')).toBeNull();
    expect(parseEuros('doce')).toBeNull();
  });

  it('asks every refund for its amount, within what is left, and a reason: nothing is refunded by default', () => {
    expect(checkRefund({ amount: '', reason: '' }, 300)).toEqual({
      amount: t.refund.amountInvalid('300 €'),
      reason: es.admin.money.reasonRequired,
    });
    expect(checkRefund({ amount: '300,01', reason: 'x' }, 300)).toEqual({
      amount: t.refund.amountInvalid('300 €'),
    });
    expect(checkRefund({ amount: '150', reason: 'Acuerdo' }, 300)).toEqual({});
    expect(checkRefund({ amount: '300', reason: 'Acuerdo' }, 300)).toEqual({});
  });

  it('asks a resolution for a note; a refund amount is optional', () => {
    expect(checkResolve({ outcome: 'release', amount: '', note: ' ' }, 200)).toEqual({
      note: es.admin.money.noteRequired,
    });
    expect(checkResolve({ outcome: 'refund', amount: '0', note: 'Nota' }, 200)).toEqual({
      amount: t.refund.amountInvalid('200 €'),
    });
    expect(checkResolve({ outcome: 'refund', amount: '', note: 'Nota' }, 200)).toEqual({});
  });
});

describe('Pagos, disputes first', () => {
  it('puts the open disputes above the payments and disables the refund of a disputed payment, saying why', async () => {
    mockApi({
      'GET /api/admin/payments': () => page([{ ...PAYMENT, disputeOpen: true }]),
      'GET /api/admin/disputes': () => page([DISPUTE]),
    });
    renderWithApp(<PaymentsPage />);
    const disputes = await screen.findByRole('table', { name: t.disputes.caption });
    const payments = await screen.findByRole('table', { name: t.table.caption });
    // the disputes table comes first in the page
    expect(disputes.compareDocumentPosition(payments) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      within(disputes).getByRole('link', { name: t.disputes.openCase(DISPUTE.caseCode) }),
    ).toHaveAttribute('href', `/dashboard/casos/${DISPUTE.caseId}`);
    const refund = within(payments).getByRole('button', {
      name: t.refund.actionLabel(t.refund.ofCase('AB12CD34')),
    });
    expect(refund).toBeDisabled();
    expect(refund).toHaveAccessibleDescription(t.refund.disputed);
  });
});

describe('Pagos', () => {
  it('shows a transfer reversed in part outside L4L, with what waits to be reconciled', async () => {
    mockApi({
      'GET /api/admin/payments': () =>
        page([
          {
            ...PAYMENT,
            transferStatus: 'ENVIADA',
            transferReversed: 67.5,
            transferUnreconciled: 67.5,
          },
        ]),
      'GET /api/admin/disputes': () => page([]),
    });
    renderWithApp(<PaymentsPage />);
    const row = (await screen.findByText('#AB12CD34')).closest('tr') as HTMLElement;
    expect(within(row).getByText(t.table.partlyReversed)).toBeInTheDocument();
    expect(within(row).getByText(t.table.unreconciled('67,50 €'))).toBeInTheDocument();
  });

  it('lists payments with filters and the CSV link, and refunds half: the amount first, then written out', async () => {
    const api = mockApi({
      'GET /api/admin/payments': () => page([PAYMENT]),
      'GET /api/admin/disputes': () => page([]),
      'POST /api/admin/payments/pay-1/refund': () => ok({ ...PAYMENT, refunded: 150 }),
    });
    const user = userEvent.setup();
    renderWithApp(<PaymentsPage />);
    const row = (await screen.findByText('#AB12CD34')).closest('tr') as HTMLElement;
    // the case's code leads to the case
    expect(within(row).getByRole('link', { name: t.table.openCase('AB12CD34') })).toHaveAttribute(
      'href',
      '/dashboard/casos/case-1',
    );
    expect(within(row).getByText('300 €')).toBeInTheDocument();
    expect(within(row).getByText('30 €')).toBeInTheDocument();
    expect(within(row).getByText(t.table.noTransfer)).toBeInTheDocument();
    expect(await screen.findByText(t.disputes.empty)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(t.filters.status), 'COMPLETADO');
    expect(screen.getByRole('link', { name: t.filters.csvLabel })).toHaveAttribute(
      'href',
      '/api/admin/payments?format=csv&status=COMPLETADO',
    );
    expect(api.callsTo('GET /api/admin/payments').at(-1)?.query.get('status')).toBe('COMPLETADO');

    await user.click(
      within(row).getByRole('button', { name: t.refund.actionLabel(t.refund.ofCase('AB12CD34')) }),
    );
    const dialog = await screen.findByRole('dialog', { name: t.refund.title(t.refund.ofCase('AB12CD34')) });
    // nothing is chosen for the administrator: an empty amount, the most that may be refunded shown
    expect(within(dialog).getByLabelText(t.refund.amount)).toHaveValue('');
    expect(within(dialog).getByText(t.refund.amountMax('300 €'))).toBeInTheDocument();
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(t.refund.amount), '400');
    await user.click(within(dialog).getByRole('button', { name: t.refund.review }));
    expect(await within(dialog).findByText(t.refund.amountInvalid('300 €'))).toBeInTheDocument();
    expect(within(dialog).getByText(es.admin.money.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/payments/pay-1/refund')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(t.refund.amount));
    await user.type(within(dialog).getByLabelText(t.refund.amount), '150');
    await user.type(within(dialog).getByLabelText(es.admin.reason), 'Acuerdo entre las partes');
    await user.click(within(dialog).getByRole('button', { name: t.refund.review }));
    // the amount written out, and what will be left, before anything is refunded
    const confirm = await screen.findByRole('dialog', {
      name: t.refund.confirmTitle(t.refund.ofCase('AB12CD34')),
    });
    expect(within(confirm).getByText(t.refund.confirmText('150 €', '150 €'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/payments/pay-1/refund')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: t.refund.confirmAmount('150 €') }));
    expect(await screen.findByText(t.refund.done(t.refund.ofCase('AB12CD34')))).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/payments/pay-1/refund')[0]?.body).toEqual({
      amount: 150,
      reason: 'Acuerdo entre las partes',
    });
  });

  it('resolves a dispute with a partial refund and a note', async () => {
    const api = mockApi({
      'GET /api/admin/payments': () => page([]),
      'GET /api/admin/disputes': () => page([DISPUTE]),
      'POST /api/admin/disputes/d-1/resolve': () => ok({ ...DISPUTE, status: 'resolved' }),
    });
    const user = userEvent.setup();
    renderWithApp(<PaymentsPage />);
    expect(await screen.findByText(t.table.empty)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: t.disputes.resolveLabel('EF56GH78') }));
    const dialog = await screen.findByRole('dialog', { name: t.disputes.resolveTitle('EF56GH78') });
    await user.click(within(dialog).getByRole('button', { name: t.disputes.confirm }));
    expect(await within(dialog).findByText(es.admin.money.noteRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(es.admin.money.disputeOutcomes.refund as string));
    await user.type(within(dialog).getByLabelText(t.disputes.refundAmount), '50');
    await user.type(within(dialog).getByLabelText(t.disputes.note), 'Falta una parte del trabajo.');
    await user.click(within(dialog).getByRole('button', { name: t.disputes.confirm }));
    expect(await screen.findByText(t.disputes.done('EF56GH78'))).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/disputes/d-1/resolve')[0]?.body).toEqual({
      outcome: 'refund',
      amount: 50,
      note: 'Falta una parte del trabajo.',
    });
  });
});

describe('Resumen: money', () => {
  it('shows money held, open disputes and each week as a table for screen readers', async () => {
    const summary: Summary = {
      weeks: [
        { week: '2026-11-09', payments: 500, fees: 50, refunds: 0, transfers: 0 },
        { week: '2026-11-16', payments: 300, fees: 30, refunds: 150, transfers: 270 },
      ],
      held: 450,
      available: 90,
      openDisputes: 1,
    };
    mockApi({ 'GET /api/admin/money/summary': () => ok(summary) });
    const user = userEvent.setup();
    renderWithApp(<MoneySummary disputesPath="/admin/pagos" />);
    expect(await screen.findByText('450 €')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1' })).toHaveAttribute('href', '/admin/pagos');
    const refunds = screen.getByRole('table', { name: t.summary.perWeek(t.summary.refunds) });
    expect(
      within(refunds).getByRole('row', { name: `${t.summary.weekOf('16/11/2026')} 150 €` }),
    ).toBeInTheDocument();
    const figure = screen.getByRole('figure', { name: t.summary.perWeek(t.summary.refunds) });
    await user.click(within(figure).getByRole('button', { name: t.summary.showTable }));
    expect(within(figure).getByRole('button', { name: t.summary.showChart })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
