import { es } from '@l4l/shared/texts/es/account';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useConfirmMailChange } from '../api/confirm-mail-change.ts';
import { MailedLinkPage } from './mailed-link-page.tsx';
import styles from './reset-password-page.module.css';

/** /confirmar-correo?token=… — the link mailed to a new sign-in address: opening it confirms it. */
export function ConfirmMailPage() {
  const confirm = useConfirmMailChange();
  return (
    <MailedLinkPage
      texts={{ ...es.confirmMail, invalid: es.validation.mailChangeLinkInvalid }}
      link={confirm}
      done={(answer) => <p className={styles.text}>{es.confirmMail.done(answer.mail)}</p>}
      next={<Link to={paths.landing}>{es.confirmMail.goHome}</Link>}
    />
  );
}
