import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { useParams } from 'react-router';
import { ConsultationRoom } from '../../features/consultations/components/consultation-room.tsx';
import { paths } from '../../lib/paths.ts';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

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
