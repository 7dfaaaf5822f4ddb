import { es } from '@l4l/shared/texts/es/account';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useSession } from '../../../lib/session.tsx';
import { useVerifyMail } from '../api/verify-mail.ts';
import { MailedLinkPage } from './mailed-link-page.tsx';
import styles from './reset-password-page.module.css';

/**
 * /verificar-correo?token=… — the link that confirms the sign-in address (docs/domain.md, Mail
 * verification). Opened signed in, the dashboard's banner goes at once; signed out, it works all the same.
 */
export function VerifyMailPage() {
  const { user, updateUser } = useSession();
  const verify = useVerifyMail((mail) => {
    if (user?.mail === mail) updateUser({ emailVerified: true });
  });
  return (
    <MailedLinkPage
      texts={{ ...es.verifyMail, invalid: es.validation.verifyMailLinkInvalid }}
      link={verify}
      done={(answer) => (
        <>
          <p className={styles.done}>{es.verifyMail.done}</p>
          <p className={styles.text}>{es.verifyMail.doneText(answer.mail)}</p>
        </>
      )}
      next={
        user ? (
          <Link to={paths.home}>{es.verifyMail.goDashboard}</Link>
        ) : (
          <Link to={paths.landing}>{es.verifyMail.goHome}</Link>
        )
      }
    />
  );
}
