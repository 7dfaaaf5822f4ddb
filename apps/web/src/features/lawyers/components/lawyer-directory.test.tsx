import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, json, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, LocationProbe, renderWithApp } from '../../../test/render.tsx';
import { LawyerDirectory } from './lawyer-directory.tsx';

const LAWYER = {
  id: '0b6c1f0e-8a3a-4a5b-9d8e-2f3a4b5c6d7e',
  fullName: 'Lucía Gómez Prieto',
  name: 'Lucía',
  surname: 'Gómez Prieto',
  description: 'Especialista en herencias y testamentos.',
  categories: ['Abogado Sucesiones y testamentos', 'Abogado Civil'],
  rating: 4.5,
  totalRatings: 12,
  activeCases: 3,
  finishedCases: 27,
  price: 80,
  priceFirstVisit: 30,
  firstVisitFree: false,
  lawyerPhoto: null,
  province: 'Madrid',
  responseTime: 125,
};
const page = (data: unknown[], total = data.length) =>
  json(200, { data, meta: { total, page: 1, pageSize: 12 } });

function renderDirectory(lawyers: () => Response | Promise<Response>, at = '/dashboard/inicio') {
  const api = mockApi({ 'GET /api/auth/me': () => ok(CLIENT), 'GET /api/lawyers': lawyers });
  const view = renderWithApp(
    <>
      <LawyerDirectory />
      <LocationProbe />
    </>,
    { path: '/dashboard/inicio', at, consent: 'true' },
  );
  return { ...view, api };
}

