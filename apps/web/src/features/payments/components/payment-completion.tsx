import { es } from '@l4l/shared/texts/es/payment';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/button/button.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { usePaymentIntent } from '../api/get-payment-intent.ts';
import styles from './payment-pages.module.css';

const statusLabel = (status: string) => es.payment.intentStatuses[status] ?? status;

/**
 * /payment/completion (docs/product.md, Payment pages): the embedded form's return page. The query's `redirect_status` is only a
 * hint anyone can type, so the page asks the server for the real status; when the server cannot ask
 * Stripe (not configured) it shows the query's values marked as unverified.
 */
export function PaymentCompletion() {
  const [params] = useSearchParams();
  const intentId = params.get('payment_intent');
  const claimed = params.get('redirect_status');
  const intent = usePaymentIntent(intentId);

  let status: ReactNode;
  if (!intentId) {
    status = <p className={styles.note}>{es.payment.noIntent}</p>;
  } else if (intent.isPending) {
    status = <Spinner label={es.payment.verifying} />;
  } else if (intent.isSuccess) {
    status = (
      <dl className={styles.facts}>
        <dt>{es.payment.intentId}</dt>
        <dd className={styles.mono}>{intent.data.id}</dd>
        <dt>{es.payment.intentStatus}</dt>
        <dd data-status={intent.data.status}>{statusLabel(intent.data.status)}</dd>
      </dl>
    );
  } else {
    const notConfigured = isApiError(intent.error) && intent.error.status === 503;
    status = (
      <>
        <dl className={styles.facts}>
          <dt>{es.payment.intentId}</dt>
          <dd className={styles.mono}>{intentId}</dd>
          <dt>{es.payment.intentStatus}</dt>
          <dd>{claimed ? statusLabel(claimed) : es.payment.noStatus}</dd>
        </dl>
        <p className={styles.warning} role="status">
          {notConfigured ? es.payment.unverified : es.payment.verifyFailed}
        </p>
      </>
    );
  }

  return (
    <section className={styles.card} aria-labelledby="payment-completion-title">
      <h1 id="payment-completion-title" className={styles.title}>
        {es.payment.completedTitle}
      </h1>
      {status}
      <ButtonLink to={paths.dashboard}>{es.payment.backHome}</ButtonLink>
    </section>
  );
}
