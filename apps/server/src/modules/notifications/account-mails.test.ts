import { es } from '@l4l/shared/texts/es';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  bearer,
  createAdmin,
  createLawyer,
  createUser,
  signIn,
  uniqueMail,
} from '../../../test/factories.ts';
import { type ReadMail, readMail } from '../../../test/mime.ts';
import { linkIn } from '../../../test/outbox.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { notificationMails } from '../../db/schema/index.ts';

/**
 * docs/notifications.md, Account mails: the mails of the accounts and of the administrators' decisions
 * leave through the outbox like the notifications' — written in the request's transaction, sent by the
 * worker — against a real SMTP server: exactly one mail per request, to the right address, with its
 * subject, a text and an HTML part, a Message-ID fixed by its outbox row, and no unsubscribe link (these
 * are the account's own mails). The refund's mail: payments/webhook.routes.test.ts.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof buildTestApp>>;
let adminToken: string;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: 'https://l4l.example' });
  adminToken = await signIn(t.app, await createAdmin(t.app));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Runs the worker, then answers the mails that reached the SMTP server for `address` since `from`. */
async function deliveredTo(address: string, from: number): Promise<Array<ReadMail & { raw: string }>> {
  await t.app.notifications.drainOutbox();
  return smtp.received
    .slice(from)
    .filter((mail) => mail.to.includes(address))
    .map((mail) => ({ ...readMail(mail.raw), raw: mail.raw }));
}

/** The one mail `address` got since `from`, checked as every account mail must be. */
async function theOneMail(address: string, from: number, kind: string, subject: string) {
  const mails = await deliveredTo(address, from);
  expect(mails, `${kind}: exactly one mail to ${address}`).toHaveLength(1);
  const mail = mails[0]!;
  expect(mail.header('to')).toContain(address);
  expect(mail.subject).toBe(subject);
  const text = mail.parts.find((part) => part.contentType === 'text/plain')?.body ?? '';
  const html = mail.parts.find((part) => part.contentType === 'text/html')?.body ?? '';
  expect(text, `${kind}: a text part`).toContain(es.mail.signature);
  expect(html, `${kind}: an HTML part`).toMatch(/^<!doctype html>/i);
  expect(mail.header('message-id')).toMatch(new RegExp(`^<${kind}-[0-9a-f-]{36}@l4l\\.example>$`));
  expect(mail.header('auto-submitted')).toBe('auto-generated');
  expect(mail.header('list-unsubscribe')).toBeUndefined();
  const [row] = await t.app.db
    .select()
    .from(notificationMails)
    .where(eq(notificationMails.messageId, mail.header('message-id') ?? ''));
  expect(row).toMatchObject({ kind, status: 'sent', attempts: 1 });
  return { mail, text, html };
}

const call = (method: 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload ? { payload } : {}),
  });

