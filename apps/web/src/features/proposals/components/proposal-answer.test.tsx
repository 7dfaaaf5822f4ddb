import { es } from '@l4l/shared/texts/es';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CASE_ID, CHAT_ID } from '../../../test/case-fixtures.ts';
import { mockApi, ok } from '../../../test/mock-api.ts';
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
});
