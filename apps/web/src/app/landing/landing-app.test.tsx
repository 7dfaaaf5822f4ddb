import { es } from '@l4l/shared/texts/es';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { CLIENT } from '../../test/render.tsx';
import { LandingApp } from './landing-app.tsx';

/** landing.html's app: the landing without React Router, the modals opened and closed by the URL. */
describe('LandingApp (landing.html, ADR 0008)', () => {
  beforeEach(() => {
    mockApi();
    window.history.replaceState(null, '', '/');
  });

  it('opens the login modal at /login, closes it back to / and the back button closes it too', async () => {
    render(<LandingApp />);
    expect(await screen.findByRole('heading', { level: 1, name: es.brand.slogan })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: es.cookies.label })).toBeInTheDocument();
    const [login] = screen.getAllByRole('button', { name: es.buttons.login });
    if (!login) throw new Error('no login button');

    await userEvent.click(login);
    expect(await screen.findByRole('dialog', { name: es.login.title })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');

    // Escape closes it and replaces /login with /
    const length = window.history.length;
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.history.length).toBe(length);

    // opened again, then the browser's back button
    await userEvent.click(login);
    expect(await screen.findByRole('dialog', { name: es.login.title })).toBeInTheDocument();
    window.history.back();
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('starts at /registro with the register modal open, and switches to the login in place', async () => {
    window.history.replaceState(null, '', '/registro');
    render(<LandingApp />);
    expect(await screen.findByRole('dialog', { name: es.register.title })).toBeInTheDocument();
    const length = window.history.length;
    await userEvent.click(screen.getByRole('button', { name: es.register.haveAccount }));
    expect(await screen.findByRole('dialog', { name: es.login.title })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(window.history.length).toBe(length);
  });

  it('links the footer and the cookie banner to the SPA pages with plain links', async () => {
    render(<LandingApp />);
    await screen.findByRole('heading', { level: 1, name: es.brand.slogan });
    expect(screen.getByRole('link', { name: es.cookies.moreInfo })).toHaveAttribute(
      'href',
      '/politica-de-cookies',
    );
    expect(screen.getByRole('link', { name: es.footer.privacy })).toHaveAttribute(
      'href',
      '/politica-de-privacidad',
    );
    expect(screen.getByRole('link', { name: es.footer.about })).toHaveAttribute('href', '/#como-funciona');
  });

  // last: from here on the SPA has replaced the landing in this test file's document
  it('after signing in starts the SPA in the same document, so a session kept without consent stays', async () => {
    mockApi({ 'POST /api/auth/login': () => ok({ token: 't', baseUser: CLIENT }) });
    window.history.replaceState(null, '', '/login');
    render(<LandingApp />);
    const dialog = await screen.findByRole('dialog', { name: es.login.title });
    await userEvent.type(within(dialog).getByLabelText(es.login.email), CLIENT.mail);
    await userEvent.type(
      within(dialog).getByLabelText(es.login.password, { selector: 'input' }),
      'Secreta2026',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: es.buttons.continue }));
    // the router's redirect from /dashboard: only the SPA, running here, can have made it
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard/inicio'), { timeout: 10_000 });
  });
});
