import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es/public';
import { MyCases } from '../../features/cases/components/my-cases.tsx';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CaseProposalAction } from '../case-actions.tsx';
import styles from './home-route.module.css';

/** /dashboard/casos — docs/product.md, Mis casos: the client's or the lawyer's cases. */
export function CasesRoute() {
  const user = useRequiredUser();
  useDocumentTitle(es.nav.myCases);
  if (!user) return null;
  return (
    <section className={styles.home} aria-labelledby="cases-title">
      <h1 id="cases-title" className={styles.title}>
        {es.nav.myCases}
      </h1>
      <MyCases
        user={user}
        proposalAction={user.role === ROLE.ABOGADO ? (item) => <CaseProposalAction item={item} /> : undefined}
      />
    </section>
  );
}
