import { COOKIE_CONSENT_KEY } from '@l4l/shared/constants/limits';
import { PERSON_MARKS } from '@l4l/shared/constants/pages';
import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSpa } from './app/start-spa.tsx';
import { renderClientHome } from './home-prerender.tsx';
import { mockApi, ok } from './test/mock-api.ts';
import { withoutBrowser } from './test/without-browser.ts';

const renderWithoutBrowser = () => withoutBrowser(renderClientHome);

const ANA = {
  id: '7f1c3c4e-8d7a-4c1e-9a61-2b9f0c4d5e6f',
  username: 'ana.ortiz',
  role: ROLE.USUARIO,
  mail: 'ana@l4l.test',
  name: 'Ana',
  surname: 'Ortiz Campos',
  phoneNumber: '612345678',
  photoUrl: null,
  emailVerified: true,
};

describe('home-client.html rendered at build time (home-prerender.tsx, ADR 0037)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    window.localStorage.clear();
  });

  it("holds a client's dashboard home before its data: the frame, the title, the filters, the marks for the name", () => {
    const container = document.createElement('div');
    container.innerHTML = renderWithoutBrowser();
    document.body.append(container);
    const view = within(container);
    expect(view.getByRole('heading', { level: 1, name: es.dashboard.userHomeTitle })).toBeInTheDocument();
    expect(view.getByText(es.dashboard.greeting(PERSON_MARKS.name))).toBeInTheDocument();
    expect(container.querySelector('[data-initials]')?.getAttribute('data-initials')).toBe(
      `${PERSON_MARKS.name}${PERSON_MARKS.surname}`,
    );
    expect(view.getByRole('link', { name: es.nav.startCase })).toHaveAttribute(
      'href',
      '/dashboard/begincase',
    );
    // what a first visit sees and a returning client does not: the cookie banner is not in the page
    expect(view.queryByRole('region', { name: es.cookies.label })).toBeNull();
  });

  it('is replaced by the live SPA in one step, the session asked once, nothing of the written page left', async () => {
    window.localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
    window.history.replaceState(null, '', '/dashboard/inicio');
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = `<div data-prerendered inert>${renderWithoutBrowser()
      .replaceAll(PERSON_MARKS.name, 'Ana')
      .replaceAll(PERSON_MARKS.surname, 'Ortiz Campos')}</div>`;
    document.body.append(root);
    // after the render without a browser, which puts every stubbed global back
    const api = mockApi({ 'GET /api/auth/me': () => ok(ANA) });
    await startSpa();
    await waitFor(() => expect(root.querySelector('[data-prerendered]')).toBeNull(), { timeout: 10_000 });
    expect(screen.getAllByRole('heading', { level: 1, name: es.dashboard.userHomeTitle })).toHaveLength(1);
    expect(screen.getByText(es.dashboard.greeting('Ana'))).toBeInTheDocument();
    expect(api.callsTo('GET /api/auth/me')).toHaveLength(1);
  });
});
