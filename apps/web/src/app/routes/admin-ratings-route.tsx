import { es } from '@l4l/shared/texts/es/admin';
import { RatingsPage } from '../../features/admin/components/ratings-page.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /admin/valoraciones: the reported ratings (one chunk per section of the console). */
export function AdminRatingsRoute() {
  useAdminTitle(es.admin.sections.ratings);
  return <RatingsPage />;
}
