import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es/public';
import { Navigate } from 'react-router';
import { BeginCasePage } from '../../features/cases/components/begin-case-page.tsx';
import { paths } from '../../lib/paths.ts';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /dashboard/begincase — docs/product.md, Start a case: for clients only (docs/domain.md, Roles); others go home. */
export function BeginCaseRoute() {
  const user = useRequiredUser();
  useDocumentTitle(es.nav.startCase);
  if (!user) return null;
  if (user.role !== ROLE.USUARIO) return <Navigate to={paths.home} replace />;
  return <BeginCasePage />;
}
