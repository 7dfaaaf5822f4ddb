import { ROLE } from '@l4l/shared/constants/roles';
import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { ButtonLink } from '../../components/button/button.tsx';
import { MyConsultations } from '../../features/consultations/components/my-consultations.tsx';
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
