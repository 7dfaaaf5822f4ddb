import { LIMITS } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es/payment';
import { useEffect } from 'react';
import { ButtonLink } from '../../../components/button/button.tsx';
import { paths } from '../../../lib/paths.ts';
import styles from './payment-pages.module.css';

/**
 * Where the checkout sends the payment window back (docs/product.md, Payment pages). The window was opened by the
 * chat's 'Aceptar', so it closes itself and the chat underneath shows the outcome; a window the browser
 * will not let a script close keeps the link to the dashboard.
 */
export function PaymentResult({ outcome }: { outcome: 'success' | 'failure' | 'cancelled' }) {
  useEffect(() => {
    const timer = setTimeout(() => window.close(), LIMITS.paymentErrorCloseMs);
    return () => clearTimeout(timer);
  }, []);

  const success = outcome === 'success';
  const cancelled = outcome === 'cancelled';
  return (
    <section className={styles.card} aria-labelledby="payment-result-title">
      <span
        className={`${styles.badge} ${success ? styles.ok : cancelled ? styles.neutral : styles.ko}`}
        aria-hidden="true"
      >
        {success ? '✓' : cancelled ? '×' : '!'}
      </span>
      <h1 id="payment-result-title" className={styles.title}>
        {success ? es.payment.successTitle : cancelled ? es.payment.cancelledTitle : es.payment.failureTitle}
      </h1>
      {success ? (
        <>
          <p className={styles.lead}>{es.payment.successText}</p>
          <p className={styles.note}>{es.payment.successFallback}</p>
          <ButtonLink to={paths.dashboard} variant="secondary">
            {es.payment.goToDashboard}
          </ButtonLink>
        </>
      ) : cancelled ? (
        <>
          <p className={styles.lead}>{es.payment.cancelledText}</p>
          <p className={styles.note}>{es.payment.cancelledNext}</p>
          <p className={styles.note}>{es.payment.failureClosing}</p>
          <ButtonLink to={paths.dashboard}>{es.payment.backHome}</ButtonLink>
        </>
      ) : (
        <>
          <p className={styles.lead}>{es.payment.failureText}</p>
          <p className={styles.note}>{es.payment.failureClosing}</p>
          <ButtonLink to={paths.dashboard}>{es.payment.backHome}</ButtonLink>
        </>
      )}
    </section>
  );
}
