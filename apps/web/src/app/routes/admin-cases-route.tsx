import { es } from '@l4l/shared/texts/es/admin';
import { CasesQueue } from '../../features/admin/components/cases-queue.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /admin/casos: the cases waiting for validation (one chunk per section of the console). */
export function AdminCasesRoute() {
  useAdminTitle(es.admin.sections.cases);
  return <CasesQueue />;
}