describe('LawyerDirectory', () => {
  it('shows every field of a card, and Saber Más leads to the lawyer profile', async () => {
    renderDirectory(() => page([LAWYER]));
    // the file's first render loads the screen's modules: on a busy machine that takes over a second
    const card = await screen.findByRole('article', { name: LAWYER.fullName }, { timeout: 5000 });
    const inCard = within(card);
    expect(inCard.getByText(LAWYER.description)).toBeInTheDocument();
    // every category, wrapped in a list
    const categories = inCard.getByRole('list', { name: es.dashboard.lawyerCategories });
    expect(
      within(categories)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Abogado Sucesiones y testamentos', 'Abogado Civil']);
    expect(inCard.getByText('4,5')).toBeInTheDocument();
    expect(inCard.getByText(es.dashboard.ratingOf('4,5', 12))).toBeInTheDocument();
    expect(inCard.getByText('3')).toBeInTheDocument();
    expect(inCard.getByText('27')).toBeInTheDocument();
    expect(inCard.getByText('80 €/hora')).toBeInTheDocument();
    expect(inCard.getByText('30 €')).toBeInTheDocument();
    expect(inCard.getByText('Madrid')).toBeInTheDocument();
    expect(inCard.getByRole('link', { name: es.buttons.knowMore })).toHaveAttribute(
      'href',
      `/dashboard/abogados/${LAWYER.id}`,
    );
  });

  it("says 'Gratuita' only when the lawyer chose it, and 'Precio sin definir' for a price never given", async () => {
    renderDirectory(() =>
      page([
        { ...LAWYER, firstVisitFree: true },
        {
          ...LAWYER,
          id: 'b6f1a8a0-1d9f-4b1e-8a9f-0c2d3e4f5a6b',
          fullName: 'Pedro Ruiz',
          priceFirstVisit: null,
        },
      ]),
    );
    const chosen = await screen.findByRole('article', { name: LAWYER.fullName });
    expect(within(chosen).getByText(es.dashboard.free)).toBeInTheDocument();
    const notGiven = screen.getByRole('article', { name: 'Pedro Ruiz' });
    expect(within(notGiven).getByText(es.defaults.noPrice)).toBeInTheDocument();
    expect(within(notGiven).queryByText(es.dashboard.free)).not.toBeInTheDocument();
  });

  it('reads the filters from the URL and sends them to the server', async () => {
    const { api } = renderDirectory(
      () => page([LAWYER], 30),
      '/dashboard/inicio?search=luc%C3%ADa&categories=Abogado%20Civil,Abogado%20Fiscal&province=Madrid&sort=price_asc&page=2',
    );
    await screen.findByRole('article', { name: LAWYER.fullName });
    const query = api.callsTo('GET /api/lawyers')[0]!.query;
    expect(Object.fromEntries(query)).toEqual({
      search: 'lucía',
      categories: 'Abogado Civil,Abogado Fiscal',
      province: 'Madrid',
      sort: 'price_asc',
      page: '2',
      pageSize: '12',
    });
    expect(screen.getByLabelText(es.dashboard.searchByName)).toHaveValue('lucía');
    expect(screen.getByLabelText(es.dashboard.sortBy)).toHaveValue('price_asc');
    expect(screen.getByText(es.dashboard.pageOf(2, 3))).toBeInTheDocument();
  });

  it('writes the search (after a pause) and the sort into the URL', async () => {
    const { api, router } = renderDirectory(() => page([LAWYER]));
    const user = userEvent.setup();
    await screen.findByRole('article', { name: LAWYER.fullName });
    await user.type(screen.getByLabelText(es.dashboard.searchByName), 'gómez');
    await waitFor(() => expect(router.state.location.search).toBe('?search=g%C3%B3mez'));
    // the screen has re-rendered with the new search once it asked the server for it
    await waitFor(() => expect(api.callsTo('GET /api/lawyers').at(-1)!.query.get('search')).toBe('gómez'));
    await user.selectOptions(screen.getByLabelText(es.dashboard.sortBy), 'finished');
    await waitFor(() => expect(router.state.location.search).toBe('?search=g%C3%B3mez&sort=finished'));
    await waitFor(() => expect(api.callsTo('GET /api/lawyers').at(-1)!.query.get('sort')).toBe('finished'));
    // typing one letter at a time asked the server once for the whole word
    const searches = api.callsTo('GET /api/lawyers').map((call) => call.query.get('search'));
    expect(searches).toEqual([null, 'gómez', 'gómez']);
  });

  it('reads the price range and the free first consultation from the URL, dropping a reversed maximum', async () => {
    const { api } = renderDirectory(
      () => page([LAWYER]),
      '/dashboard/inicio?minPrice=40&maxPrice=90,5&firstVisitFree=true',
    );
    await screen.findByRole('article', { name: LAWYER.fullName });
    const query = api.callsTo('GET /api/lawyers')[0]!.query;
    expect([query.get('minPrice'), query.get('maxPrice'), query.get('firstVisitFree')]).toEqual([
      '40',
      '90,5',
      'true',
    ]);
    expect(screen.getByLabelText(es.dashboard.priceFrom)).toHaveValue('40');
    expect(screen.getByLabelText(es.dashboard.firstVisitFreeFilter)).toBeChecked();

    const reversed = renderDirectory(() => page([LAWYER]), '/dashboard/inicio?minPrice=90&maxPrice=40');
    await waitFor(() => expect(reversed.api.callsTo('GET /api/lawyers')).toHaveLength(1));
    const sent = reversed.api.callsTo('GET /api/lawyers')[0]!.query;
    expect([sent.get('minPrice'), sent.get('maxPrice')]).toEqual(['90', null]);
  });

  it('writes typed prices (after a pause) and the free first consultation into the URL', async () => {
    const { api, router } = renderDirectory(() => page([LAWYER]));
    const user = userEvent.setup();
    await screen.findByRole('article', { name: LAWYER.fullName });
    await user.type(screen.getByLabelText(es.dashboard.priceFrom), '40');
    await user.type(screen.getByLabelText(es.dashboard.priceTo), '90');
    // the prices wait for a pause in typing: longer than findBy's default second on a busy machine
    await waitFor(() => expect(router.state.location.search).toBe('?minPrice=40&maxPrice=90'), {
      timeout: 5_000,
    });
    await user.click(screen.getByLabelText(es.dashboard.firstVisitFreeFilter));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?minPrice=40&maxPrice=90&firstVisitFree=true'),
    );
    await waitFor(() =>
      expect(api.callsTo('GET /api/lawyers').at(-1)!.query.get('firstVisitFree')).toBe('true'),
    );
    // a maximum under the minimum, or a price that is not one, is explained and never sent
    await user.clear(screen.getByLabelText(es.dashboard.priceTo));
    await user.type(screen.getByLabelText(es.dashboard.priceTo), '30');
    expect(await screen.findByText(es.validation.priceRange)).toBeInTheDocument();
    await user.type(screen.getByLabelText(es.dashboard.priceFrom), 'x');
    expect(await screen.findByText(es.validation.priceFilter)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?minPrice=40&maxPrice=90&firstVisitFree=true');
  });

  it('pages with Siguiente', async () => {
    const { router } = renderDirectory(() => page([LAWYER], 13));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.dashboard.nextPage }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });

  it("says 'Más de 1000 abogados' when the server stopped counting, and still pages", async () => {
    renderDirectory(() =>
      json(200, { data: [LAWYER], meta: { total: 1000, totalIsExact: false, page: 1, pageSize: 12 } }),
    );
    expect(await screen.findByText('Más de 1000 abogados')).toBeInTheDocument();
    expect(screen.getByText(es.dashboard.pageOf(1, 84))).toBeInTheDocument();
  });

  it('gives the exact count otherwise', async () => {
    renderDirectory(() => page([LAWYER], 13));
    expect(await screen.findByText('13 abogados')).toBeInTheDocument();
  });

  it('says when there are no lawyers', async () => {
    renderDirectory(() => page([]));
    expect(await screen.findByText(es.dashboard.noLawyers)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.dashboard.clearFilters })).not.toBeInTheDocument();
  });

  it("a filter that matched nobody says so and offers 'Borrar filtros', which clears them all", async () => {
    let asked = 0;
    const { router } = renderDirectory(
      () => (++asked === 1 ? page([]) : page([LAWYER])),
      '/dashboard/inicio?search=zzz&categories=Abogado%20Fiscal&province=Madrid&minPrice=10&firstVisitFree=true&sort=price_asc',
    );
    expect(await screen.findByText(es.dashboard.noLawyersMatch)).toBeInTheDocument();
    expect(screen.queryByText(es.dashboard.noLawyers)).not.toBeInTheDocument();
    // a price being typed, not yet valid, is cleared too
    await userEvent.setup().type(screen.getByLabelText(es.dashboard.priceTo), '5');
    expect(await screen.findByText(es.validation.priceRange)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: es.dashboard.clearFilters }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price_asc'));
    expect(await screen.findByRole('article', { name: LAWYER.fullName })).toBeInTheDocument();
    expect(screen.getByLabelText(es.dashboard.searchByName)).toHaveValue('');
    expect(screen.getByLabelText(es.dashboard.priceFrom)).toHaveValue('');
    expect(screen.getByLabelText(es.dashboard.priceTo)).toHaveValue('');
    expect(screen.getByLabelText(es.dashboard.firstVisitFreeFilter)).not.toBeChecked();
  });

  it('puts the categories that matched the filter first on a card, marked', async () => {
    renderDirectory(() => page([LAWYER]), '/dashboard/inicio?categories=Abogado%20Civil');
    const card = await screen.findByRole('article', { name: LAWYER.fullName });
    const items = within(
      within(card).getByRole('list', { name: es.dashboard.lawyerCategories }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `Abogado Civil (${es.dashboard.matchesFilter})`,
      'Abogado Sucesiones y testamentos',
    ]);
  });

  it('says when the list could not be loaded', { timeout: 10_000 }, async () => {
    renderDirectory(() => fail(500, 'INTERNAL_ERROR', 'x'));
    // a 5xx is retried twice before the screen gives up
    expect(await screen.findByText(es.dashboard.loadError, {}, { timeout: 6000 })).toBeInTheDocument();
  });

  it('says when the answer has the wrong shape', async () => {
    renderDirectory(() => page([{ id: 1, fullName: null }]));
    expect(await screen.findByText(es.validation.invalidData)).toBeInTheDocument();
  });

  it('shows Cargando abogados... while loading', async () => {
    renderDirectory(() => new Promise(() => {}));
    expect(await screen.findByText(es.dashboard.loadingLawyers, { selector: 'p' })).toBeInTheDocument();
  });
});
