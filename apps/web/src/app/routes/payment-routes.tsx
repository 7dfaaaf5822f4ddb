import { ROLE } from '@l4l/shared/constants/roles';
import { es } from '@l4l/shared/texts/es/payment';
import { Navigate, useSearchParams } from 'react-router';
import { PaymentCompletion } from '../../features/payments/components/payment-completion.tsx';
import { PaymentResult } from '../../features/payments/components/payment-result.tsx';
import { PaymentTestPage } from '../../features/payments/components/payment-test-page.tsx';
import { paths } from '../../lib/paths.ts';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /payment-success (public, docs/product.md, Payment pages): the checkout window's happy ending. */
export function PaymentSuccessRoute() {
  useDocumentTitle(es.payment.successTitle);
  return <PaymentResult outcome="success" />;
}

/**
 * /payment-error (public, docs/product.md, Payment pages): the checkout failed, or the client cancelled it
 * (`?reason=cancelled`), which is no failure and is not told as one.
 */
export function PaymentErrorRoute() {
  const [query] = useSearchParams();
  const cancelled = query.get('reason') === 'cancelled';
  useDocumentTitle(cancelled ? es.payment.cancelledTitle : es.payment.failureTitle);
  return <PaymentResult outcome={cancelled ? 'cancelled' : 'failure'} />;
}

/** /payment/completion (public): the embedded form's return page. */
export function PaymentCompletionRoute() {
  useDocumentTitle(es.payment.completedTitle);
  return <PaymentCompletion />;
}

/**
 * /payment: the 'Stripe Test Payload' page, an English tool to check the payment provider's keys, for
 * administrators only: on any site, staging and production included, it is the administrators who check the
 * provider's set-up, while a client or a lawyer pays only through a proposal's checkout and would
 * only be misled by it. Anyone else goes to their home.
 */
export function PaymentTestRoute() {
  const user = useRequiredUser();
  useDocumentTitle(es.payment.testPageTitle);
  if (!user) return null;
  if (user.role !== ROLE.ADMIN) return <Navigate to={paths.home} replace />;
  return <PaymentTestPage reference={user.id} />;
}
