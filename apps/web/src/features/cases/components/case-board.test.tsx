import { BOARD_SORTS } from '@l4l/shared/constants/sort';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Button } from '../../../components/button/button.tsx';
import { LAWYER, makeBoardCase, pageOf } from '../../../test/case-fixtures.ts';
import { fail, hang, mockApi, ok, type Route } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { CaseBoard } from './case-board.tsx';

const OTHER_ID = '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a';

function renderBoard(board: Route, at = '/dashboard/inicio') {
  const api = mockApi({ 'GET /api/auth/me': () => ok(LAWYER), 'GET /api/cases/pending-cases': board });
  const view = renderWithApp(
    <CaseBoard
      proposalAction={(boardCase, onSent) => (
        <Button onClick={onSent}>{`proponer ${boardCase.title}`}</Button>
      )}
    />,
    { path: '/dashboard/inicio', at, consent: 'true' },
  );
  return { api, ...view };
}

describe('CaseBoard', () => {
  it('shows each published case with its category, date and proposals, and the proposal action', async () => {
    renderBoard(() =>
      pageOf([
        makeBoardCase(),
        makeBoardCase({
          id: OTHER_ID,
          title: 'Multa de tráfico',
          category: 'Abogado Administrativo',
          proposalsCount: 0,
        }),
      ]),
    );
    const card = (await screen.findByRole('article', { name: 'Despido sin preaviso' })) as HTMLElement;
    expect(within(card).getByText('Laboral')).toBeInTheDocument();
    expect(within(card).getByText(es.cases.publishedOn('7/3/2026'))).toBeInTheDocument();
    expect(within(card).getByText('2 propuestas')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'proponer Despido sin preaviso' })).toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Multa de tráfico' });
    expect(within(other).getByText(es.cases.proposalsCount(0))).toBeInTheDocument();
    expect(screen.getByText(es.dashboard.boardCount(2))).toBeInTheDocument();
  });

  it("says 'Más de 1000 casos' when the server stopped counting", async () => {
    renderBoard(
      () =>
        new Response(
          JSON.stringify({
            data: [makeBoardCase()],
            meta: { total: 1000, totalIsExact: false, page: 1, pageSize: 12 },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    expect(await screen.findByText('Más de 1000 casos')).toBeInTheDocument();
  });

  it('says Propuesta enviada where this lawyer already proposed, and at once after sending', async () => {
    let sent = false;
    const { api } = renderBoard(() =>
      pageOf([
        makeBoardCase({ myProposal: sent ? { id: OTHER_ID, price: 200, status: 'PENDIENTE' } : null }),
        makeBoardCase({
          id: OTHER_ID,
          title: 'Multa de tráfico',
          myProposal: { id: OTHER_ID, price: 90, status: 'PENDIENTE' },
        }),
      ]),
    );
    const other = await screen.findByRole('article', { name: 'Multa de tráfico' });
    expect(within(other).getByText(es.proposals.sent)).toBeInTheDocument();
    expect(within(other).queryByRole('button')).not.toBeInTheDocument();

    sent = true;
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'proponer Despido sin preaviso' }));
    const card = screen.getByRole('article', { name: 'Despido sin preaviso' });
    expect(within(card).getByText(es.proposals.sent)).toBeInTheDocument();
    // the board is asked again, so the count and the lowest price are the server's
    await waitFor(() => expect(api.callsTo('GET /api/cases/pending-cases')).toHaveLength(2));
  });

  it('never says “Sin propuestas todavía” next to “Propuesta enviada”, even before the figures catch up', async () => {
    // the board's shared figures may lag behind the lawyer's own proposal (a cached page)
    renderBoard(() => pageOf([makeBoardCase({ proposalsCount: 0, myProposal: null })]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'proponer Despido sin preaviso' }));
    const card = screen.getByRole('article', { name: 'Despido sin preaviso' });
    expect(within(card).getByText(es.proposals.sent)).toBeInTheDocument();
    expect(within(card).getByText(es.cases.proposalsCount(1))).toBeInTheDocument();
    expect(within(card).queryByText(es.cases.proposalsCount(0))).not.toBeInTheDocument();
  });

  it('picks out the case a new-case alert links to', async () => {
    renderBoard(
      () => pageOf([makeBoardCase(), makeBoardCase({ id: OTHER_ID, title: 'Multa de tráfico' })]),
      `/dashboard/inicio?search=multa&caso=${OTHER_ID}`,
    );
    const picked = await screen.findByRole('article', { name: 'Multa de tráfico' });
    expect(picked).toHaveAttribute('aria-current', 'true');
    expect(within(picked).getByText(es.alerts.pickedCase)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Despido sin preaviso' })).not.toHaveAttribute('aria-current');
  });

  it('searches after a pause in typing and sorts, keeping both in the URL', async () => {
    const { api, router } = renderBoard(() => pageOf([makeBoardCase()]));
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'Despido sin preaviso' });
    await user.type(screen.getByLabelText(es.dashboard.searchCases), 'despido');
    await waitFor(() => expect(router.state.location.search).toBe('?search=despido'));
    await waitFor(() => expect(api.calls.at(-1)?.query.get('search')).toBe('despido'));
    // one request for the whole word, not one per letter
    expect(
      api.callsTo('GET /api/cases/pending-cases').filter((call) => call.query.get('search')),
    ).toHaveLength(1);

    const sort = screen.getByLabelText(es.dashboard.sortBy);
    // ADR 0006, Board sorts: sorts of cases, 'Por categoría' first and chosen; none of the directory's
    const offered = within(sort)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered).toEqual(BOARD_SORTS.map((option) => option.label));
    expect(offered).toEqual(expect.arrayContaining(['Más recientes', 'Más antiguos', 'Menos propuestas']));
    expect(offered).not.toContain('Más casos completados');
    expect(offered).not.toContain('Más casos activos');
    expect(sort).toHaveValue('category');
    await user.selectOptions(sort, 'proposals_asc');
    await waitFor(() => expect(api.calls.at(-1)?.query.get('sort')).toBe('proposals_asc'));
    await user.selectOptions(sort, 'price_asc');
    await waitFor(() => expect(api.calls.at(-1)?.query.get('sort')).toBe('price_asc'));
    expect(router.state.location.search).toBe('?search=despido&sort=price_asc');
  });

  it('pages through the board', async () => {
    const { api } = renderBoard((call) => pageOf([makeBoardCase()], Number(call.query.get('page')), 30));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.dashboard.nextPage }));
    await waitFor(() => expect(api.calls.at(-1)?.query.get('page')).toBe('2'));
    expect(await screen.findByText(es.dashboard.pageOf(2, 3))).toBeInTheDocument();
  });

  it('shows the loading, empty, no-match and error texts', { timeout: 10_000 }, async () => {
    const loading = renderBoard(hang);
    expect(await screen.findAllByText(es.cases.loading)).not.toHaveLength(0);
    loading.unmount();

    const empty = renderBoard(() => pageOf([]));
    expect(await screen.findByText(es.dashboard.boardEmpty)).toBeInTheDocument();
    empty.unmount();

    const noMatch = renderBoard(() => pageOf([]), '/dashboard/inicio?search=zzz');
    expect(await screen.findByText(es.dashboard.boardNoMatch)).toBeInTheDocument();
    expect(screen.queryByText(es.dashboard.boardEmpty)).not.toBeInTheDocument();
    // the way back: 'Borrar filtros' empties the search box and the URL
    await userEvent.setup().click(screen.getByRole('button', { name: es.dashboard.clearFilters }));
    await waitFor(() => expect(noMatch.router.state.location.search).toBe(''));
    expect(screen.getByLabelText(es.dashboard.searchCases)).toHaveValue('');
    noMatch.unmount();

    renderBoard(() => fail(500, 'INTERNAL_ERROR', 'Error interno'));
    // a 5xx is retried twice before the screen gives up
    expect(await screen.findByText(es.cases.loadError, {}, { timeout: 6000 })).toBeInTheDocument();
  });
});
