import { es } from '@l4l/shared/texts/es/account';
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function ResetPasswordRoute() {
  useDocumentTitle(es.resetPassword.title);
  return <ResetPasswordPage />;
}
