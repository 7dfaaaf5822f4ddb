import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database.ts';
import type { AfterCommit } from '../lib/transaction.ts';
import { type MailLayoutContent, renderMailLayout } from './mail-layout.ts';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** a Message-ID fixed by the caller, so that a mail sent again is known as the same one */
  messageId?: string;
  headers?: Record<string, string>;
  /** the text asks for an answer: `Reply-To` is the support address (SUPPORT_MAIL), not the sender */
  invitesReply?: boolean;
  /**
   * an iCalendar invitation (RFC 5545 text, its METHOD): nodemailer sends it as the text/calendar part
   * with `method=` and as an .ics attachment (docs/notifications.md, Calendar invitations)
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
};

export type Mailer = {
  send(mail: Mail): Promise<void>;
  /**
   * Removes the copies kept of the mails sent to `address` (an erased account, docs/domain.md, Privacy
   * rights): the outbox's files; a mail server keeps none here. Answers how many went.
   */
  forget(address: string): Promise<number>;
};

/** Whether an .eml file's To header names `address` (its headers end at the first blank line). */
export function isAddressedTo(eml: string, address: string): boolean {
  const headers = eml.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const to = headers
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .find((line) => /^to:/i.test(line));
  return to?.toLowerCase().includes(address.toLowerCase()) ?? false;
}

/**
 * An account mail kept in the outbox (docs/notifications.md, Account mails): what it is, whom it goes to
 * and the row it is about. The module that owns the kind composes it when it leaves, from the database as
 * it is then (so a link's token is rebuilt, never stored), with `params` for what must be said as it was.
 */
export type AccountMail = {
  kind: string;
  userId: string;
  subjectId?: string | null;
  params?: Record<string, string> | null;
};

/** The mail of one kind, composed when it leaves; null when there is nothing to send any more. */
export type ComposeAccountMail = (mail: {
  userId: string;
  subjectId: string | null;
  params: Record<string, string> | null;
}) => Promise<Mail | null>;

/** The durable way to send an account mail: written in the caller's transaction, sent by the worker. */
export type MailOutbox = {
  /** puts `mail` in the outbox in the transaction `tx`; the worker is woken after the commit */
  queue(tx: Db, afterCommit: AfterCommit, mail: AccountMail): Promise<void>;
  /** how mails of `kind` are composed; each kind is defined once, by the module that owns it */
  define(kind: string, compose: ComposeAccountMail): void;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export { escapeHtml } from './mail-layout.ts';

/** What an account mail says (its owner's texts), before it is laid out. */
export type MailContent = Omit<MailLayoutContent, 'unsubscribe'> & {
  /** the text asks for an answer (docs/operations.md, Mail addresses): it gets a Reply-To */
  invitesReply?: boolean;
};

/**
 * A mail in the one layout every mail has (plugins/mail-layout.ts): greeting, paragraphs, an optional
 * button with its link (also written out, for mail readers without HTML), small print, signature. Texts
 * come from the caller (es.ts); everything is escaped.
 */
export async function composeMail(content: MailContent): Promise<Omit<Mail, 'to'>> {
  const { invitesReply, ...layout } = content;
  const { text, html } = await renderMailLayout(layout);
  return { subject: content.subject, text, html, ...(invitesReply ? { invitesReply } : {}) };
}

/** What nodemailer is given: the sender, and `Reply-To` the support address when the mail invites an answer. */
function envelopeOf(mail: Mail, from: string, supportMail: string) {
  const { invitesReply, ...rest } = mail;
  return { from, ...rest, ...(invitesReply ? { replyTo: supportMail } : {}) };
}

/**
 * SMTP_URL sends through that server (a local one without STARTTLS, as test and
 * development servers offer none); otherwise every mail is written as an .eml file under DATA_DIR/outbox
 * and its subject and link are logged, so password recovery works out of the box.
 */
async function mailer(app: FastifyInstance) {
  const { smtpUrl, mailFrom, dataDir, supportMail } = app.config;
  if (smtpUrl) {
    const local = LOCAL_HOSTS.has(new URL(smtpUrl).hostname);
    const transport = nodemailer.createTransport({ url: smtpUrl, ignoreTLS: local });
    app.addHook('onClose', async () => transport.close());
    app.decorate('mailer', {
      async send(mail: Mail) {
        await transport.sendMail(envelopeOf(mail, mailFrom, supportMail));
      },
      forget: async () => 0,
    });
    return;
  }

  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  app.decorate('mailer', {
    async send(mail: Mail) {
      const info = await transport.sendMail(envelopeOf(mail, mailFrom, supportMail));
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      const link = mail.text.match(/https?:\/\/\S+/)?.[0];
      app.log.info({ file, subject: mail.subject, link }, 'mail written to the outbox');
    },
    async forget(address: string) {
      const names = await readdir(outbox).catch(() => [] as string[]);
      let removed = 0;
      for (const name of names.filter((one) => one.endsWith('.eml'))) {
        const file = path.join(outbox, name);
        const eml = await readFile(file, 'utf8').catch(() => '');
        if (!isAddressedTo(eml, address)) continue;
        await rm(file, { force: true });
        removed += 1;
      }
      return removed;
    },
  });
}

export default fp(mailer, { name: 'mailer', dependencies: ['config'] });
