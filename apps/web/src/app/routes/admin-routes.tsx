import { es } from '@l4l/shared/texts/es/admin';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { AuditPage } from '../../features/admin/components/audit-page.tsx';
import { CasesQueue } from '../../features/admin/components/cases-queue.tsx';
import { LawyersQueue } from '../../features/admin/components/lawyers-queue.tsx';
import { OverviewPage } from '../../features/admin/components/overview-page.tsx';
import { PaymentsPage } from '../../features/admin/components/payments-page.tsx';
import { RatingsPage } from '../../features/admin/components/ratings-page.tsx';
import { UsersPage } from '../../features/admin/components/users-page.tsx';
import { InvoiceBookLink } from '../../features/invoices/components/invoice-book-link.tsx';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** The console's sections (/admin/...): each composes one page of the admin feature. */
export function AdminOverviewRoute() {
  useDocumentTitle(`${es.admin.sections.overview} · ${es.admin.consoleTitle}`);
  return (
    <OverviewPage
      lawyersPath={paths.adminLawyers}
      casesPath={paths.adminCases}
      paymentsPath={paths.adminPayments}
      paymentsExtra={<InvoiceBookLink />}
    />
  );
}

export function AdminLawyersRoute() {
  useDocumentTitle(`${es.admin.sections.lawyers} · ${es.admin.consoleTitle}`);
  return <LawyersQueue />;
}

export function AdminUsersRoute() {
  useDocumentTitle(`${es.admin.sections.users} · ${es.admin.consoleTitle}`);
  return <UsersPage />;
}

export function AdminCasesRoute() {
  useDocumentTitle(`${es.admin.sections.cases} · ${es.admin.consoleTitle}`);
  return <CasesQueue />;
}

export function AdminAuditRoute() {
  useDocumentTitle(`${es.admin.sections.audit} · ${es.admin.consoleTitle}`);
  return <AuditPage />;
}

export function AdminPaymentsRoute() {
  useDocumentTitle(`${moneyWebEs.admin.section} · ${es.admin.consoleTitle}`);
  return <PaymentsPage />;
}

export function AdminRatingsRoute() {
  useDocumentTitle(`${es.admin.sections.ratings} · ${es.admin.consoleTitle}`);
  return <RatingsPage />;
}
