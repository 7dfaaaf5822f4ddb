import { PAYMENT_TEST_AMOUNT } from '@l4l/shared/schemas/billing';
import { formatEuros } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import { Button } from '../../../components/button/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useCreatePaymentIntent } from '../api/create-payment-intent.ts';
import styles from './payment-pages.module.css';

/**
 * 'Stripe Test Payload' (spec §2): a fixed test payment of 200 through POST /api/payments/payment-stripe.
 * When the server has no Stripe provider it answers 503 and the page says so plainly; other failures show
 * the spec's 'Se ha producido un error.'.
 */
export function PaymentTestPage({ reference }: { reference: string }) {
  const create = useCreatePaymentIntent();
  const unavailable = isApiError(create.error) && create.error.status === 503;

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
      {create.isSuccess ? (
        <div className={styles.notice} role="status">
          <p>{es.payment.testPrepared}</p>
          <p>{es.payment.testNoEmbeddedForm}</p>
          <a href={create.data.dpmCheckerLink} target="_blank" rel="noreferrer noopener">
            {es.payment.testReviewMethods}
          </a>
        </div>
      ) : (
        <Button
          onClick={() =>
            create.mutate({
              id: reference,
              amount: PAYMENT_TEST_AMOUNT,
              description: es.payment.testPageTitle,
            })
          }
          disabled={create.isPending || unavailable}
        >
          {create.isPending ? es.payment.loadingForm : es.buttons.payNow}
        </Button>
      )}
      {create.isError ? (
        <p className={unavailable ? styles.warning : styles.error} role="alert">
          {unavailable ? es.payment.testPageUnavailable : es.payment.genericError}
        </p>
      ) : null}
    </section>
  );
}
