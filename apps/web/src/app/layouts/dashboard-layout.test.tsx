import type { BaseUser } from '@l4l/shared/schemas/auth';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../test/render.tsx';
import { DashboardLayout } from './dashboard-layout.tsx';

function renderLayout(at: string, user: BaseUser = CLIENT) {
  mockApi({ 'GET /api/auth/me': () => ok(user) });
  return renderWithApp(<DashboardLayout />, { path: '/*', at, consent: 'true' });
}

describe('DashboardLayout', () => {
  it('shows the client the four nav items, with their final paths, and the avatar links to the profile', async () => {
    renderLayout('/dashboard/inicio');
    const nav = (await screen.findAllByRole('navigation', { name: es.nav.mainNav }))[0];
    if (!nav) throw new Error('no nav');
    expect(within(nav).getByRole('link', { name: es.nav.home })).toHaveAttribute('href', '/dashboard/inicio');
    expect(within(nav).getByRole('link', { name: es.nav.myCases })).toHaveAttribute(
      'href',
      '/dashboard/casos',
    );
    expect(within(nav).getByRole('link', { name: es.nav.privateChat })).toHaveAttribute(
      'href',
      '/dashboard/chat',
    );
    expect(within(nav).getByRole('link', { name: es.nav.startCase })).toHaveAttribute(
      'href',
      '/dashboard/begincase',
    );
    // its name starts with the name it shows (WCAG 2.5.3, label in name)
    expect(screen.getByRole('link', { name: 'Ana Martín Ruiz, mi perfil' })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(document.querySelector('[data-initials="AM"]')).toBeInTheDocument();
  });

  it('does not offer "Iniciar un caso" to a lawyer', async () => {
    renderLayout('/dashboard/inicio', { ...CLIENT, role: 'ABOGADO' });
    const nav = (await screen.findAllByRole('navigation', { name: es.nav.mainNav }))[0];
    if (!nav) throw new Error('no nav');
    expect(within(nav).queryByRole('link', { name: es.nav.startCase })).not.toBeInTheDocument();
  });

  it.each(['/dashboard', '/dashboard/inicio', '/dashboard/casos', '/dashboard/chat'])(
    'sends an administrator who opens %s to the console',
    async (path) => {
      const { router } = renderLayout(path, { ...CLIENT, role: 'ADMIN' });
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    },
  );

  it("lets an administrator read a case's page, where the console's Pagos links it", async () => {
    const path = '/dashboard/casos/9f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
    const { router } = renderLayout(path, { ...CLIENT, role: 'ADMIN' });
    expect(
      await screen.findByRole('link', { name: es.nav.profileOf('Ana Martín Ruiz') }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each([
    '/profile',
    '/dashboard/profile/billing',
    '/dashboard/casos/informacion-del-caso',
    '/dashboard/casos/9f1e2d3c-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
  ])('hides the nav on %s', async (path) => {
    renderLayout(path);
    expect(
      await screen.findByRole('link', { name: es.nav.profileOf('Ana Martín Ruiz') }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: es.nav.mainNav })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.buttons.menu })).not.toBeInTheDocument();
  });

  it('opens the full-screen menu from the hamburger and closes it with its button or Escape', async () => {
    renderLayout('/dashboard/inicio');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.buttons.menu }));
    // the menu's code loads on the first intent to open it
    const menu = await screen.findByRole('dialog', { name: es.nav.menuTitle });
    expect(within(menu).getByRole('link', { name: es.nav.myCases })).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: es.buttons.closeMenu }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // the focus goes back to the hamburger, which is not a Radix trigger
    expect(screen.getByRole('button', { name: es.buttons.menu })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: es.buttons.menu }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
