import { NOTIFICATION_TYPES } from '@l4l/shared/constants/notifications';
import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { listeningApp } from '../../../test/chat-stomp.ts';
import {
  bearer,
  createAdmin,
  createFiscalProfile,
  createLawyer,
  createUser,
  SANDBOX_PAYOUT_DETAILS,
  signIn,
} from '../../../test/factories.ts';
import { readMail } from '../../../test/mime.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { notificationMails, notifications, payments } from '../../db/schema/index.ts';

/**
 * Notification mails against a real SMTP server (docs/notifications.md): every event of a case's life,
 * driven over HTTP, leaves exactly one mail per recipient in the outbox; the worker sends each once, with
 * both parts, the unsubscribe headers and a stable Message-ID; a server that refuses gets it later. A
 * server that hangs: mail-latency.test.ts.
 */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Person = Awaited<ReturnType<typeof createUser>> & { token: string };

const SECRET_DESCRIPTION = 'Detalle-confidencial-del-asunto';
const SECRET_CHAT = 'Mensaje-privado-del-abogado';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let client: Person;
let lawyer: Person;
let rival: Person;
let adminToken: string;

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

async function person(kind: 'client' | 'lawyer', name: string): Promise<Person> {
  const created = kind === 'client' ? await createUser(t.app, { name }) : await createLawyer(t.app, { name });
  return { ...created, token: await signIn(t.app, created) };
}

/** A case opened by the client and published by an administrator. */
async function publishedCase(title: string): Promise<string> {
  const created = await call(client.token, 'POST', '/api/cases/new-case', {
    title,
    description: SECRET_DESCRIPTION,
  });
  await call(adminToken, 'POST', `/api/admin/cases/${created.id}/approve`, { category: 'Abogado Civil' });
  return created.id;
}

