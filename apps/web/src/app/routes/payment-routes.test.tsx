import type { BaseUser } from '@l4l/shared/schemas/auth';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAWYER } from '../../test/case-fixtures.ts';
import { mockApi, ok } from '../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../test/render.tsx';
import { PaymentErrorRoute, PaymentTestRoute } from './payment-routes.tsx';

function renderAt(user: BaseUser) {
  mockApi({
    'GET /api/auth/me': () => ok(user),
    'GET /api/payments/config': () => ok({ provider: 'sandbox', publishableKey: null }),
  });
  return renderWithApp(<PaymentTestRoute />, { path: '/payment', consent: 'true' });
}

describe('PaymentTestRoute', () => {
  it.each([
    ['a client', CLIENT],
    ['a lawyer', LAWYER],
  ])('sends %s home: the English test page is not theirs', async (_who, user) => {
    const { router } = renderAt(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/inicio'));
    expect(screen.queryByRole('heading', { name: es.payment.testPageTitle })).not.toBeInTheDocument();
  });

  it('shows the test page to an administrator', async () => {
    const { router } = renderAt({ ...CLIENT, role: 'ADMIN' });
    expect(await screen.findByRole('heading', { name: es.payment.testPageTitle })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/payment');
  });
});

describe('PaymentErrorRoute', () => {
  afterEach(() => vi.restoreAllMocks());

  it("a cancelled checkout says it was cancelled and nothing was charged, never 'Algo salió mal'", async () => {
    vi.spyOn(window, 'close').mockImplementation(() => {});
    mockApi();
    renderWithApp(<PaymentErrorRoute />, { path: '/payment-error', at: '/payment-error?reason=cancelled' });
    expect(await screen.findByRole('heading', { name: es.payment.cancelledTitle })).toBeInTheDocument();
    expect(screen.getByText(es.payment.cancelledText)).toBeInTheDocument();
    expect(screen.getByText(es.payment.cancelledNext)).toBeInTheDocument();
    expect(screen.queryByText(es.payment.failureText)).not.toBeInTheDocument();
    expect(document.title).toContain(es.payment.cancelledTitle);
  });

  it('without a reason it is still the failure page', async () => {
    vi.spyOn(window, 'close').mockImplementation(() => {});
    mockApi();
    renderWithApp(<PaymentErrorRoute />, { path: '/payment-error', at: '/payment-error' });
    expect(await screen.findByRole('heading', { name: es.payment.failureTitle })).toBeInTheDocument();
    expect(screen.getByText(es.payment.failureText)).toBeInTheDocument();
  });
});
