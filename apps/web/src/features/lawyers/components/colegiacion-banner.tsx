import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es/account';
import { ButtonLink } from '../../../components/button/button.tsx';
import { paths } from '../../../lib/paths.ts';
import type { SessionUser } from '../../../lib/session.tsx';
import { useLawyerSheet } from '../api/get-lawyer-sheet.ts';
import styles from './colegiacion-banner.module.css';

/**
 * docs/domain.md, Colegiación: a lawyer who signed up before the colegio and the colegiado number were
 * asked is asked now, on every dashboard page until both are saved in the sheet.
 */
export function ColegiacionBanner({ user }: { user: SessionUser }) {
  if (user.role !== ROLE.ABOGADO) return null;
  return <MissingColegiacion lawyerId={user.id} />;
}

function MissingColegiacion({ lawyerId }: { lawyerId: string }) {
  const sheet = useLawyerSheet(lawyerId);
  if (!sheet.data || (sheet.data.barNumber && sheet.data.barAssociation)) return null;
  return (
    <section className={styles.banner} aria-labelledby="colegiacion-title">
      <div>
        <h2 id="colegiacion-title" className={styles.title}>
          {es.trust.askTitle}
        </h2>
        <p className={styles.text}>{es.trust.askText}</p>
      </div>
      <ButtonLink to={paths.profile} variant="accent">
        {es.trust.askAction}
      </ButtonLink>
    </section>
  );
}
