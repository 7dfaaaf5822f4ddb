import { es } from '@l4l/shared/texts/es';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, json, mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { checkDisputeReason, DisputeAction } from './dispute-action.tsx';
import { PayoutsPage } from './payouts-page.tsx';
import { checkSandboxForm, SANDBOX_IBAN, SandboxOnboardingPage } from './sandbox-onboarding-page.tsx';

const t = moneyWebEs;
const CASE_ID = '9c1f3c1e-2b6f-4a57-9d1c-6a1c2e9b7f10';
const TRANSFER = {
  id: 'tr-1',
  caseId: CASE_ID,
  caseCode: '9C1F3C1E',
  consultationId: null,
  amount: 263.7,
  sent: 263.7,
  status: 'ENVIADA',
  reversed: 0,
  price: 300,
  fee: 30,
  feeVat: 6.3,
  feeTotal: 36.3,
  refunded: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
};

describe('Cobros', () => {
  it('shows the account, the balance and the transfers, and sends the lawyer to set the account up', async () => {
    mockApi({
      'GET /api/payouts/account': () => ok({ status: 'none', provider: 'sandbox' }),
      'GET /api/payouts/balance': () => ok({ held: 300, available: 90.5, paidOut: 270 }),
      'GET /api/payouts/transfers': () =>
        json(200, { data: [TRANSFER], meta: { total: 1, page: 1, pageSize: 10 } }),
      'POST /api/payouts/account/onboarding': () => ok({ url: '/payout/sandbox/acct-1' }),
    });
    const navigate = vi.fn();
    renderWithApp(<PayoutsPage navigate={navigate} />);
    expect(await screen.findByText(t.payouts.account.none)).toBeInTheDocument();
    expect(await screen.findByText('300 €')).toBeInTheDocument();
    expect(screen.getByText('90,50 €')).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: t.payouts.transfers.openCase('9C1F3C1E') })).closest(
      'tr',
    );
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('263,70 €')).toBeInTheDocument();
    // the fee as its invoice bills it, with its IVA (docs/money.md, The fee and its IVA)
    expect(within(row as HTMLElement).getByText(t.payouts.transfers.fromPrice('300 €'))).toBeInTheDocument();
    expect(
      within(row as HTMLElement).getByText(t.payouts.transfers.fee('30 €', '6,30 €', '36,30 €')),
    ).toBeInTheDocument();
    // no active account yet: what is available waits for it
    expect(screen.getByText(t.payouts.balance.availableHint)).toBeInTheDocument();
    expect(
      within(row as HTMLElement).getByText(es.money.transferStatuses.ENVIADA as string),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: t.payouts.transfers.openCase('9C1F3C1E') })).toHaveAttribute(
      'href',
      `/dashboard/casos/${CASE_ID}`,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: t.payouts.account.setUp }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/payout/sandbox/acct-1'));
  });

  it('says when there are no transfers yet', async () => {
    mockApi({
      'GET /api/payouts/account': () => ok({ status: 'enabled', provider: 'sandbox' }),
      'GET /api/payouts/balance': () => ok({ held: 0, available: 0, paidOut: 0 }),
      'GET /api/payouts/transfers': () => json(200, { data: [], meta: { total: 0, page: 1, pageSize: 10 } }),
    });
    renderWithApp(<PayoutsPage />);
    expect(await screen.findByText(t.payouts.transfers.empty)).toBeInTheDocument();
    expect(screen.getByText(t.payouts.account.enabled)).toBeInTheDocument();
    // an active account: the hint no longer says it waits for one
    expect(screen.getByText(t.payouts.balance.availableHintEnabled)).toBeInTheDocument();
    expect(screen.queryByText(t.payouts.balance.availableHint)).not.toBeInTheDocument();
  });
});

