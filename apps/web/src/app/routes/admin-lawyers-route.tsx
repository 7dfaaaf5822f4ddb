import { es } from '@l4l/shared/texts/es/admin';
import { LawyersQueue } from '../../features/admin/components/lawyers-queue.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /admin/abogados: the lawyers waiting for verification (one chunk per section of the console). */
export function AdminLawyersRoute() {
  useAdminTitle(es.admin.sections.lawyers);
  return <LawyersQueue />;
}
