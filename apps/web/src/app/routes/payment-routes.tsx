import { es } from '@l4l/shared/texts/es/payment';
import { PaymentCompletion } from '../../features/payments/components/payment-completion.tsx';
import { PaymentResult } from '../../features/payments/components/payment-result.tsx';
import { PaymentTestPage } from '../../features/payments/components/payment-test-page.tsx';
import { useRequiredUser } from '../../lib/session.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

/** /payment-success (public, docs/product.md, Payment pages): the checkout window's happy ending. */
export function PaymentSuccessRoute() {
  useDocumentTitle(es.payment.successTitle);
  return <PaymentResult outcome="success" />;
}

/** /payment-error (public, docs/product.md, Payment pages): the checkout was cancelled or failed. */
export function PaymentErrorRoute() {
  useDocumentTitle(es.payment.failureTitle);
  return <PaymentResult outcome="failure" />;
}

/** /payment/completion (public): the embedded form's return page. */
export function PaymentCompletionRoute() {
  useDocumentTitle(es.payment.completedTitle);
  return <PaymentCompletion />;
}

/** /payment (signed in): the 'Stripe Test Payload' page. */
export function PaymentTestRoute() {
  const user = useRequiredUser();
  useDocumentTitle(es.payment.testPageTitle);
  if (!user) return null;
  return <PaymentTestPage reference={user.id} />;
}
