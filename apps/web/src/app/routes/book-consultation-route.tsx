import { ROLE } from '@l4l/shared/constants/roles';
import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { useParams } from 'react-router';
import { BookingPanel } from '../../features/consultations/components/booking-panel.tsx';
import { LawyerProfile } from '../../features/lawyers/components/lawyer-profile.tsx';
import { paths } from '../../lib/paths.ts';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/**
 * /dashboard/abogados/:lawyerId/primera-consulta: the lawyer's profile with the slot picker first, where
 * the public lawyer page's 'Reservar primera consulta' leads (after signing in).
 */
export function BookConsultationRoute() {
  const user = useRequiredUser();
  const { lawyerId } = useParams();
  useDocumentTitle(consultationsWebEs.booking.title);
  if (!user) return null;
  return (
    <LawyerProfile
      lawyerId={lawyerId ?? null}
      booking={(id) => <ConsultationBooking lawyerId={id} role={user.role} />}
      bookingFirst
    />
  );
}

/** The slot picker where a client may book; anyone else is told only clients can. */
export function ConsultationBooking({ lawyerId, role }: { lawyerId: string; role: string }) {
  if (role !== ROLE.USUARIO) return <p>{consultationsWebEs.booking.signInAsClient}</p>;
  return <BookingPanel lawyerId={lawyerId} listPath={paths.consultations} />;
}
