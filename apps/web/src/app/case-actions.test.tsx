import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CaseDetail } from '../features/cases/components/case-detail.tsx';
import { makeCase } from '../test/case-fixtures.ts';
import {
  CHAT_CASE_ID as CASE_ID,
  CHAT,
  CHAT_LAWYER as LAWYER,
  log,
  message,
  renderChat as renderChatWith,
} from '../test/chat-fixtures.tsx';
import { fail, ok, type Route } from '../test/mock-api.ts';
import { CLIENT } from '../test/render.tsx';
import { chatCaseActions } from './case-actions.tsx';

const renderChat = (options: Omit<Parameters<typeof renderChatWith>[0], 'caseActions'> = {}) =>
  renderChatWith({ caseActions: chatCaseActions, ...options });
const CASE_URL = `GET /api/cases/user/case/${CASE_ID}`;
/** A proposal card the server says is still open: the client sees Aceptar and Rechazar. */
const pendingProposal = (proposalId: string | null) =>
  message({ type: MESSAGE_TYPE.PROPOSAL, proposalId, proposalAmount: 300, proposalStatus: 'PENDIENTE' });

function savedRating(stars: number) {
  return {
    id: 'c1d2e3f4-0000-4000-8000-000000000001',
    caseId: CASE_ID,
    userId: CLIENT.id,
    lawyerId: LAWYER.id,
    stars,
    title: '',
    description: '',
    date: '2026-11-20T10:00:00.000Z',
  };
}