describe('Cobros, an active account', () => {
  it('shows the holder and the last digits of the bank account, and sends the lawyer where to change them', async () => {
    mockApi({
      'GET /api/payouts/account': () =>
        ok({
          status: 'enabled',
          provider: 'stripe',
          holder: 'Lucía García',
          bankLast4: '1332',
          enabledAt: '2026-11-02T09:00:00.000Z',
        }),
      'GET /api/payouts/balance': () => ok({ held: 0, available: 0, paidOut: 0 }),
      'GET /api/payouts/transfers': () => json(200, { data: [], meta: { total: 0, page: 1, pageSize: 10 } }),
      'POST /api/payouts/account/onboarding': () => ok({ url: 'https://connect.stripe.com/express/abc' }),
    });
    const navigate = vi.fn();
    renderWithApp(<PayoutsPage navigate={navigate} />);
    const details = await screen.findByLabelText(t.payouts.account.details);
    expect(within(details).getByText('Lucía García')).toBeInTheDocument();
    expect(within(details).getByText(t.payouts.account.bankEnding('1332'))).toBeInTheDocument();
    expect(screen.getByText(t.payouts.account.changeHint.stripe)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: t.payouts.account.update }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://connect.stripe.com/express/abc'));
  });
});

describe('Cobros, transfers taken back', () => {
  it('says a transfer was reversed in part: what was sent, what was taken back and what remains', async () => {
    mockApi({
      'GET /api/payouts/account': () => ok({ status: 'enabled', provider: 'stripe' }),
      'GET /api/payouts/balance': () => ok({ held: 0, available: 0, paidOut: 170 }),
      'GET /api/payouts/transfers': () =>
        json(200, {
          data: [
            { ...TRANSFER, amount: 163.7, reversed: 100 },
            {
              ...TRANSFER,
              id: 'tr-2',
              caseCode: 'AAAA1111',
              consultationId: null,
              amount: 0,
              reversed: 263.7,
              status: 'REVERTIDA',
            },
          ],
          meta: { total: 2, page: 1, pageSize: 10 },
        }),
    });
    renderWithApp(<PayoutsPage />);
    const partly = (
      await screen.findByRole('link', { name: t.payouts.transfers.openCase('9C1F3C1E') })
    ).closest('tr') as HTMLElement;
    expect(within(partly).getByText(t.payouts.transfers.partlyReversed)).toBeInTheDocument();
    expect(within(partly).getByText(t.payouts.transfers.sent('263,70 €'))).toBeInTheDocument();
    expect(within(partly).getByText(t.payouts.transfers.takenBack('100 €'))).toBeInTheDocument();
    expect(within(partly).getByText(t.payouts.transfers.remains('163,70 €'))).toBeInTheDocument();
    const whole = screen
      .getByRole('link', { name: t.payouts.transfers.openCase('AAAA1111') })
      .closest('tr') as HTMLElement;
    expect(within(whole).getByText(es.money.transferStatuses.REVERTIDA as string)).toBeInTheDocument();
    expect(within(whole).getByText(t.payouts.transfers.takenBack('263,70 €'))).toBeInTheDocument();
    expect(within(whole).getByText(t.payouts.transfers.remains('0 €'))).toBeInTheDocument();
  });
});

