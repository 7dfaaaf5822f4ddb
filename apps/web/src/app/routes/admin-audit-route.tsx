import { es } from '@l4l/shared/texts/es/admin';
import { AuditPage } from '../../features/admin/components/audit-page.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /admin/auditoria: the audit log (one chunk per section of the console). */
export function AdminAuditRoute() {
  useAdminTitle(es.admin.sections.audit);
  return <AuditPage />;
}
