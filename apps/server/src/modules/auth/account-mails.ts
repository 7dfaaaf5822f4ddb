import { es } from '@l4l/shared/texts/es';
import type { MailContent } from '../../plugins/mailer.ts';

/** A mail whose point is one link: what it is for, the button, how long it lives, what if it was not you. */
const linkMail =
  (texts: { subject: string; intro: string; action: string; expiry: string; ignore: string }) =>
  (name: string, url: string): MailContent => ({
    subject: texts.subject,
    name,
    paragraphs: [texts.intro],
    action: { label: texts.action, url },
    footnotes: [texts.expiry, texts.ignore],
  });

/**
 * What the accounts' mails say (docs/notifications.md, Account mails), from plain values: the composers
 * fill them from the database when a mail leaves, the mail previews (scripts/render-mails.ts) with demo
 * values.
 */
export const accountMailContents = {
  'email-verification': linkMail(es.mail.verifyMail),
  'password-reset': linkMail(es.mail.recovery),
  'sign-in-attempts': (name: string, loginUrl: string): MailContent => {
    const texts = es.mail.signInAttempts;
    return {
      subject: texts.subject,
      name,
      paragraphs: [texts.intro, texts.advice],
      action: { label: texts.action, url: loginUrl },
    };
  },
  'mail-change-confirm': linkMail(es.mail.mailChangeConfirm),
  'mail-change-notice': (name: string, newMail: string): MailContent => {
    const texts = es.mail.mailChangeNotice;
    return {
      subject: texts.subject,
      name,
      paragraphs: [texts.body(newMail), texts.advice],
      // "escríbenos": an answer to this mail reaches the support address
      invitesReply: true,
    };
  },
};
