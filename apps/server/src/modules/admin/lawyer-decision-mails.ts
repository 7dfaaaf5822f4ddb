import { es } from '@l4l/shared/texts/es';
import type { MailContent } from '../../plugins/mailer.ts';

/**
 * What the mails of an administrator's decision on a lawyer say, from plain values: the composers fill
 * them when the mail leaves, the mail previews (scripts/render-mails.ts) with demo values.
 */
export const lawyerDecisionMailContents = {
  'lawyer-verified': (name: string, loginUrl: string): MailContent => {
    const texts = es.mail.lawyerVerified;
    return {
      subject: texts.subject,
      name,
      paragraphs: [texts.intro, texts.next],
      action: { label: texts.action, url: loginUrl },
    };
  },
  'lawyer-rejected': (name: string, reason: string): MailContent => {
    const texts = es.mail.lawyerRejected;
    return {
      subject: texts.subject,
      name,
      paragraphs: [texts.intro, texts.reason(reason), texts.next],
      // "responde a este correo": the answer goes to the support address
      invitesReply: true,
    };
  },
};
