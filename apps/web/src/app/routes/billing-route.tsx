import { es } from '@l4l/shared/texts/es/profile';
import { BillingHistory } from '../../features/billing/components/billing-history.tsx';
import { InvoicesList } from '../../features/invoices/components/invoices-list.tsx';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import styles from './billing-route.module.css';

/** /dashboard/profile/billing (docs/product.md, Billing), for clients and lawyers alike, with their invoices. */
export function BillingRoute() {
  const user = useRequiredUser();
  useDocumentTitle(es.billing.title);
  if (!user) return null;
  return (
    <>
      <BillingHistory userId={user.id} role={user.role} />
      <div className={styles.invoices}>
        <InvoicesList />
      </div>
    </>
  );
}
