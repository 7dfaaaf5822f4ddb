import { es } from '@l4l/shared/texts/es/account';
import { VerifyMailPage } from '../../features/auth/components/verify-mail-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function VerifyMailRoute() {
  useDocumentTitle(es.verifyMail.title);
  return <VerifyMailPage />;
}
