import { es } from '@l4l/shared/texts/es';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CASE_ID, CHAT_ID } from '../../../test/case-fixtures.ts';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { ProposalAnswer } from './proposal-answer.tsx';

const PROPOSAL_ID = '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d';
const REJECT = `POST /api/proposal/reject-proposal/${PROPOSAL_ID}/${CHAT_ID}`;

function renderAnswer() {
  const onRejected = vi.fn();
  const api = mockApi({
    'GET /api/auth/me': () => ok(CLIENT),
    [REJECT]: (call) =>
      ok({
        id: PROPOSAL_ID,
        caseId: CASE_ID,
        lawyerId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
        chatId: CHAT_ID,
        price: 400,
        message: 'Me encargo de todo.',
        status: 'RECHAZADA',
        createdAt: '2026-03-08T10:00:00.000Z',
        rejectReason: (call.body as { reason?: string } | undefined)?.reason ?? null,
      }),
  });
  renderWithApp(
    <ProposalAnswer proposalId={PROPOSAL_ID} chatId={CHAT_ID} amount={400} onRejected={onRejected} />,
    {
      consent: 'true',
    },
  );
  return { api, onRejected };
}

describe('ProposalAnswer', () => {
  it("asks before rejecting: 'Cancelar' changes nothing", async () => {
    const { api } = renderAnswer();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.reject }));
    const dialog = await screen.findByRole('dialog', { name: es.proposals.rejectTitle });
    expect(within(dialog).getByText(es.proposals.rejectQuestion('400 €'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: es.proposals.rejectCancel }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(REJECT)).toHaveLength(0);
    expect(screen.getByRole('button', { name: es.buttons.accept })).toBeInTheDocument();
  });

  it('rejects once confirmed, sending the optional reason', async () => {
    const { api, onRejected } = renderAnswer();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.reject }));
    const dialog = await screen.findByRole('dialog', { name: es.proposals.rejectTitle });
    await user.type(within(dialog).getByLabelText(es.proposals.rejectReasonLabel), ' Demasiado caro. ');
    await user.click(within(dialog).getByRole('button', { name: es.proposals.rejectConfirm }));
    expect(await screen.findByText(es.proposals.rejected)).toBeInTheDocument();
    expect(api.callsTo(REJECT)[0]?.body).toEqual({ reason: 'Demasiado caro.' });
    expect(onRejected).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: es.buttons.accept })).not.toBeInTheDocument();
  });

  it("'Pedir otro precio' sends the price asked and an optional note; the server's refusal shows on the price", async () => {
    const COUNTER = `POST /api/proposal/${PROPOSAL_ID}/counter-offer`;
    let refuse = true;
    const api = mockApi({
      'GET /api/auth/me': () => ok(CLIENT),
      [COUNTER]: (call) =>
        refuse
          ? fail(400, 'VALIDATION_ERROR', 'Datos no válidos', {
              fields: { price: es.proposals.counterMustBeLower('400 €') },
            })
          : ok({
              id: '6c7d8e9f-0a1b-4c2d-9e3f-4a5b6c7d8e9f',
              chatId: CHAT_ID,
              senderId: CLIENT.id,
              senderName: 'Ana Martín Ruiz',
              senderImg: null,
              text: (call.body as { message?: string }).message ?? '',
              timestamp: '2026-11-20T10:00:00.000Z',
              userId: CLIENT.id,
              lawyerId: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e',
              type: 'counteroffer',
              proposalId: PROPOSAL_ID,
              caseId: CASE_ID,
              proposalAmount: (call.body as { price: number }).price,
              proposalStatus: 'PENDIENTE',
              clientMessageId: null,
            }),
    });
    renderWithApp(<ProposalAnswer proposalId={PROPOSAL_ID} chatId={CHAT_ID} amount={400} canCounter />, {
      consent: 'true',
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.proposals.counter }));
    const dialog = await screen.findByRole('dialog', { name: es.proposals.counterTitle });
    expect(within(dialog).getByText(es.proposals.counterDescription('400 €'))).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(es.proposals.counterPriceLabel), '450');
    await user.click(within(dialog).getByRole('button', { name: es.proposals.counterSubmit }));
    expect(await within(dialog).findByText(es.proposals.counterMustBeLower('400 €'))).toBeInTheDocument();

    refuse = false;
    await user.clear(within(dialog).getByLabelText(es.proposals.counterPriceLabel));
    await user.type(within(dialog).getByLabelText(es.proposals.counterPriceLabel), '320');
    await user.type(within(dialog).getByLabelText(es.proposals.counterNoteLabel), ' ¿Lo dejamos en 320? ');
    await user.click(within(dialog).getByRole('button', { name: es.proposals.counterSubmit }));
    expect(await screen.findByText(es.proposals.counterSent)).toBeInTheDocument();
    expect(api.callsTo(COUNTER).at(-1)?.body).toEqual({ price: 320, message: '¿Lo dejamos en 320?' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offers no counter-offer unless told it may (asked already, or being paid)', async () => {
    mockApi({ 'GET /api/auth/me': () => ok(CLIENT) });
    renderWithApp(<ProposalAnswer proposalId={PROPOSAL_ID} chatId={CHAT_ID} amount={400} />, {
      consent: 'true',
    });
    expect(await screen.findByRole('button', { name: es.buttons.accept })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.proposals.counter })).not.toBeInTheDocument();
  });
});
