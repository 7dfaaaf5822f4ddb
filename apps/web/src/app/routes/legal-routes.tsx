import { es } from '@l4l/shared/texts/es/legal';
import { CookieChoice } from '../../features/legal/components/cookie-choice.tsx';
import { LegalDocument } from '../../features/legal/components/legal-document.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function PrivacyPolicyRoute() {
  useDocumentTitle(es.legal.privacyTitle);
  return <LegalDocument title={es.legal.privacyTitle} text={es.legal.privacy} />;
}

export function CookiePolicyRoute() {
  useDocumentTitle(es.legal.cookiesTitle);
  return (
    <LegalDocument title={es.legal.cookiesTitle} text={es.legal.cookies}>
      <CookieChoice />
    </LegalDocument>
  );
}

export function LegalNoticeRoute() {
  useDocumentTitle(es.legal.noticeTitle);
  return <LegalDocument title={es.legal.noticeTitle} text={es.legal.notice} />;
}
