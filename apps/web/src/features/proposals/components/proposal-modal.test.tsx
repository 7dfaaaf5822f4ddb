import { es } from '@l4l/shared/texts/es';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CASE_ID, LAWYER } from '../../../test/case-fixtures.ts';
import { fail, mockApi, ok, type Route } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ProposalModal } from './proposal-modal.tsx';

const PROPOSE = `POST /api/proposal/create-proposal-to-case/${CASE_ID}`;

function renderModal(propose: Route) {
  const onSent = vi.fn();
  const api = mockApi({ 'GET /api/auth/me': () => ok(LAWYER), [PROPOSE]: propose });
  renderWithApp(<ProposalModal caseId={CASE_ID} caseTitle="Despido sin preaviso" onSent={onSent} />, {
    consent: 'true',
  });
  return { api, onSent };
}

async function openModal() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: es.buttons.sendProposal }));
  return { user, dialog: await screen.findByRole('dialog', { name: es.buttons.sendProposal }) };
}

describe('ProposalModal', () => {
  it('requires a price and a message, takes comma decimals and sends euros', async () => {
    const { api, onSent } = renderModal((call) =>
      ok({
        id: '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d',
        caseId: CASE_ID,
        lawyerId: LAWYER.id,
        chatId: null,
        price: (call.body as { price: number }).price,
        message: 'Puedo ayudarte.',
        status: 'PENDIENTE',
        createdAt: '2026-03-08T10:00:00.000Z',
      }),
    );
    const { user, dialog } = await openModal();
    expect(within(dialog).getByText(es.proposals.forCase('Despido sin preaviso'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: es.proposals.submit }));
    expect(await within(dialog).findByText(es.validation.price)).toBeInTheDocument();
    expect(within(dialog).getByText(es.proposals.messageRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(es.proposals.priceLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo(PROPOSE)).toHaveLength(0);

    const price = within(dialog).getByLabelText(es.proposals.priceLabel);
    await user.type(price, '1a50.505');
    expect(price).toHaveValue('150,50');
    await user.type(within(dialog).getByLabelText(es.proposals.messageLabel), '  Puedo ayudarte. ');
    await user.click(within(dialog).getByRole('button', { name: es.proposals.submit }));
    expect(await screen.findByText(es.proposals.sentToast)).toBeInTheDocument();
    expect(api.callsTo(PROPOSE)[0]?.body).toEqual({ price: 150.5, message: 'Puedo ayudarte.' });
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refuses a zero price', async () => {
    const { api } = renderModal(() => ok(null));
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText(es.proposals.priceLabel), '0');
    await user.type(within(dialog).getByLabelText(es.proposals.messageLabel), 'Hola');
    await user.click(within(dialog).getByRole('button', { name: es.proposals.submit }));
    expect(await within(dialog).findByText(es.validation.price)).toBeInTheDocument();
    expect(api.callsTo(PROPOSE)).toHaveLength(0);
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    const { onSent } = renderModal(() => fail(409, 'CONFLICT', es.proposals.alreadyPending));
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText(es.proposals.priceLabel), '200');
    await user.type(within(dialog).getByLabelText(es.proposals.messageLabel), 'Hola');
    await user.click(within(dialog).getByRole('button', { name: es.proposals.submit }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(es.proposals.alreadyPending);
    expect(onSent).not.toHaveBeenCalled();
  });

  it("flags the field the server's validation refused", async () => {
    renderModal(() =>
      fail(400, 'VALIDATION_ERROR', 'Datos no válidos', { fields: { price: es.validation.price } }),
    );
    const { user, dialog } = await openModal();
    await user.type(within(dialog).getByLabelText(es.proposals.priceLabel), '200');
    await user.type(within(dialog).getByLabelText(es.proposals.messageLabel), 'Hola');
    await user.click(within(dialog).getByRole('button', { name: es.proposals.submit }));
    expect(await within(dialog).findByText(es.validation.price)).toBeInTheDocument();
  });
});
