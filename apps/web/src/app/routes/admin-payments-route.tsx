import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { PaymentsPage } from '../../features/admin/components/payments-page.tsx';
import { useAdminTitle } from './admin-title.ts';

/** /admin/pagos: the payments section (one chunk per section of the console). */
export function AdminPaymentsRoute() {
  useAdminTitle(moneyWebEs.admin.section);
  return <PaymentsPage />;
}
