import { es } from '@l4l/shared/texts/es';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { PaymentTestPage } from './payment-test-page.tsx';

// Stripe.js stands in as a fake: what the page gives it, and what it answers on 'Pay now'
const stripe = vi.hoisted(() => ({
  elements: { kind: 'elements' },
  instance: { confirmPayment: vi.fn() },
  elementsProps: [] as Array<{ stripe: unknown; options: { clientSecret: string } }>,
  loadStripe: vi.fn(),
}));

vi.mock('@stripe/stripe-js', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: (props: { stripe: unknown; options: { clientSecret: string }; children: ReactNode }) => {
    stripe.elementsProps.push(props);
    return <div data-testid="stripe-elements">{props.children}</div>;
  },
  PaymentElement: ({ onReady }: { onReady?: () => void }) => {
    useEffect(() => onReady?.(), [onReady]);
    return <div data-testid="payment-element" />;
  },
  useStripe: () => stripe.instance,
  useElements: () => stripe.elements,
}));

const REFERENCE = 'user-123';
const CLIENT_SECRET = 'pi_test_1_secret_abc';
const withKey = {
  'GET /api/payments/config': () => ok({ provider: 'stripe', publishableKey: 'pk_test_page' }),
  'POST /api/payments/payment-stripe': () =>
    ok({ clientSecret: CLIENT_SECRET, dpmCheckerLink: 'https://dashboard.stripe.com/x' }),
};

async function openForm() {
  const api = mockApi(withKey);
  renderWithApp(<PaymentTestPage reference={REFERENCE} />, { path: '/payment' });
  const payNow = await screen.findByRole('button', { name: es.buttons.payNow });
  await waitFor(() => expect(payNow).toBeEnabled());
  return { api, payNow };
}

