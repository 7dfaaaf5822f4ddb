import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es/account';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormMessage } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { useConfirmMailChange } from '../api/confirm-mail-change.ts';
import styles from './reset-password-page.module.css';

/** /confirmar-correo?token=… — the link mailed to a new sign-in address: opening it confirms it. */
export function ConfirmMailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const confirm = useConfirmMailChange();
  // the link is single use: one request, even when React runs the effect twice
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);

  const failure = !token
    ? es.validation.mailChangeLinkInvalid
    : confirm.isError
      ? isApiError(confirm.error)
        ? confirm.error.message
        : ERROR_MESSAGES.INTERNAL_ERROR
      : null;

  return (
    <section className={styles.page}>
      <div className={styles.card} role="status" aria-live="polite">
        <h1 className={styles.title}>{es.confirmMail.title}</h1>
        {confirm.isSuccess ? <p className={styles.text}>{es.confirmMail.done(confirm.data.mail)}</p> : null}
        {failure ? (
          <FormMessage>
            {es.confirmMail.failed} {failure}
          </FormMessage>
        ) : null}
        {!confirm.isSuccess && !failure ? (
          <p className={styles.text}>
            <Spinner size="sm" /> {es.confirmMail.confirming}
          </p>
        ) : null}
        {confirm.isSuccess || failure ? <Link to={paths.landing}>{es.confirmMail.goHome}</Link> : null}
      </div>
    </section>
  );
}