describe('account mails through the outbox', () => {
  it('sign-up: the address to verify, nothing sent before the worker runs', async () => {
    const mail = uniqueMail('alta');
    const from = smtp.received.length;
    const res = await call('POST', '/api/auth/user/register', undefined, {
      mail,
      password: 'Clave-Segura-1',
      name: 'Rosa',
      surname: 'Alta',
      phoneNumber: '612345678',
    });
    expect(res.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(from);
    const { text, html } = await theOneMail(mail, from, 'email-verification', es.mail.verifyMail.subject);
    expect(text).toContain('https://l4l.example/verificar-correo?token=');
    expect(html).toContain('https://l4l.example/verificar-correo?token=');
  });

  it('password reset: the link, which sets the password; a link used before its mail left is not mailed', async () => {
    const user = await createUser(t.app, { name: 'Pilar' });
    const from = smtp.received.length;
    const asked = await call('POST', `/api/auth/recover-password?email=${encodeURIComponent(user.mail)}`);
    expect(asked.statusCode).toBe(200);
    const { mail, text } = await theOneMail(user.mail, from, 'password-reset', es.mail.recovery.subject);
    expect(text).toContain('Hola, Pilar:');
    const token = linkIn(mail.raw, '/reset-password')?.searchParams.get('token') ?? '';
    const reset = await call('POST', '/api/auth/update-password', undefined, {
      token,
      newPassword: 'Nueva-Clave-2031',
    });
    expect(reset.statusCode).toBe(200);

    // a new link asked, and the password changed before the worker runs: that link is dead, never sent
    const again = smtp.received.length;
    await call('POST', `/api/auth/recover-password?email=${encodeURIComponent(user.mail)}`);
    const [queued] = await t.app.db
      .select()
      .from(notificationMails)
      .where(and(eq(notificationMails.userId, user.id), eq(notificationMails.status, 'pending')));
    expect(queued?.kind).toBe('password-reset');
    const changed = await call('POST', '/api/auth/change-password', await signIn(t.app, user), {
      currentPassword: 'Nueva-Clave-2031',
      newPassword: 'Otra-Clave-Nueva-2032',
    });
    expect(changed.statusCode).toBe(200);
    expect(await deliveredTo(user.mail, again)).toEqual([]);
    const [skipped] = await t.app.db
      .select()
      .from(notificationMails)
      .where(eq(notificationMails.id, queued!.id));
    expect(skipped?.status).toBe('skipped');
  });

  it('wrong passwords: one warning to the owner', async () => {
    const user = await createUser(t.app);
    const from = smtp.received.length;
    let source = 0;
    for (let round = 0; round < 3; round++) {
      source += 1;
      for (let i = 0; i < 7; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.mail, password: 'Otra-Clave-99' },
          remoteAddress: `10.7.0.${source}`,
        });
      }
    }
    const { text } = await theOneMail(user.mail, from, 'sign-in-attempts', es.mail.signInAttempts.subject);
    expect(text).toContain(es.mail.signInAttempts.advice);
  });

  it('a new sign-in mail: the link to the new address, the notice (with Reply-To) to the old one', async () => {
    const user = await createUser(t.app, { name: 'Elena' });
    const wanted = uniqueMail('nuevo');
    const from = smtp.received.length;
    const res = await call('PUT', `/api/user/profile/${user.id}`, await signIn(t.app, user), {
      name: 'Elena',
      surname: user.surname,
      mail: wanted,
      phoneNumber: user.phoneNumber,
      currentPassword: user.password,
    });
    expect(res.statusCode).toBe(200);
    const confirm = await theOneMail(wanted, from, 'mail-change-confirm', es.mail.mailChangeConfirm.subject);
    expect(confirm.text).toContain('https://l4l.example/confirmar-correo?token=');
    expect(confirm.mail.header('reply-to')).toBeUndefined();
    const notice = await theOneMail(user.mail, from, 'mail-change-notice', es.mail.mailChangeNotice.subject);
    expect(notice.text).toContain(wanted);
    expect(notice.mail.header('reply-to')).toBe(t.config.supportMail);

    // the link works: the address changes, and nothing more is mailed for it
    const token = linkIn(confirm.mail.raw, '/confirmar-correo')?.searchParams.get('token') ?? '';
    expect((await call('POST', `/api/auth/confirm-email-change?token=${token}`)).statusCode).toBe(200);
    expect(await deliveredTo(wanted, from)).toHaveLength(1);
  });

  it('a lawyer verified: the mail to sign in; verifying twice mails once', async () => {
    const lawyer = await createLawyer(t.app, { verified: false, name: 'Andrés' });
    const from = smtp.received.length;
    expect((await call('POST', `/api/admin/lawyers/${lawyer.id}/verify`, adminToken)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/lawyers/${lawyer.id}/verify`, adminToken)).statusCode).toBe(200);
    const { text, mail } = await theOneMail(
      lawyer.mail,
      from,
      'lawyer-verified',
      es.mail.lawyerVerified.subject,
    );
    expect(text).toContain('https://l4l.example/login');
    expect(mail.header('reply-to')).toBeUndefined();
  });

  it('a lawyer rejected: the reason as the administrator gave it, and Reply-To the support address', async () => {
    const lawyer = await createLawyer(t.app, { verified: false });
    const reason = 'El número de colegiado no figura en el censo del colegio indicado.';
    const from = smtp.received.length;
    const res = await call('POST', `/api/admin/lawyers/${lawyer.id}/reject`, adminToken, { reason });
    expect(res.statusCode).toBe(200);
    const { text, html, mail } = await theOneMail(
      lawyer.mail,
      from,
      'lawyer-rejected',
      es.mail.lawyerRejected.subject,
    );
    expect(text).toContain(reason);
    expect(html).toContain(reason);
    expect(mail.header('reply-to')).toBe(t.config.supportMail);
  });
});
