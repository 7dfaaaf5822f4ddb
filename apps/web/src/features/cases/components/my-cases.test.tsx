import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CASE_ID, LAWYER, makeCase, pageOf } from '../../../test/case-fixtures.ts';
import { fail, hang, mockApi, ok, type Route } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { MyCases } from './my-cases.tsx';

const OPEN_ID = '3b4c5d6e-7f8a-4b9c-8d0e-1f2a3b4c5d6e';

function renderCases(user: typeof CLIENT, routes: Record<string, Route>) {
  const api = mockApi({ 'GET /api/auth/me': () => ok(user), ...routes });
  const view = renderWithApp(<MyCases user={user} />, { path: '/dashboard/casos', consent: 'true' });
  return { api, ...view };
}

describe('MyCases', () => {
  it("lists a client's cases with status, category, dates and price, and the Chat and Seguimiento buttons", async () => {
    renderCases(CLIENT, {
      [`GET /api/cases/user/${CLIENT.id}`]: () =>
        pageOf([
          makeCase(),
          makeCase({
            id: OPEN_ID,
            title: 'Reclamación a mi casero',
            status: 'PENDIENTE DE VALIDACIÓN',
            category: 'Por calificar',
            casePrice: null,
            lawyerId: null,
            lawyerAssigned: null,
            assignationDate: null,
            chatId: null,
            chatWith: null,
          }),
        ]),
    });
    const card = await screen.findByRole('article', { name: 'Herencia de mi padre' });
    expect(within(card).getByText('ACTIVO')).toBeInTheDocument();
    expect(within(card).getByText('Sucesiones y testamentos')).toBeInTheDocument();
    expect(within(card).getByText(es.cases.createdOn('7/3/2026'))).toBeInTheDocument();
    expect(within(card).getByText(es.cases.assignedOn('9/3/2026'))).toBeInTheDocument();
    expect(within(card).getByText('450,50 €')).toBeInTheDocument();
    expect(within(card).getByText('Lucía García López')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: es.buttons.chat })).toHaveAttribute(
      'href',
      `/dashboard/chat?with=${LAWYER.id}`,
    );
    expect(within(card).getByRole('link', { name: es.buttons.tracking })).toHaveAttribute(
      'href',
      `/dashboard/casos/${CASE_ID}`,
    );
    expect(within(card).queryByRole('button', { name: es.buttons.requestClosure })).not.toBeInTheDocument();

    const open = screen.getByRole('article', { name: 'Reclamación a mi casero' });
    expect(within(open).getByRole('button', { name: es.buttons.chat })).toBeDisabled();
    expect(within(open).getByText(es.defaults.noPrice)).toBeInTheDocument();
    expect(within(open).getByText(es.defaults.noLawyer)).toBeInTheDocument();
  });

  it("Seguimiento opens the case's own URL, which needs no navigation state", async () => {
    const { router } = renderCases(CLIENT, {
      [`GET /api/cases/user/${CLIENT.id}`]: () => pageOf([makeCase()]),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: es.buttons.tracking }));
    expect(router.state.location.pathname).toBe(`/dashboard/casos/${CASE_ID}`);
    expect(router.state.location.state).toBeNull();
  });

  it('filters by status, and clicking the active status clears the filter', async () => {
    const { api, router } = renderCases(CLIENT, {
      [`GET /api/cases/user/${CLIENT.id}`]: (call) =>
        pageOf(call.query.get('status') === 'FINALIZADO' ? [] : [makeCase()]),
    });
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Herencia de mi padre' });
    const bar = screen.getByRole('group', { name: es.cases.statusFilter });
    expect(within(bar).getAllByRole('button')).toHaveLength(5);
    const finished = within(bar).getByRole('button', { name: 'FINALIZADO' });
    await user.click(finished);
    expect(finished).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText(es.cases.emptyCategory)).toBeInTheDocument();
    expect(api.calls.at(-1)?.query.get('status')).toBe('FINALIZADO');
    expect(router.state.location.search).toBe('?status=FINALIZADO');
    // the empty status offers the way back too
    expect(screen.getByRole('button', { name: es.dashboard.clearFilters })).toBeInTheDocument();

    await user.click(finished);
    expect(finished).toHaveAttribute('aria-pressed', 'false');
    // every case again (the unfiltered page is the one already loaded)
    await screen.findByRole('article', { name: 'Herencia de mi padre' });
    expect(router.state.location.search).toBe('');
  });

  it('shows the loading, empty and error texts', { timeout: 10_000 }, async () => {
    const loading = renderCases(CLIENT, { [`GET /api/cases/user/${CLIENT.id}`]: hang });
    expect(await screen.findAllByText(es.cases.loading)).not.toHaveLength(0);
    loading.unmount();
    const empty = renderCases(CLIENT, { [`GET /api/cases/user/${CLIENT.id}`]: () => pageOf([]) });
    expect(await screen.findByText(es.cases.empty)).toBeInTheDocument();
    empty.unmount();
    renderCases(CLIENT, { [`GET /api/cases/user/${CLIENT.id}`]: () => fail(500, 'INTERNAL_ERROR', 'x') });
    expect(await screen.findByText(es.cases.loadError, {}, { timeout: 6000 })).toBeInTheDocument();
  });

  it('gives a lawyer Chat with the client and, only on an ACTIVO case, Solicitar cierre', async () => {
    let closureRequested = false;
    const { api } = renderCases(LAWYER, {
      [`GET /api/cases/lawyer/${LAWYER.id}`]: () =>
        pageOf([
          makeCase({ closureRequested, chatWith: CLIENT.id }),
          makeCase({
            id: OPEN_ID,
            title: 'Reclamación a mi casero',
            status: 'PENDIENTE DE ASIGNACIÓN',
            casePrice: null,
            lawyerId: null,
            lawyerAssigned: null,
            chatWith: CLIENT.id,
            myProposal: { id: OPEN_ID, price: 120, status: 'PENDIENTE' },
          }),
        ]),
      [`POST /api/cases/close-case/${CASE_ID}`]: () => {
        closureRequested = true;
        return ok(makeCase({ closureRequested: true }));
      },
    });
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Herencia de mi padre' });
    expect(within(card).getByText('Ana Martín Ruiz')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: es.buttons.chat })).toHaveAttribute(
      'href',
      `/dashboard/chat?with=${CLIENT.id}`,
    );
    expect(within(card).queryByRole('link', { name: es.buttons.tracking })).not.toBeInTheDocument();
    const open = screen.getByRole('article', { name: 'Reclamación a mi casero' });
    expect(within(open).queryByRole('button', { name: es.buttons.requestClosure })).not.toBeInTheDocument();
    expect(within(open).getByText(es.cases.myProposal('120 €'))).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: es.buttons.requestClosure }));
    expect(await screen.findByText(es.cases.closureRequestSent)).toBeInTheDocument();
    expect(api.callsTo(`POST /api/cases/close-case/${CASE_ID}`)).toHaveLength(1);
    await waitFor(() =>
      expect(within(card).queryByRole('button', { name: es.buttons.requestClosure })).not.toBeInTheDocument(),
    );
    expect(within(card).getByText(es.cases.closureRequestedTag)).toBeInTheDocument();
  });

  it("shows the server's reason when the closure request is refused", async () => {
    renderCases(LAWYER, {
      [`GET /api/cases/lawyer/${LAWYER.id}`]: () => pageOf([makeCase()]),
      [`POST /api/cases/close-case/${CASE_ID}`]: () =>
        fail(409, 'INVALID_TRANSITION', es.cases.closureAlreadyRequested),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.requestClosure }));
    expect(await screen.findByText(es.cases.closureAlreadyRequested)).toBeInTheDocument();
  });
});
