import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es';
import { ButtonLink } from '../../components/button/button.tsx';
import { LawyerDirectory } from '../../features/lawyers/components/lawyer-directory.tsx';
import { paths } from '../../lib/paths.ts';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import styles from './home-route.module.css';

/**
 * /dashboard/inicio. The spec's titles per role (§2 Home); the lawyer directory (clients) and the board of
 * general cases (lawyers) are composed here by their features when they land.
 */
export function HomeRoute() {
  const user = useRequiredUser();
  useDocumentTitle(es.nav.home);
  if (!user) return null;
  const isLawyer = user.role === ROLE.ABOGADO;
  const isClient = user.role === ROLE.USUARIO;
  if (isClient) {
    return (
      <section className={styles.home} aria-labelledby="home-title">
        <p className={styles.greeting}>{es.dashboard.greeting(user.name)}</p>
        <h1 id="home-title" className={styles.title}>
          {es.dashboard.userHomeTitle}
        </h1>
        <LawyerDirectory />
      </section>
    );
  }
  return (
    <section className={styles.home} aria-labelledby="home-title">
      <p className={styles.greeting}>{es.dashboard.greeting(user.name)}</p>
      <h1 id="home-title" className={styles.title}>
        {isLawyer ? es.dashboard.lawyerHomeTitle : es.dashboard.adminHomeTitle}
      </h1>
      <p className={styles.lead}>{isLawyer ? es.dashboard.lawyerHomeLead : es.dashboard.adminHomeLead}</p>
      {isLawyer ? (
        <div className={styles.panel}>
          <div>
            <h2 className={styles.panelTitle}>{es.dashboard.lawyerProfileTitle}</h2>
            <p className={styles.panelText}>{es.dashboard.lawyerProfileText}</p>
          </div>
          <ButtonLink to={paths.profile} variant="accent" size="lg">
            {es.nav.profile}
          </ButtonLink>
        </div>
      ) : null}
    </section>
  );
}
