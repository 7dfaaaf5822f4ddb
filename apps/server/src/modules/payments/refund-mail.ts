import { es } from '@l4l/shared/texts/es';
import type { MailContent } from '../../plugins/mailer.ts';

/**
 * What the mail of a refunded second payment says (`code`, the case's; `amount`, formatted), from plain
 * values: the composer fills it when the mail leaves, the mail previews (scripts/render-mails.ts) with
 * demo values.
 */
export function refundMailContent(name: string, code: string, amount: string, casesUrl: string): MailContent {
  const texts = es.mail.paymentRefunded;
  return {
    subject: texts.subject,
    name,
    paragraphs: [texts.body(code, amount)],
    action: { label: texts.action, url: casesUrl },
  };
}
