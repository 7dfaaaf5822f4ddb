import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es/signed-in';
import { SavedSearchesPanel } from '../../features/alerts/components/saved-searches-panel.tsx';
import { CaseBoard } from '../../features/cases/components/case-board.tsx';
import { LawyerDirectory } from '../../features/lawyers/components/lawyer-directory.tsx';
import { ProposalModal } from '../../features/proposals/components/proposal-modal.tsx';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import styles from './home-route.module.css';

/**
 * /dashboard/inicio. The titles per role (docs/product.md, Home): the lawyer directory for clients, the board of
 * general cases (with the proposals feature's modal on each card) for lawyers.
 */
export function HomeRoute() {
  const user = useRequiredUser();
  useDocumentTitle(es.nav.home);
  if (!user) return null;
  const isLawyer = user.role === ROLE.ABOGADO;
  const isClient = user.role === ROLE.USUARIO;
  if (isLawyer) {
    // docs/product.md, Home (lawyer): the board of general cases, each card sending a proposal
    return (
      <section className={styles.home} aria-labelledby="home-title">
        <p className={styles.greeting}>{es.dashboard.greeting(user.name)}</p>
        <h1 id="home-title" className={styles.title}>
          {es.dashboard.lawyerHomeTitle}
        </h1>
        <p className={styles.lead}>{es.dashboard.lawyerHomeLead}</p>
        <CaseBoard
          aside={(filters) => <SavedSearchesPanel search={filters.search} />}
          proposalAction={(boardCase, onSent) => (
            <ProposalModal caseId={boardCase.id} caseTitle={boardCase.title} onSent={onSent} />
          )}
        />
      </section>
    );
  }
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
        {es.dashboard.adminHomeTitle}
      </h1>
      <p className={styles.lead}>{es.dashboard.adminHomeLead}</p>
    </section>
  );
}
