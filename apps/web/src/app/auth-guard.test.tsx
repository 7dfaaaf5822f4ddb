import { es } from '@l4l/shared/texts/es';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hang, mockApi, ok } from '../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../test/render.tsx';
import { AuthGuard } from './auth-guard.tsx';

function renderGuarded(consent?: 'true' | 'false') {
  return renderWithApp(<AuthGuard />, {
    path: '/dashboard',
    consent,
    routes: [
      { element: <AuthGuard />, children: [{ path: '/dashboard/inicio', element: <p>Panel privado</p> }] },
    ],
    at: '/dashboard/inicio',
  });
}

describe('AuthGuard', () => {
  it('shows a spinner while the session is still unknown', () => {
    mockApi({ 'GET /api/auth/me': hang });
    renderGuarded('true');
    expect(screen.getByRole('status')).toHaveTextContent(es.common.loading);
    expect(screen.queryByText('Panel privado')).not.toBeInTheDocument();
  });

  it('shows the protected screen once the session is restored (cookie consent given)', async () => {
    mockApi({ 'GET /api/auth/me': () => ok(CLIENT) });
    renderGuarded('true');
    expect(await screen.findByText('Panel privado')).toBeInTheDocument();
  });

  it('sends a visitor without a session to the login', async () => {
    const api = mockApi();
    const { router } = renderGuarded('true');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('GET /api/auth/me')).toHaveLength(1);
  });

  it('without cookie consent drops any old cookie instead of restoring the session (ADR 0003)', async () => {
    const api = mockApi({ 'GET /api/auth/me': () => ok(CLIENT) });
    const { router } = renderGuarded();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.callsTo('POST /api/auth/logout').length).toBeGreaterThanOrEqual(1);
    expect(api.callsTo('GET /api/auth/me')).toHaveLength(0);
  });
});
