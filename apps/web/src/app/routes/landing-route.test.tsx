import { es } from '@l4l/shared/texts/es';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api.ts';
import { AppProviders } from '../providers.tsx';
import { routes } from '../router.tsx';

// the real loaders, watched: the landing must not ask for the modals' code before a visitor does
const loaders = vi.hoisted(() => ({ login: 0, register: 0 }));
vi.mock('./auth-modal-loaders.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./auth-modal-loaders.ts')>();
  return {
    ...real,
    loadLoginModal: () => {
      loaders.login += 1;
      return real.loadLoginModal();
    },
    loadRegisterModal: () => {
      loaders.register += 1;
      return real.loadRegisterModal();
    },
  };
});

// a modal's first opening waits for its code (the form's and the dialog frame's, both loaded on demand): on a
// busy machine that takes longer than findBy's default second
const LOADED = { timeout: 10_000 };

function renderApp(at: string) {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('landing route: the modals load on demand (ADR 0008)', () => {
  beforeEach(() => {
    loaders.login = 0;
    loaders.register = 0;
    mockApi();
  });

  it('shows the landing without loading either modal', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: es.brand.slogan })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(loaders).toEqual({ login: 0, register: 0 });
  });

  it('starts loading a modal on the intent to open it, and opens it on click', async () => {
    const router = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: es.brand.slogan });
    const [login] = screen.getAllByRole('button', { name: es.buttons.login });
    if (!login) throw new Error('no login button');

    fireEvent.pointerEnter(login);
    expect(loaders.login).toBeGreaterThan(0);
    expect(loaders.register).toBe(0);

    await userEvent.click(login);
    expect(await screen.findByRole('dialog', { name: es.login.title }, LOADED)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps an opened modal mounted after closing it, and opens it again', async () => {
    const router = renderApp('/registro');
    await screen.findByRole('dialog', { name: es.register.title }, LOADED);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await router.navigate('/registro');
    expect(await screen.findByRole('dialog', { name: es.register.title })).toBeInTheDocument();
    // React.lazy asked for the module once; the modal stayed mounted between the two openings
    expect(loaders.register).toBe(1);
  });
});
