import { es } from '@l4l/shared/texts/es/payment';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe, type StripeError } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { paths } from '../../../lib/paths.ts';
import styles from './payment-pages.module.css';

/**
 * The embedded card form of the 'Stripe Test Payload' page (docs/product.md, Payment pages). This module is loaded lazily by the
 * page, and only when the server has a publishable key, so Stripe.js never reaches another screen.
 */

/**
 * One Stripe.js instance per key for the whole visit (Stripe asks not to call loadStripe on each render).
 * A script that cannot load (offline, blocked) gives null, and is tried again on the next visit.
 */
const instances = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadStripe(publishableKey, { locale: 'es' }).catch(() => null);
    instances.set(publishableKey, instance);
    void instance.then((loaded) => loaded ?? instances.delete(publishableKey));
  }
  return instance;
}

/** docs/product.md, Payment pages: card and validation errors show the provider's message (or 'Error inesperado'); others, ours. */
export function paymentErrorMessage(error: Pick<StripeError, 'type' | 'message'>): string {
  if (error.type === 'card_error' || error.type === 'validation_error')
    return error.message || es.payment.unexpected;
  return es.payment.genericError;
}

export function StripePaymentForm({
  publishableKey,
  clientSecret,
}: {
  publishableKey: string;
  clientSecret: string;
}) {
  // one load per mounted form: a failed script is tried again only when the page is opened again
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let live = true;
    void stripe.then((loaded) => live && !loaded && setUnavailable(true));
    return () => {
      live = false;
    };
  }, [stripe]);

  if (unavailable)
    return (
      <p className={styles.error} role="alert">
        {es.payment.cardFormLoadFailed}
      </p>
    );
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale: 'es' }}>
      <CardForm />
    </Elements>
  );
}

function CardForm() {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [paying, setPaying] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || paying) return;
    setPaying(true);
    setMessage(null);
    try {
      // on success Stripe leaves this page for the return URL; it only answers here with an error
      const { error } = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${paths.paymentCompletion}` },
      });
      setMessage(paymentErrorMessage(error));
    } catch {
      setMessage(es.payment.genericError);
    }
    setPaying(false);
  }

  return (
    <form className={styles.cardForm} aria-label={es.payment.cardForm} aria-busy={paying} onSubmit={pay}>
      <p className={styles.note}>{es.payment.cardFormHint}</p>
      <PaymentElement
        className={styles.paymentElement}
        options={{ layout: 'tabs' }}
        onReady={() => setReady(true)}
        onLoadError={() => setMessage(es.payment.genericError)}
      />
      <Button type="submit" block size="lg" disabled={!stripe || !elements || !ready || paying}>
        {paying ? es.payment.paying : es.buttons.payNow}
      </Button>
      {message ? (
        <p className={styles.error} role="alert">
          {message}
        </p>
      ) : null}
    </form>
  );
}
