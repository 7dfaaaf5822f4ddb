import { COOKIE_CONSENT_KEY } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../test/mock-api.ts';
import { CLIENT } from '../test/render.tsx';
import { AppProviders } from './providers.tsx';
import { routes } from './router.tsx';

/** The real route table, in memory. */
function renderApp(at: string) {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <AppProviders onSignedOut={() => void router.navigate('/')}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function signedInAs(role: 'USUARIO' | 'ABOGADO') {
  window.localStorage.setItem(COOKIE_CONSENT_KEY, 'true');
  mockApi({ 'GET /api/auth/me': () => ok({ ...CLIENT, role }) });
}

describe('routes', () => {
  it('shows the landing on an unknown path, with its way in', async () => {
    mockApi();
    renderApp('/esta-ruta-no-existe');
    expect(await screen.findByRole('heading', { level: 1, name: es.brand.slogan })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: es.buttons.login }).length).toBeGreaterThan(0);
    expect(screen.getByText(es.brand.lawyerCta)).toBeInTheDocument();
  });

  it('opens the login on /login and switches to the registration', async () => {
    mockApi();
    const router = renderApp('/login');
    expect(await screen.findByRole('dialog', { name: es.login.title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: es.login.noAccount }));
    expect(await screen.findByRole('dialog', { name: es.register.title })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registro');
  });

  it('after an erasure, the login says the account is gone and what is kept and why', async () => {
    mockApi();
    renderApp('/cuenta-eliminada');
    const dialog = await screen.findByRole('dialog', { name: es.login.title });
    const notice = await within(dialog).findByRole('status');
    expect(within(notice).getByRole('heading', { name: es.privacy.erasedTitle })).toBeInTheDocument();
    expect(notice).toHaveTextContent(es.privacy.erasedKeptLead);
    for (const kept of es.privacy.kept) expect(notice).toHaveTextContent(kept);
    expect(within(dialog).getByLabelText(es.login.email)).toBeInTheDocument();
  });

  it('the plain login says nothing of an erasure', async () => {
    mockApi();
    renderApp('/login');
    const dialog = await screen.findByRole('dialog', { name: es.login.title });
    expect(within(dialog).queryByText(es.privacy.erasedTitle)).not.toBeInTheDocument();
  });

  it('closes a modal back to the landing', async () => {
    mockApi();
    const router = renderApp('/registro');
    await screen.findByRole('dialog', { name: es.register.title });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a visitor from the dashboard to the login', async () => {
    mockApi();
    const router = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('takes a signed-in client from the landing to the home with the client title', async () => {
    signedInAs('USUARIO');
    const router = renderApp('/');
    // two lazy screens in a row (the landing, then the home it sends a signed-in client to): more than
    // findBy's default second on a busy machine
    expect(
      await screen.findByRole('heading', { level: 1, name: es.dashboard.userHomeTitle }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/inicio');
  });

  it('greets a lawyer with the board title', async () => {
    signedInAs('ABOGADO');
    renderApp('/dashboard/inicio');
    expect(
      await screen.findByRole('heading', { level: 1, name: es.dashboard.lawyerHomeTitle }),
    ).toBeInTheDocument();
  });

  it.each([
    ['/politica-de-privacidad', es.legal.privacyTitle],
    ['/politica-de-cookies', es.legal.cookiesTitle],
    ['/aviso-legal', es.legal.noticeTitle],
  ])('serves %s', async (path, title) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});
