import { es } from '@l4l/shared/texts/es';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CASE_ID, CHAT_ID, LAWYER } from '../../../test/case-fixtures.ts';
import { fail, mockApi, ok, type Route } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CounterOfferAnswer, ProposalManage } from './proposal-manage.tsx';

const PROPOSAL_ID = '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d';
const NEXT_ID = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
const REPLACE = `POST /api/proposal/${PROPOSAL_ID}/replace`;
const WITHDRAW = `POST /api/proposal/${PROPOSAL_ID}/withdraw`;

const proposal = (overrides: Record<string, unknown>) => ({
  id: PROPOSAL_ID,
  caseId: CASE_ID,
  lawyerId: LAWYER.id,
  chatId: CHAT_ID,
  price: 400,
  message: 'Me encargo de todo.',
  status: 'PENDIENTE',
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function renderManage(routes: Record<string, Route>, status: 'PENDIENTE' | 'ACEPTADA' = 'PENDIENTE') {
  const onChanged = vi.fn();
  const api = mockApi({ 'GET /api/auth/me': () => ok(LAWYER), ...routes });
  renderWithApp(
    <ProposalManage proposalId={PROPOSAL_ID} amount={400} status={status} onChanged={onChanged} />,
    {
      consent: 'true',
    },
  );
  return { api, onChanged, user: userEvent.setup() };
}

describe('ProposalManage', () => {
  it("'Cambiar precio' sends the new price (comma decimals) and an optional message, then closes", async () => {
    const { api, onChanged, user } = renderManage({
      [REPLACE]: (call) => ok(proposal({ id: NEXT_ID, price: (call.body as { price: number }).price })),
    });
    await user.click(await screen.findByRole('button', { name: es.proposals.changePrice }));
    const dialog = await screen.findByRole('dialog', { name: es.proposals.replaceTitle });
    expect(within(dialog).getByText(es.proposals.replaceDescription('400 €'))).toBeInTheDocument();
    // the price is required
    await user.click(within(dialog).getByRole('button', { name: es.proposals.replaceSubmit }));
    expect(await within(dialog).findByText(es.validation.price)).toBeInTheDocument();
    expect(api.callsTo(REPLACE)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(es.proposals.newPriceLabel), '349,5');
    await user.click(within(dialog).getByRole('button', { name: es.proposals.replaceSubmit }));
    expect(await screen.findByText(es.proposals.replaced('349,50 €'))).toBeInTheDocument();
    // a blank message is none: the server keeps the proposal's
    expect(api.callsTo(REPLACE)[0]?.body).toEqual({ price: 349.5 });
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's refusal on the price, or as the dialog's message, and keeps it open", async () => {
    let answer: Route = () =>
      fail(400, 'VALIDATION_ERROR', 'Datos no válidos', {
        fields: { price: es.proposals.samePrice('400 €') },
      });
    const { onChanged, user } = renderManage({ [REPLACE]: (call) => answer(call) });
    await user.click(await screen.findByRole('button', { name: es.proposals.changePrice }));
    const dialog = await screen.findByRole('dialog', { name: es.proposals.replaceTitle });
    await user.type(within(dialog).getByLabelText(es.proposals.newPriceLabel), '400');
    await user.click(within(dialog).getByRole('button', { name: es.proposals.replaceSubmit }));
    expect(await within(dialog).findByText(es.proposals.samePrice('400 €'))).toBeInTheDocument();
    expect(within(dialog).getByLabelText(es.proposals.newPriceLabel)).toHaveAttribute('aria-invalid', 'true');

    // the client started paying meanwhile
    answer = () => fail(409, 'INVALID_TRANSITION', es.proposals.beingPaid);
    await user.clear(within(dialog).getByLabelText(es.proposals.newPriceLabel));
    await user.type(within(dialog).getByLabelText(es.proposals.newPriceLabel), '380');
    await user.click(within(dialog).getByRole('button', { name: es.proposals.replaceSubmit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(es.proposals.beingPaid);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("'Retirar' asks first: 'Cancelar' changes nothing, confirming withdraws it", async () => {
    const { api, onChanged, user } = renderManage({ [WITHDRAW]: () => ok(proposal({ status: 'RETIRADA' })) });
    await user.click(await screen.findByRole('button', { name: es.proposals.withdraw }));
    let dialog = await screen.findByRole('dialog', { name: es.proposals.withdrawTitle });
    expect(within(dialog).getByText(es.proposals.withdrawQuestion('400 €'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: es.buttons.cancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(WITHDRAW)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: es.proposals.withdraw }));
    dialog = await screen.findByRole('dialog', { name: es.proposals.withdrawTitle });
    await user.click(within(dialog).getByRole('button', { name: es.proposals.withdrawConfirm }));
    expect(await screen.findByText(es.proposals.withdrawn)).toBeInTheDocument();
    expect(api.callsTo(WITHDRAW)).toHaveLength(1);
    expect(onChanged).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a refused withdrawal says why', async () => {
    const { user } = renderManage({
      [WITHDRAW]: () => fail(409, 'INVALID_TRANSITION', es.proposals.beingPaid),
    });
    await user.click(await screen.findByRole('button', { name: es.proposals.withdraw }));
    const dialog = await screen.findByRole('dialog', { name: es.proposals.withdrawTitle });
    await user.click(within(dialog).getByRole('button', { name: es.proposals.withdrawConfirm }));
    expect(await screen.findByText(es.proposals.beingPaid)).toBeInTheDocument();
  });

  it('offers nothing while the client is paying it, and says so', async () => {
    renderManage({}, 'ACEPTADA');
    expect(await screen.findByText(es.proposals.beingPaidNote)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('CounterOfferAnswer', () => {
  it('sends a proposal at the price the client asked, in one click', async () => {
    const onChanged = vi.fn();
    const api = mockApi({
      'GET /api/auth/me': () => ok(LAWYER),
      [REPLACE]: () => ok(proposal({ id: NEXT_ID, price: 320 })),
    });
    renderWithApp(<CounterOfferAnswer proposalId={PROPOSAL_ID} amount={320} onChanged={onChanged} />, {
      consent: 'true',
    });
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: es.proposals.acceptCounter('320 €') }));
    expect(await screen.findByText(es.proposals.replaced('320 €'))).toBeInTheDocument();
    expect(api.callsTo(REPLACE)[0]?.body).toEqual({ price: 320 });
    expect(onChanged).toHaveBeenCalledTimes(1);
  });
});
