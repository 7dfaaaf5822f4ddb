import { es } from '@l4l/shared/texts/es';
import { ProfilePage } from '../../features/users/components/profile-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function ProfileRoute() {
  useDocumentTitle(es.profile.title);
  return <ProfilePage />;
}