describe('PaymentTestPage', () => {
  beforeEach(() => {
    stripe.loadStripe.mockReset().mockResolvedValue(stripe.instance);
    stripe.instance.confirmPayment.mockReset();
    stripe.elementsProps.length = 0;
  });
  afterEach(() => vi.restoreAllMocks());

  it('with a publishable key: one intent of 200, Stripe’s form with its client secret, and Pay now', async () => {
    const { api } = await openForm();
    expect(screen.getByRole('heading', { name: es.payment.testPageTitle })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: es.payment.cardForm })).toBeInTheDocument();
    expect(screen.getByTestId('payment-element')).toBeInTheDocument();
    expect(api.callsTo('POST /api/payments/payment-stripe')).toHaveLength(1);
    expect(api.callsTo('POST /api/payments/payment-stripe')[0]?.body).toEqual({
      id: REFERENCE,
      amount: 200,
      description: es.payment.testPageTitle,
    });
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_page', { locale: 'es' });
    expect(stripe.elementsProps.at(-1)?.options.clientSecret).toBe(CLIENT_SECRET);
  });

  it('Pay now confirms the payment with the return URL origin + /payment/completion', async () => {
    stripe.instance.confirmPayment.mockReturnValue(new Promise(() => {}));
    const { payNow } = await openForm();
    await userEvent.click(payNow);
    expect(stripe.instance.confirmPayment).toHaveBeenCalledWith({
      elements: stripe.elements,
      confirmParams: { return_url: `${window.location.origin}/payment/completion` },
    });
    expect(await screen.findByRole('button', { name: es.payment.paying })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('card and validation errors show the provider’s message, or Error inesperado without one', async () => {
    const { payNow } = await openForm();
    stripe.instance.confirmPayment.mockResolvedValueOnce({
      error: { type: 'card_error', message: 'Tu tarjeta ha sido rechazada.' },
    });
    await userEvent.click(payNow);
    expect(await screen.findByRole('alert')).toHaveTextContent('Tu tarjeta ha sido rechazada.');

    stripe.instance.confirmPayment.mockResolvedValueOnce({ error: { type: 'validation_error' } });
    await userEvent.click(screen.getByRole('button', { name: es.buttons.payNow }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(es.payment.unexpected));
  });

  it('other errors show Se ha producido un error.', async () => {
    const { payNow } = await openForm();
    stripe.instance.confirmPayment.mockResolvedValueOnce({
      error: { type: 'api_error', message: 'An error occurred with our connection to Stripe.' },
    });
    await userEvent.click(payNow);
    expect(await screen.findByRole('alert')).toHaveTextContent(es.payment.genericError);
    expect(screen.queryByText(/connection to Stripe/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: es.buttons.payNow })).toBeEnabled();
  });

  it("without Stripe: 'Pay now' makes the sandbox's test intent and goes to the completion page, no Stripe.js", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, origin: window.location.origin, assign });
    const api = mockApi({
      'GET /api/payments/config': () => ok({ provider: 'sandbox', publishableKey: null }),
      'POST /api/payments/payment-stripe': () =>
        ok({ clientSecret: 'pi_sandbox_abc123_secret_def456', dpmCheckerLink: 'http://localhost/payment' }),
    });
    renderWithApp(<PaymentTestPage reference={REFERENCE} />, { path: '/payment' });
    expect(await screen.findByText(es.payment.testPageUnavailable)).toBeInTheDocument();
    expect(api.callsTo('POST /api/payments/payment-stripe')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: es.buttons.payNow }));
    await waitFor(() => expect(assign).toHaveBeenCalledOnce());
    const back = new URL(String(assign.mock.calls[0]?.[0]));
    expect(back.pathname).toBe('/payment/completion');
    expect(back.searchParams.get('payment_intent')).toBe('pi_sandbox_abc123');
    expect(back.searchParams.get('redirect_status')).toBe('succeeded');
    expect(api.callsTo('POST /api/payments/payment-stripe')[0]?.body).toMatchObject({ amount: 200 });
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('Stripe without a publishable key says the card form cannot be shown', async () => {
    mockApi({ 'GET /api/payments/config': () => ok({ provider: 'stripe', publishableKey: null }) });
    renderWithApp(<PaymentTestPage reference={REFERENCE} />, { path: '/payment' });
    expect(await screen.findByText(es.payment.testNoEmbeddedForm)).toBeInTheDocument();
    expect(stripe.loadStripe).not.toHaveBeenCalled();
  });

  it('says so when Stripe.js cannot load (offline or blocked), instead of a form that never works', async () => {
    stripe.loadStripe.mockReset().mockRejectedValue(new Error('Failed to load Stripe.js'));
    // another key: the form keeps one Stripe.js instance per key for the whole visit
    mockApi({
      ...withKey,
      'GET /api/payments/config': () => ok({ provider: 'stripe', publishableKey: 'pk_test_offline' }),
    });
    renderWithApp(<PaymentTestPage reference={REFERENCE} />, { path: '/payment' });
    expect(await screen.findByRole('alert')).toHaveTextContent(es.payment.cardFormLoadFailed);
    expect(screen.queryByRole('button', { name: es.buttons.payNow })).not.toBeInTheDocument();
  });

  it('a failed intent shows Se ha producido un error. and Reintentar makes a new one', async () => {
    let calls = 0;
    const api = mockApi({
      ...withKey,
      'POST /api/payments/payment-stripe': () =>
        ++calls === 1
          ? fail(503, 'SERVICE_UNAVAILABLE', es.payment.providerUnavailable)
          : ok({ clientSecret: CLIENT_SECRET, dpmCheckerLink: 'https://dashboard.stripe.com/x' }),
    });
    renderWithApp(<PaymentTestPage reference={REFERENCE} />, { path: '/payment' });
    expect(await screen.findByRole('alert')).toHaveTextContent(es.payment.genericError);
    expect(stripe.loadStripe).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: es.common.retry }));
    expect(await screen.findByRole('button', { name: es.buttons.payNow })).toBeInTheDocument();
    expect(api.callsTo('POST /api/payments/payment-stripe')).toHaveLength(2);
  });
});