describe('the chat with the case actions composed in app/', () => {
  it('Aceptar opens the payment link in a new window; a failure says so', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    let answer: Route = () => ok('https://pagos.example/checkout/1');
    const { user } = renderChat({
      messages: [pendingProposal('p-1')],
      routes: { 'POST /api/proposal/accept-proposal/p-1': (call) => answer(call) },
    });
    await user.click(await screen.findByRole('button', { name: es.buttons.accept }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://pagos.example/checkout/1', '_blank'));
    answer = () => fail(409, 'INVALID_TRANSITION', 'No.');
    await user.click(screen.getByRole('button', { name: es.buttons.accept }));
    expect(await screen.findByText(es.proposals.acceptFailed)).toBeInTheDocument();
  });

  it('Rechazar rejects with the chat id and hides the buttons', async () => {
    const { api, user } = renderChat({
      messages: [pendingProposal('p-1')],
      routes: {
        [`POST /api/proposal/reject-proposal/p-1/${CHAT.id}`]: () =>
          ok({
            id: 'p-1',
            caseId: CASE_ID,
            lawyerId: LAWYER.id,
            chatId: CHAT.id,
            price: 300,
            message: 'Mi propuesta',
            status: 'RECHAZADA',
            createdAt: '2026-11-20T10:00:00.000Z',
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: es.buttons.reject }));
    // 'Rechazar' asks first, in a dialog with an optional reason
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: es.proposals.rejectConfirm }));
    expect(await screen.findByText(es.proposals.rejected)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.buttons.accept })).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/proposal/reject-proposal/p-1/${CHAT.id}`)).toHaveLength(1);
  });

  it('a proposal without its id gives the error toast', async () => {
    const { api, user } = renderChat({
      messages: [pendingProposal(null)],
    });
    await user.click(await screen.findByRole('button', { name: es.buttons.accept }));
    expect(await screen.findByText(es.chat.noProposalId)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.includes('proposal'))).toHaveLength(0);
  });

  it("confirming the closure shows 'Cerrando...' and then 'Caso cerrado correctamente'", async () => {
    let finish: (response: Response) => void = () => {};
    const { user } = renderChat({
      messages: [message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, text: 'Confirma el cierre.' })],
      routes: {
        [`POST /api/cases/confirm-close-case/${CASE_ID}/${CHAT.id}`]: () =>
          new Promise<Response>((resolve) => {
            finish = resolve;
          }),
      },
    });
    await user.click(await screen.findByRole('button', { name: es.chat.confirmClosure }));
    await user.click(await screen.findByRole('button', { name: es.caseDetail.confirmClosureYes }));
    expect(await screen.findByRole('button', { name: es.cases.closing })).toBeDisabled();
    finish(ok(makeCase({ id: CASE_ID, status: 'FINALIZADO' })));
    const closed = await screen.findByText(es.cases.closed);
    // good news looks like good news (docs/product.md, Messages)
    expect(closed.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'success');
    expect(screen.queryByRole('button', { name: es.buttons.cancel })).not.toBeInTheDocument();
  });

  it("a closure the server refuses shows its message; a fault 'Hubo un error inesperado al cerrar el caso.'", async () => {
    let answer: Route = () => fail(409, 'INVALID_TRANSITION', 'El caso ya no está activo.');
    const { user } = renderChat({
      messages: [message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, text: 'Confirma el cierre.' })],
      routes: { [`POST /api/cases/confirm-close-case/${CASE_ID}/${CHAT.id}`]: (call) => answer(call) },
    });
    await user.click(await screen.findByRole('button', { name: es.chat.confirmClosure }));
    await user.click(await screen.findByRole('button', { name: es.caseDetail.confirmClosureYes }));
    expect(await screen.findByText('El caso ya no está activo.')).toBeInTheDocument();
    answer = () => fail(500, 'INTERNAL_ERROR', 'Error interno');
    await user.click(screen.getByRole('button', { name: es.chat.confirmClosure }));
    await user.click(await screen.findByRole('button', { name: es.caseDetail.confirmClosureYes }));
    expect(await screen.findByText(es.cases.closeUnexpected)).toBeInTheDocument();
  });

  it('cancelling the closure request discards it', async () => {
    const { api, user } = renderChat({
      messages: [message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, text: 'Confirma el cierre.' })],
      routes: { [`POST /api/cases/discard-close-case/${CASE_ID}`]: () => ok(makeCase({ id: CASE_ID })) },
    });
    await user.click(await screen.findByRole('button', { name: es.buttons.cancel }));
    await waitFor(() => expect(api.callsTo(`POST /api/cases/discard-close-case/${CASE_ID}`)).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: es.chat.confirmClosure })).not.toBeInTheDocument(),
    );
  });

  it('rates from the chat with the one rating prompt, thanks, and then says the case is rated', async () => {
    const { api, user } = renderChat({
      messages: [message({ senderId: null, type: MESSAGE_TYPE.RATING_PROMPT, text: '¿Qué tal ha ido?' })],
      routes: {
        [CASE_URL]: () => ok(makeCase({ id: CASE_ID, status: 'FINALIZADO', ratingId: null })),
        'POST /api/rating/new-rating': () => ok(savedRating(4)),
      },
    });
    await user.click(await screen.findByRole('radio', { name: es.ratings.starLabel(4) }));
    await user.click(screen.getByRole('button', { name: es.ratings.send }));
    expect(await screen.findByText(es.ratings.thanks)).toBeInTheDocument();
    expect(screen.getByText(es.ratings.alreadyRated)).toBeInTheDocument();
    expect(api.callsTo('POST /api/rating/new-rating')[0]?.body).toEqual({
      lawyerId: LAWYER.id,
      caseId: CASE_ID,
      stars: 4,
      title: '',
      description: '',
    });
  });

  it('shows no stars for a case the server says is already rated', async () => {
    renderChat({
      messages: [message({ senderId: null, type: MESSAGE_TYPE.RATING_PROMPT, text: '¿Qué tal ha ido?' })],
      routes: {
        [CASE_URL]: () =>
          ok(
            makeCase({ id: CASE_ID, status: 'FINALIZADO', ratingId: 'c1d2e3f4-0000-4000-8000-000000000001' }),
          ),
      },
    });
    expect(await screen.findByText(es.ratings.alreadyRated)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it("a 409 from the server also reads 'Ya has valorado este caso.'; a failure says so", async () => {
    let answer: Route = () => fail(500, 'INTERNAL_ERROR', 'Error interno');
    const { user } = renderChat({
      messages: [message({ senderId: null, type: MESSAGE_TYPE.RATING_PROMPT, text: '¿Qué tal ha ido?' })],
      routes: {
        [CASE_URL]: () => ok(makeCase({ id: CASE_ID, status: 'FINALIZADO', ratingId: null })),
        'POST /api/rating/new-rating': (call) => answer(call),
      },
    });
    await user.click(await screen.findByRole('radio', { name: es.ratings.starLabel(5) }));
    await user.click(screen.getByRole('button', { name: es.ratings.send }));
    expect(await screen.findAllByText(es.ratings.failed)).not.toHaveLength(0);
    answer = () => fail(409, 'CONFLICT', 'Ya existe.');
    await user.click(screen.getByRole('button', { name: es.ratings.send }));
    expect(await screen.findAllByText(es.ratings.alreadyRated)).not.toHaveLength(0);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('a closure confirmed in the chat shows at once on the case screen, without a reload', async () => {
    let current = makeCase({ id: CASE_ID, chatId: CHAT.id, status: 'ACTIVO', closureRequested: true });
    const { api, user } = renderChat({
      messages: [message({ type: MESSAGE_TYPE.CLOSURE_REQUEST, text: 'Confirma el cierre.' })],
      routes: {
        [CASE_URL]: () => ok(current),
        [`POST /api/cases/confirm-close-case/${CASE_ID}/${CHAT.id}`]: () => {
          current = { ...current, status: 'FINALIZADO', closureRequested: false, progressStep: 7 };
          return ok(current);
        },
      },
      beside: <CaseDetail caseId={CASE_ID} viewer={CLIENT} ratingSlot={() => <p>valorar</p>} />,
    });
    expect(await screen.findByText(es.caseDetail.closureQuestion)).toBeInTheDocument();
    await user.click(await within(log()).findByRole('button', { name: es.chat.confirmClosure }));
    await user.click(await screen.findByRole('button', { name: es.caseDetail.confirmClosureYes }));
    expect(await screen.findByText('valorar')).toBeInTheDocument();
    expect(screen.queryByText(es.caseDetail.closureQuestion)).not.toBeInTheDocument();
    // the answer itself refreshed the case screen: no second read of the case was needed
    expect(api.callsTo(CASE_URL)).toHaveLength(1);
  });
});