describe('sandbox onboarding', () => {
  it('checks the holder and the IBAN before sending', () => {
    expect(checkSandboxForm({ holder: ' ', iban: 'ES12' })).toEqual({
      holder: es.money.holderRequired,
      iban: es.money.iban.length('ES', 24, 4),
    });
    expect(checkSandboxForm({ holder: 'Lucía García', iban: SANDBOX_IBAN })).toEqual({});
    // a valid IBAN of another SEPA country is fine too
    expect(checkSandboxForm({ holder: 'Lucía García', iban: 'FR7630006000011234567890189' })).toEqual({});
  });

  it('shows the messages under the fields, then enables the account and returns to Cobros', async () => {
    const api = mockApi({
      'POST /api/payouts/sandbox/acct-1/complete': () => ok({ status: 'enabled', provider: 'sandbox' }),
    });
    const user = userEvent.setup();
    renderWithApp(<SandboxOnboardingPage accountId="acct-1" holder="" donePath="/dashboard/cobros" />, {
      path: '/payout/sandbox/acct-1',
    });
    const iban = screen.getByLabelText(t.sandbox.iban);
    expect(iban).toHaveValue(SANDBOX_IBAN);
    await user.clear(iban);
    // one digit wrong: the IBAN's check digits catch it
    await user.type(iban, 'ES91 2100 0418 4502 0005 1333');
    await user.click(screen.getByRole('button', { name: t.sandbox.submit }));
    expect(await screen.findByText(es.money.holderRequired)).toBeInTheDocument();
    expect(screen.getByText(es.money.iban.checkDigits)).toBeInTheDocument();
    expect(api.callsTo('POST /api/payouts/sandbox/acct-1/complete')).toHaveLength(0);

    await user.type(screen.getByLabelText(t.sandbox.holder), 'Lucía García');
    await user.clear(iban);
    await user.type(iban, SANDBOX_IBAN);
    await user.click(screen.getByRole('button', { name: t.sandbox.submit }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/dashboard/cobros');
    expect(api.callsTo('POST /api/payouts/sandbox/acct-1/complete')[0]?.body).toEqual({
      holder: 'Lucía García',
      iban: SANDBOX_IBAN.replace(/\s/g, ''),
    });
  });
});

describe('dispute', () => {
  it('asks for a reason of 10 to 1000 characters', () => {
    expect(checkDisputeReason('corto   ')).toBe(es.money.disputeReasonShort);
    expect(checkDisputeReason('x'.repeat(1001))).toBe(es.money.disputeReasonLong);
    expect(checkDisputeReason('El trabajo no está terminado.')).toBeNull();
  });

  it('opens a dispute from an accessible dialog with a counter, then shows it open', async () => {
    const reason = 'El abogado no presentó la demanda.';
    const api = mockApi({
      [`POST /api/cases/${CASE_ID}/dispute`]: () =>
        ok({
          id: 'd-1',
          caseId: CASE_ID,
          caseCode: '9C1F3C1E',
          consultationId: null,
          clientId: 'c',
          lawyerId: 'l',
          amount: 300,
          reason,
          status: 'open',
          openedAt: '2026-11-25T10:00:00.000Z',
          source: 'client',
          outcome: null,
          refunded: null,
          note: null,
          resolvedAt: null,
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<DisputeAction caseId={CASE_ID} />);
    await user.click(screen.getByRole('button', { name: t.dispute.open }));
    const dialog = await screen.findByRole('dialog', { name: t.dispute.title });
    const field = within(dialog).getByLabelText(t.dispute.reason);
    expect(field).toHaveFocus();
    await user.type(field, 'Mal');
    expect(within(dialog).getByText('3/1000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: t.dispute.submit }));
    expect(await within(dialog).findByText(es.money.disputeReasonShort)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(`POST /api/cases/${CASE_ID}/dispute`)).toHaveLength(0);

    await user.clear(field);
    await user.type(field, reason);
    await user.click(within(dialog).getByRole('button', { name: t.dispute.submit }));
    expect(await screen.findByRole('status')).toHaveTextContent(t.dispute.stateTitle);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/cases/${CASE_ID}/dispute`)[0]?.body).toEqual({ reason });
  });

  it("shows the server's refusal in the dialog", async () => {
    mockApi({
      [`POST /api/cases/${CASE_ID}/dispute`]: () => fail(409, 'CONFLICT', es.money.disputeAlreadyOpen),
    });
    const user = userEvent.setup();
    renderWithApp(<DisputeAction caseId={CASE_ID} />);
    await user.click(screen.getByRole('button', { name: t.dispute.open }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(t.dispute.reason), 'No estoy conforme con el resultado.');
    await user.click(within(dialog).getByRole('button', { name: t.dispute.submit }));
    expect(await within(dialog).findByText(es.money.disputeAlreadyOpen)).toBeInTheDocument();
  });
});
