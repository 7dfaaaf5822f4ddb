import { formatEuros } from '@l4l/shared/format';
import { PAYMENT_TEST_AMOUNT } from '@l4l/shared/schemas/billing';
import { es } from '@l4l/shared/texts/es/payment';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { useCreatePaymentIntent } from '../api/create-payment-intent.ts';
import { usePaymentConfig } from '../api/get-payment-config.ts';
import styles from './payment-pages.module.css';

// Stripe.js and its React bindings travel in their own chunk, fetched only by this page and only with a key
const StripePaymentForm = lazy(() =>
  import('./stripe-payment-form.tsx').then((module) => ({ default: module.StripePaymentForm })),
);

/**
 * 'Stripe Test Payload' (docs/product.md, Payment pages): an embedded payment form for a fixed test payment of 200. The page asks
 * the server for its payment configuration first; with a Stripe publishable key it creates the
 * PaymentIntent (POST /api/payments/payment-stripe) and shows Stripe's card form with 'Pay now'. Without
 * Stripe it says plainly that the form is not available here.
 */
export function PaymentTestPage({ reference }: { reference: string }) {
  const config = usePaymentConfig();
  const publishableKey = config.data?.publishableKey ?? null;

  return (
    <section className={styles.card} aria-labelledby="payment-test-title">
      <h1 id="payment-test-title" className={styles.title}>
        {es.payment.testPageTitle}
      </h1>
      <p className={styles.lead}>{es.payment.testIntro}</p>
      <dl className={styles.facts}>
        <dt>{es.payment.testAmount}</dt>
        <dd className={styles.amount}>{formatEuros(PAYMENT_TEST_AMOUNT)}</dd>
      </dl>
      {config.isPending ? (
        <Loading />
      ) : config.isError ? (
        <Failure onRetry={() => config.refetch()} />
      ) : publishableKey ? (
        <EmbeddedForm publishableKey={publishableKey} reference={reference} />
      ) : config.data.provider === 'sandbox' ? (
        <SandboxForm reference={reference} />
      ) : (
        <p className={styles.warning} role="status">
          {es.payment.testNoEmbeddedForm}
        </p>
      )}
    </section>
  );
}

/** Creates the test PaymentIntent once, then hands its client secret to Stripe's form. */
function EmbeddedForm({ publishableKey, reference }: { publishableKey: string; reference: string }) {
  const create = useCreatePaymentIntent();
  const { mutate } = create;
  const started = useRef(false);

  useEffect(() => {
    // once per visit (React's development double effect included): each call is a new intent at Stripe
    if (started.current) return;
    started.current = true;
    mutate({ id: reference, amount: PAYMENT_TEST_AMOUNT, description: es.payment.testPageTitle });
  }, [mutate, reference]);

  if (create.isError)
    return (
      <Failure
        onRetry={() =>
          create.mutate({ id: reference, amount: PAYMENT_TEST_AMOUNT, description: es.payment.testPageTitle })
        }
      />
    );
  if (!create.isSuccess) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <StripePaymentForm publishableKey={publishableKey} clientSecret={create.data.clientSecret} />
    </Suspense>
  );
}

/**
 * Without Stripe (the default install): 'Pay now' asks the server for the test intent (the sandbox answers
 * one, no card involved) and goes where Stripe would send the browser back, /payment/completion, which
 * says the payment could not be verified with Stripe.
 */
function SandboxForm({ reference }: { reference: string }) {
  const create = useCreatePaymentIntent();
  const pay = () =>
    create.mutate(
      { id: reference, amount: PAYMENT_TEST_AMOUNT, description: es.payment.testPageTitle },
      {
        onSuccess: ({ clientSecret }) => {
          const intent = clientSecret.split('_secret_')[0] ?? '';
          const back = new URL('/payment/completion', window.location.origin);
          back.searchParams.set('payment_intent', intent);
          back.searchParams.set('redirect_status', 'succeeded');
          window.location.assign(back.toString());
        },
      },
    );
  return (
    <>
      <p className={styles.warning} role="status">
        {es.payment.testPageUnavailable}
      </p>
      {create.isError ? (
        <p className={styles.error} role="alert">
          {es.payment.genericError}
        </p>
      ) : null}
      <Button onClick={pay} disabled={create.isPending || create.isSuccess}>
        {create.isPending ? es.payment.paying : es.buttons.payNow}
      </Button>
    </>
  );
}

function Loading() {
  return (
    <p className={styles.note} role="status">
      {es.payment.loadingForm}
    </p>
  );
}

function Failure({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <p className={styles.error} role="alert">
        {es.payment.genericError}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        {es.common.retry}
      </Button>
    </>
  );
}
