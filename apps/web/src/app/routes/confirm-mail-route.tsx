import { es } from '@l4l/shared/texts/es/account';
import { ConfirmMailPage } from '../../features/auth/components/confirm-mail-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function ConfirmMailRoute() {
  useDocumentTitle(es.confirmMail.title);
  return <ConfirmMailPage />;
}
