import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es/signed-in';
import { Navigate, useLocation, useParams } from 'react-router';
import { StartCaseDialog } from '../../features/cases/components/start-case-dialog.tsx';
import { BookingPanel } from '../../features/consultations/components/booking-panel.tsx';
import { LawyerProfile } from '../../features/lawyers/components/lawyer-profile.tsx';
import { lawyerProfilePath } from '../../features/lawyers/lib/lawyer-paths.ts';
import { LawyerRatingsPanel } from '../../features/ratings/components/ratings-panel.tsx';
import { paths } from '../../lib/paths.ts';
import { useSession } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /dashboard/abogados/:lawyerId — the public lawyer profile, composed with ratings, the case dialog and (+) the slot picker. */
export function LawyerProfileRoute() {
  const { lawyerId } = useParams();
  const { user } = useSession();
  useDocumentTitle(es.dashboard.userHomeTitle);
  // docs/domain.md, Roles: only clients start a case from a lawyer's profile
  return (
    <LawyerProfile
      lawyerId={lawyerId ?? null}
      ratings={(id) => <LawyerRatingsPanel lawyerId={id} />}
      startCase={user?.role === ROLE.USUARIO ? (id) => <StartCaseDialog lawyerId={id} /> : undefined}
      booking={
        user?.role === ROLE.USUARIO
          ? (id) => <BookingPanel lawyerId={id} listPath={paths.consultations} />
          : undefined
      }
    />
  );
}

/** docs/product.md, Routes: /dashboard/detail with navigation state {lawyerId} goes to the profile's real URL. */
export function LawyerDetailRoute() {
  const state = useLocation().state as { lawyerId?: unknown } | null;
  const lawyerId = typeof state?.lawyerId === 'string' && state.lawyerId ? state.lawyerId : null;
  if (lawyerId) return <Navigate to={lawyerProfilePath(lawyerId)} replace />;
  return <LawyerProfile lawyerId={null} />;
}