const mailsTo = (who: { mail: string }) => smtp.received.filter((mail) => mail.to.includes(who.mail));

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: 'https://l4l.example' });
  adminToken = await signIn(t.app, await createAdmin(t.app));
  client = await person('client', 'Clara');
  // the case is paid above 400 €, which needs the client's fiscal data (docs/invoices.md)
  await createFiscalProfile(t.app, client.id);
  lawyer = await person('lawyer', 'Lucía');
  rival = await person('lawyer', 'Rafael');
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('notification mails', () => {
  it('a whole case sends exactly one mail per event and recipient, each once, never blocking the request', async () => {
    const caseId = await publishedCase('Herencia de mi tía');
    const discarded = await call(client.token, 'POST', '/api/cases/new-case', {
      title: 'Caso que no procede',
      description: SECRET_DESCRIPTION,
    });
    await call(adminToken, 'POST', `/api/admin/cases/${discarded.id}/discard`, {
      reason: 'No es un asunto legal.',
    });

    // nothing is sent inside the requests: the mails wait in the outbox
    expect(smtp.received).toHaveLength(0);

    const rejected = await call(rival.token, 'POST', `/api/proposal/create-proposal-to-case/${caseId}`, {
      price: 90,
      message: SECRET_CHAT,
    });
    await call(client.token, 'POST', `/api/proposal/reject-proposal/${rejected.id}/${rejected.chatId}`);
    // the rival tries again and withdraws; the lawyer is asked for a lower price and replaces theirs
    const retried = await call(rival.token, 'POST', `/api/proposal/create-proposal-to-case/${caseId}`, {
      price: 95,
      message: SECRET_CHAT,
    });
    await call(rival.token, 'POST', `/api/proposal/${retried.id}/withdraw`);
    const first = await call(lawyer.token, 'POST', `/api/proposal/create-proposal-to-case/${caseId}`, {
      price: 1300,
      message: SECRET_CHAT,
    });
    await call(client.token, 'POST', `/api/proposal/${first.id}/counter-offer`, {
      price: 1250.5,
      message: SECRET_CHAT,
    });
    const proposal = await call(lawyer.token, 'POST', `/api/proposal/${first.id}/replace`, { price: 1250.5 });
    const checkout = await call(client.token, 'POST', `/api/proposal/accept-proposal/${proposal.id}`);
    const session = new URL(checkout).pathname.split('/').pop();
    const paid = await t.app.inject({
      method: 'POST',
      url: `/payment/sandbox/${session}/pay`,
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(paid.statusCode).toBe(303);
    // the money events (docs/money.md): the lawyer's payout account, a dispute instead of the
    // confirmation, released by an administrator (the case finishes, the lawyer is paid), then a refund
    const onboarding = await call(lawyer.token, 'POST', '/api/payouts/account/onboarding');
    await call(
      lawyer.token,
      'POST',
      `/api/payouts/sandbox/${onboarding.url.split('/').pop()}/complete`,
      SANDBOX_PAYOUT_DETAILS,
    );
    await call(lawyer.token, 'POST', `/api/cases/close-case/${caseId}`);
    const dispute = await call(client.token, 'POST', `/api/cases/${caseId}/dispute`, {
      reason: 'El escrito no se ha presentado todavía.',
    });
    await call(adminToken, 'POST', `/api/admin/disputes/${dispute.id}/resolve`, {
      outcome: 'release',
      note: 'El escrito está presentado.',
    });
    const rating = await call(client.token, 'POST', '/api/rating/new-rating', {
      caseId,
      stars: 5,
      title: 'Muy bien',
      description: '',
    });
    await call(lawyer.token, 'POST', `/api/rating/${rating.id}/reply`, { text: 'Gracias, Clara.' });
    const [paidRow] = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
    await call(adminToken, 'POST', `/api/admin/payments/${paidRow?.id}/refund`, {
      amount: 50,
      reason: 'Una gestión no fue necesaria.',
    });

    const drained = await t.app.notifications.drainOutbox();
    expect(drained).toEqual({ sent: 24, failed: 0 });
    // a second round finds nothing to send: a mail is never sent twice
    expect(await t.app.notifications.drainOutbox()).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(24);

    const expected: Array<[Person, string, string]> = [
      [client, 'case.approved', 'Herencia de mi tía'],
      [client, 'case.discarded', 'Caso que no procede'],
      [client, 'proposal.received', 'Herencia de mi tía'],
      [rival, 'proposal.rejected', 'Herencia de mi tía'],
      [client, 'proposal.withdrawn', 'Herencia de mi tía'],
      [lawyer, 'proposal.countered', 'Herencia de mi tía'],
      [client, 'proposal.replaced', 'Herencia de mi tía'],
      [lawyer, 'proposal.accepted', 'Herencia de mi tía'],
      [client, 'payment.completed', 'Herencia de mi tía'],
      [lawyer, 'payment.completed', 'Herencia de mi tía'],
      [client, 'closure.requested', 'Herencia de mi tía'],
      [client, 'dispute.opened', 'Herencia de mi tía'],
      [lawyer, 'dispute.opened', 'Herencia de mi tía'],
      [client, 'dispute.resolved', 'Herencia de mi tía'],
      [lawyer, 'dispute.resolved', 'Herencia de mi tía'],
      [client, 'case.finished', 'Herencia de mi tía'],
      [lawyer, 'case.finished', 'Herencia de mi tía'],
      [lawyer, 'payout.sent', 'Herencia de mi tía'],
      [lawyer, 'rating.received', 'Herencia de mi tía'],
      [client, 'rating.replied', 'Herencia de mi tía'],
      [client, 'refund.issued', 'Herencia de mi tía'],
      // the refund came after the payout was sent: the lawyer's part is taken back and they are told
      [lawyer, 'payout.reversed', 'Herencia de mi tía'],
    ];
    const stored = await t.app.db
      .select({ notification: notifications, mail: notificationMails })
      .from(notifications)
      .innerJoin(notificationMails, eq(notificationMails.notificationId, notifications.id));
    // every event type the product knows was exercised (the messages digest has message-digest.test.ts;
    // the new-case alerts'
    // fan-out, which this test does not drain, has alerts/alerts.test.ts; the first consultations' are no
    // case's: consultations.routes.test.ts)
    const elsewhere = new Set(['messages', 'case.match']);
    expect(new Set(stored.map((row) => row.notification.type))).toEqual(
      new Set(NOTIFICATION_TYPES.filter((type) => !elsewhere.has(type) && !type.startsWith('consultation.'))),
    );

    for (const [who, type, caseTitle] of expected) {
      const rows = stored.filter(
        (row) => row.notification.userId === who.id && row.notification.type === type,
      );
      const what = `${type} to ${who.name}`;
      expect(rows, what).toHaveLength(type === 'proposal.received' ? 3 : 1);
      for (const row of rows) {
        expect(row.mail.status, what).toBe('sent');
        const sent = mailsTo(who).filter(
          (mail) => readMail(mail.raw).header('message-id') === row.mail.messageId,
        );
        expect(sent, `${what}: exactly one mail with its Message-ID`).toHaveLength(1);
        const mail = readMail(sent[0]!.raw);
        expect(mail.subject, what).toBe(row.notification.title);
        expect(mail.subject, what).toContain(caseTitle);
        expect(mail.header('to'), what).toContain(who.mail);
        const text = mail.parts.find((part) => part.contentType === 'text/plain')?.body ?? '';
        const html = mail.parts.find((part) => part.contentType === 'text/html')?.body ?? '';
        expect(text, what).toContain(row.notification.body);
        expect(html, what).toContain(
          `href="https://l4l.example${row.notification.link.replace(/&/g, '&amp;')}"`,
        );
        expect(html, what).toContain(es.notifications.events[type as 'case.approved'].action);
        expect(mail.header('list-unsubscribe'), what).toMatch(
          /^<https:\/\/l4l\.example\/api\/notifications\/unsubscribe\?token=[\w.%-]+>$/,
        );
        expect(mail.header('list-unsubscribe-post'), what).toBe('List-Unsubscribe=One-Click');
        // professional secrecy: no chat text, no description
        expect(sent[0]!.raw).not.toContain(SECRET_CHAT);
        expect(`${text}${html}`).not.toContain(SECRET_DESCRIPTION);
        expect(`${text}${html}`).not.toContain(SECRET_CHAT);
      }
    }

    // the amount where money moved, and the link to the exact screen
    const payment = stored.find(
      (row) => row.notification.type === 'payment.completed' && row.notification.userId === client.id,
    );
    expect(payment?.notification.body).toContain('1.250,50 €');
    expect(payment?.notification.link).toBe(`/dashboard/casos/${caseId}`);
    const received = stored.find(
      (row) => row.notification.type === 'proposal.received' && row.notification.amountCents === 130000,
    );
    expect(received?.notification.link).toBe(`/dashboard/chat?with=${lawyer.id}`);
    const replaced = stored.find((row) => row.notification.type === 'proposal.replaced');
    expect(replaced?.notification.body).toContain('1.250,50 €');
    expect(replaced?.notification.link).toBe(`/dashboard/chat?with=${lawyer.id}`);
    const countered = stored.find((row) => row.notification.type === 'proposal.countered');
    expect(countered?.notification.link).toBe(`/dashboard/chat?with=${client.id}`);
    const discardedRow = stored.find((row) => row.notification.type === 'case.discarded');
    expect(discardedRow?.notification.body).toContain('Motivo: No es un asunto legal.');
  }, 60_000);

  it('a server that refuses keeps the mail in the outbox and gets it at the retry, once', async () => {
    const before = smtp.received.length;
    smtp.state.refusing = true;
    await publishedCase('Despido improcedente');
    const refused = await t.app.notifications.drainOutbox();
    expect(refused).toEqual({ sent: 0, failed: 1 });
    expect(smtp.state.refused).toBe(1);
    const [row] = await t.app.db
      .select()
      .from(notificationMails)
      .where(eq(notificationMails.status, 'pending'));
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('451');
    // exponential backoff: not due again at once
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(await t.app.notifications.drainOutbox()).toEqual({ sent: 0, failed: 0 });

    smtp.state.refusing = false;
    const later = await t.app.notifications.drainOutbox(new Date(row!.nextAttemptAt.getTime() + 1));
    expect(later).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.length).toBe(before + 1);
    const mail = readMail(smtp.received.at(-1)!.raw);
    expect(mail.header('message-id')).toBe(row?.messageId);
    expect(mail.subject).toContain('Despido improcedente');
    const [sent] = await t.app.db.select().from(notificationMails).where(eq(notificationMails.id, row!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('two server processes draining one outbox at once send each mail once', async () => {
    const second = await listeningApp(t.database, { env: { SMTP_URL: smtp.url } });
    try {
      const before = smtp.received.length;
      for (let i = 0; i < 6; i++) await publishedCase(`Caso en paralelo ${i}`);
      const [one, two] = await Promise.all([
        t.app.notifications.drainOutbox(),
        second.app.notifications.drainOutbox(),
      ]);
      expect(one.sent + two.sent).toBe(6);
      expect(one.failed + two.failed).toBe(0);
      const ids = smtp.received.slice(before).map((mail) => readMail(mail.raw).header('message-id'));
      expect(ids).toHaveLength(6);
      expect(new Set(ids).size).toBe(6);
    } finally {
      await second.app.close();
      const { rmSync } = await import('node:fs');
      rmSync(second.dataDir, { recursive: true, force: true });
    }
  });
});
