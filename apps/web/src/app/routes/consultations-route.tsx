import { ROLE } from '@l4l/shared/constants/roles';
import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { useParams } from 'react-router';
import { ButtonLink } from '../../components/button/button.tsx';
import { BookingPanel } from '../../features/consultations/components/booking-panel.tsx';
import { ConsultationRoom } from '../../features/consultations/components/consultation-room.tsx';
import { MyConsultations } from '../../features/consultations/components/my-consultations.tsx';
import { LawyerProfile } from '../../features/lawyers/components/lawyer-profile.tsx';
import { consultationRoomPath, paths } from '../../lib/paths.ts';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /dashboard/consultas: 'Mis consultas' of a client or a lawyer (docs/consultations.md). */
export function MyConsultationsRoute() {
  const user = useRequiredUser();
  useDocumentTitle(consultationsWebEs.list.title);
  if (!user) return null;
  return (
    <MyConsultations
      roomPath={consultationRoomPath}
      emptyAction={
        user.role === ROLE.USUARIO ? (
          <div>
            <p>{consultationsWebEs.list.emptyClient}</p>
            <ButtonLink to={paths.home} variant="secondary">
              {consultationsWebEs.booking.openBooking}
            </ButtonLink>
          </div>
        ) : null
      }
    />
  );
}

/** /dashboard/consultas/:consultationId: the video room, for the consultation's two parties only. */
export function ConsultationRoomRoute() {
  const user = useRequiredUser();
  const { consultationId } = useParams();
  useDocumentTitle(consultationsWebEs.room.title);
  if (!user || !consultationId) return null;
  return (
    <ConsultationRoom consultationId={consultationId} viewerId={user.id} listPath={paths.consultations} />
  );
}

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
