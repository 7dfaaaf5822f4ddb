import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es/account';
import { Button } from '../../../components/button/button.tsx';
import { CloseIcon } from '../../../components/icons/icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import type { SessionUser } from '../../../lib/session.tsx';
import { useResendVerification } from '../api/resend-verification.ts';
import styles from './verify-mail-banner.module.css';

const t = es.verifyMailBanner;

/**
 * docs/domain.md, Mail verification: a person whose address is not confirmed yet is asked to confirm it,
 * and may have the link mailed again. Nothing else waits for it; closing the banner hides it until the
 * next visit.
 */
export function VerifyMailBanner({ user, onDismiss }: { user: SessionUser; onDismiss: () => void }) {
  const resend = useResendVerification();
  const failure = resend.isError
    ? isApiError(resend.error)
      ? resend.error.message
      : ERROR_MESSAGES.INTERNAL_ERROR
    : null;
  return (
    <section className={styles.banner} aria-labelledby="verify-mail-title">
      <div className={styles.body}>
        <h2 id="verify-mail-title" className={styles.title}>
          {t.title}
        </h2>
        <p className={styles.text}>{t.text(user.mail)}</p>
        <p className={styles.status} role="status" aria-live="polite">
          {resend.isSuccess ? t.resent : null}
          {failure ? <span className={styles.error}>{failure}</span> : null}
        </p>
      </div>
      <div className={styles.actions}>
        <Button
          variant="accent"
          size="sm"
          disabled={resend.isPending || resend.isSuccess}
          onClick={() => resend.mutate()}
        >
          {resend.isPending ? t.resending : t.resend}
        </Button>
        <button type="button" className={styles.dismiss} aria-label={t.dismiss} onClick={onDismiss}>
          <CloseIcon size={18} />
        </button>
      </div>
    </section>
  );
}
