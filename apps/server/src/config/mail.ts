import { z } from 'zod';
import { type SectionInput, url } from './fields.ts';

/** How mails leave: the SMTP server (or DATA_DIR/outbox without it), the sender, the support address. */

export const mailShape = {
  SMTP_URL: url('SMTP_URL', ['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().trim().min(3).default('L4L <no-responder@l4l.es>'),
  SUPPORT_MAIL: z.email({ error: 'SUPPORT_MAIL debe ser una dirección de correo válida' }).optional(),
};

export type MailConfig = {
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Reply-To of the mails that invite an answer (SUPPORT_MAIL; soporte@ the host of PUBLIC_URL) */
  supportMail: string;
};

type MailEnv = z.infer<z.ZodObject<typeof mailShape>>;

/** `supportMail` is empty when unset: loadConfig fills it from the public address once that is known. */
export function mailSettings({ e }: SectionInput<MailEnv, unknown>): MailConfig {
  return { smtpUrl: e.SMTP_URL, mailFrom: e.MAIL_FROM, supportMail: e.SUPPORT_MAIL ?? '' };
}
