import { es } from '@l4l/shared/texts/es/admin';
import { OverviewPage } from '../../features/admin/components/overview-page.tsx';
import { InvoiceBookLink } from '../../features/invoices/components/invoice-book-link.tsx';
import { paths } from '../../lib/paths.ts';
import { useAdminTitle } from './admin-title.ts';

/** /admin: the overview (one chunk per section of the console). */
export function AdminOverviewRoute() {
  useAdminTitle(es.admin.sections.overview);
  return (
    <OverviewPage
      lawyersPath={paths.adminLawyers}
      casesPath={paths.adminCases}
      paymentsPath={paths.adminPayments}
      paymentsExtra={<InvoiceBookLink />}
    />
  );
}
