import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { PaymentCompletion } from './payment-completion.tsx';
import { PaymentResult } from './payment-result.tsx';

describe('payment result pages', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('success: says so, that the tab closes, offers the dashboard, then closes the window', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    mockApi();
    renderWithApp(<PaymentResult outcome="success" />);
    expect(await screen.findByRole('heading', { name: es.payment.successTitle })).toBeInTheDocument();
    expect(screen.getByText(es.payment.successText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: es.payment.goToDashboard })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(close).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(LIMITS.paymentErrorCloseMs));
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("failure: the page's texts, 'Volver al inicio', and the window closes after 3 s", async () => {
    vi.useFakeTimers();
    const close = vi.spyOn(window, 'close').mockImplementation(() => {});
    mockApi();
    renderWithApp(<PaymentResult outcome="failure" />);
    expect(screen.getByRole('heading', { name: es.payment.failureTitle })).toBeInTheDocument();
    expect(screen.getByText(es.payment.failureText)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: es.payment.backHome })).toHaveAttribute('href', '/dashboard');
    await act(async () => vi.advanceTimersByTime(2999));
    expect(close).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(close).toHaveBeenCalledTimes(1);
  });
});

describe('PaymentCompletion', () => {
  const at = '/payment/completion?payment_intent=pi_test_123&redirect_status=succeeded';

  it('shows the status the server reads from Stripe, not the query', async () => {
    const api = mockApi({
      'GET /api/payments/intent/pi_test_123': () =>
        ok({ id: 'pi_test_123', status: 'processing', amount: 200, currency: 'EUR' }),
    });
    renderWithApp(<PaymentCompletion />, { path: '/payment/completion', at });
    expect(await screen.findByText(es.payment.intentStatuses.processing ?? '')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: es.payment.completedTitle })).toBeInTheDocument();
    expect(screen.getByText('pi_test_123')).toBeInTheDocument();
    expect(screen.queryByText(es.payment.unverified)).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/payments/intent/pi_test_123')).toHaveLength(1);
    expect(screen.getByRole('link', { name: es.payment.backHome })).toHaveAttribute('href', '/dashboard');
  });

  it('shows the query values marked unverified when Stripe is not configured', async () => {
    mockApi({
      'GET /api/payments/intent/pi_test_123': () =>
        fail(503, 'SERVICE_UNAVAILABLE', es.payment.stripeNotConfigured),
    });
    renderWithApp(<PaymentCompletion />, { path: '/payment/completion', at });
    expect(await screen.findByText(es.payment.unverified)).toBeInTheDocument();
    expect(screen.getByText(es.payment.intentStatuses.succeeded ?? '')).toBeInTheDocument();
    expect(screen.getByText('pi_test_123')).toBeInTheDocument();
  });
});
