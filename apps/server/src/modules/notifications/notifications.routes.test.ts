import { notificationTypesFor } from '@l4l/shared/constants/notifications';
import { es } from '@l4l/shared/texts/es';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { closeAllStomp, connectAs, listeningApp } from '../../../test/chat-stomp.ts';
import { bearer, createAdmin, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { readMail } from '../../../test/mime.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { notificationMails, notificationPreferences, notifications } from '../../db/schema/index.ts';

/** GET /api/notifications and its read marks, the mail switches and the unsubscribe link (docs/notifications.md). */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let adminToken: string;

async function call(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

/** A client with `count` published cases, so `count` notifications (case.approved). */
async function clientWithNotifications(count: number) {
  const client = await createUser(t.app);
  const token = await signIn(t.app, client);
  const titles: string[] = [];
  for (let i = 1; i <= count; i++) {
    const title = `Caso número ${i}`;
    const created = (
      await call(token, 'POST', '/api/cases/new-case', { title, description: 'Descripción.' })
    ).json().data;
    await call(adminToken, 'POST', `/api/admin/cases/${created.id}/approve`, { category: 'Abogado Civil' });
    titles.push(title);
  }
  return { client, token, titles };
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ smtpUrl: smtp.url });
  adminToken = await signIn(t.app, await createAdmin(t.app));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the notification list', () => {
  it('pages the caller’s own notifications newest first, counts the unread and filters them', async () => {
    const { token, titles } = await clientWithNotifications(3);
    await clientWithNotifications(1);

    const all = await call(token, 'GET', '/api/notifications?pageSize=2');
    expect(all.statusCode).toBe(200);
    const page = all.json();
    expect(page.meta).toEqual({ total: 3, page: 1, pageSize: 2, unread: 3 });
    expect(page.data.map((n: { title: string }) => n.title)).toEqual([
      es.notifications.events['case.approved'].title({ caseTitle: titles[2]! }),
      es.notifications.events['case.approved'].title({ caseTitle: titles[1]! }),
    ]);
    expect(page.data[0]).toMatchObject({
      type: 'case.approved',
      readAt: null,
      link: expect.stringMatching(/^\/dashboard\/casos\/[\w-]{36}$/),
    });

    const read = await call(token, 'POST', `/api/notifications/${page.data[0].id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.readAt).toEqual(expect.any(String));
    const unread = (await call(token, 'GET', '/api/notifications?unread=true')).json();
    expect(unread.meta).toMatchObject({ total: 2, unread: 2 });
    expect(unread.data.map((n: { id: string }) => n.id)).not.toContain(page.data[0].id);

    const [row] = await t.app.db.select().from(notifications).where(eq(notifications.id, page.data[0].id));
    expect(row?.readAt).toBeInstanceOf(Date);
  });

  it('marks all read, and another person’s notification is 404', async () => {
    const mine = await clientWithNotifications(2);
    const other = await clientWithNotifications(1);
    const [theirs] = (await call(other.token, 'GET', '/api/notifications')).json().data;

    const refused = await call(mine.token, 'POST', `/api/notifications/${theirs.id}/read`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error).toMatchObject({
      code: 'NOT_FOUND',
      message: es.notifications.centre.notFound,
    });
    const [still] = await t.app.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(still?.readAt).toBeNull();

    const all = await call(mine.token, 'POST', '/api/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ data: null });
    expect((await call(mine.token, 'GET', '/api/notifications')).json().meta.unread).toBe(0);
    expect((await call(other.token, 'GET', '/api/notifications')).json().meta.unread).toBe(1);
  });
});

describe('mail preferences', () => {
  it("has every one of the role's types on by default, changes only the types sent, and writes no mail for a type turned off", async () => {
    const client = await createUser(t.app);
    const token = await signIn(t.app, client);
    const initial = await call(token, 'GET', '/api/notifications/preferences');
    expect(initial.json().data.email).toEqual(
      Object.fromEntries(notificationTypesFor('USUARIO').map((type) => [type, true])),
    );

    const changed = await call(token, 'PUT', '/api/notifications/preferences', {
      email: { 'case.approved': false },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.email).toMatchObject({ 'case.approved': false, 'case.discarded': true });

    const unknown = await call(token, 'PUT', '/api/notifications/preferences', {
      email: { 'case.closed': false },
    });
    expect(unknown.statusCode).toBe(400);

    const created = (
      await call(token, 'POST', '/api/cases/new-case', { title: 'Sin correo', description: 'x' })
    ).json().data;
    await call(adminToken, 'POST', `/api/admin/cases/${created.id}/approve`, { category: 'Abogado Civil' });
    const [notification] = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, client.id));
    // still told in the app, but no mail job
    expect(notification?.type).toBe('case.approved');
    const mails = await t.app.db
      .select()
      .from(notificationMails)
      .where(eq(notificationMails.notificationId, notification!.id));
    expect(mails).toEqual([]);
  });
});

describe('mail preferences by role', () => {
  it("shows each role only its own switches and refuses another role's with a 400 in Spanish", async () => {
    const client = await createUser(t.app);
    const clientToken = await signIn(t.app, client);
    const clientSwitches = Object.keys(
      (await call(clientToken, 'GET', '/api/notifications/preferences')).json().data.email,
    );
    expect(clientSwitches).toContain('proposal.received');
    expect(clientSwitches).toContain('messages');
    for (const lawyerOnly of ['proposal.accepted', 'payout.sent', 'payout.reversed', 'rating.received']) {
      expect(clientSwitches).not.toContain(lawyerOnly);
    }

    const lawyer = await createLawyer(t.app);
    const lawyerToken = await signIn(t.app, lawyer);
    const lawyerSwitches = Object.keys(
      (await call(lawyerToken, 'GET', '/api/notifications/preferences')).json().data.email,
    );
    expect(lawyerSwitches).toEqual(notificationTypesFor('ABOGADO'));
    expect(lawyerSwitches).toEqual(expect.arrayContaining(['payout.sent', 'payment.completed', 'messages']));
    expect(lawyerSwitches).not.toContain('case.approved');

    const foreign = await call(clientToken, 'PUT', '/api/notifications/preferences', {
      email: { 'payout.sent': false, 'case.approved': false },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe(es.notifications.centre.notYourSwitch);
    // nothing saved, not even the switch that was the client's own
    const after = (await call(clientToken, 'GET', '/api/notifications/preferences')).json().data.email;
    expect(after['case.approved']).toBe(true);

    const admin = await createAdmin(t.app);
    const adminOwn = await call(await signIn(t.app, admin), 'GET', '/api/notifications/preferences');
    expect(adminOwn.json().data.email).toEqual({});
  });
});

describe('the unsubscribe link', () => {
  it('turns off only that type for that person, without signing in; GET only asks', async () => {
    const { client } = await clientWithNotifications(1);
    const before = smtp.received.length;
    await t.app.notifications.drainOutbox();
    const sent = smtp.received.slice(before).find((mail) => mail.to.includes(client.mail));
    const header = readMail(sent!.raw).header('list-unsubscribe') ?? '';
    const link = new URL(header.slice(1, -1));
    const url = `${link.pathname}${link.search}`;
    const switches = () =>
      t.app.db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, client.id));

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(
      es.notifications.unsubscribe.confirmQuestion(es.notifications.typeLabels['case.approved']),
    );
    expect(page.body).toContain('method="post"');
    expect(await switches()).toEqual([]);

    // RFC 8058 one-click, as a mail client sends it: no cookie, no token, a form body
    const oneClick = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain(
      es.notifications.unsubscribe.done(es.notifications.typeLabels['case.approved']),
    );
    expect(await switches()).toEqual([{ userId: client.id, type: 'case.approved', email: false }]);
    const token = await signIn(t.app, client);
    const prefs = (await call(token, 'GET', '/api/notifications/preferences')).json().data.email;
    expect(Object.entries(prefs).filter(([, on]) => !on)).toEqual([['case.approved', false]]);

    // a token changed by one character does nothing
    const forged = url.replace(/token=(.)/, (_all, c: string) => `token=${c === 'A' ? 'B' : 'A'}`);
    const refused = await t.app.inject({ method: 'POST', url: forged });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain(es.notifications.unsubscribe.invalid);
    const others = await t.app.db
      .select()
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, client.id), eq(notificationPreferences.email, false)));
    expect(others).toHaveLength(1);
  });
});

describe('the live push', () => {
  it('sends a new notification to every open session of its person on /user/queue/notifications, after the commit', async () => {
    const { app, dataDir } = await listeningApp(t.database);
    try {
      const client = await createUser(app);
      const stranger = await createUser(app);
      const [first, second, other] = await Promise.all([
        connectAs(app, client),
        connectAs(app, client),
        connectAs(app, stranger),
      ]);
      await Promise.all([first, second, other].map((s) => s.subscribe('/user/queue/notifications')));
      const token = await signIn(app, client);
      const created = (
        await app.inject({
          method: 'POST',
          url: '/api/cases/new-case',
          headers: bearer(token),
          payload: { title: 'En directo', description: 'x' },
        })
      ).json().data;
      const admin = await signIn(app, await createAdmin(app));
      await app.inject({
        method: 'POST',
        url: `/api/admin/cases/${created.id}/approve`,
        headers: bearer(admin),
        payload: { category: 'Abogado Civil' },
      });
      for (const session of [first, second]) {
        const [pushed] = (await session.waitForMessages(1)) as unknown as Array<Record<string, unknown>>;
        expect(pushed).toMatchObject({
          type: 'case.approved',
          title: es.notifications.events['case.approved'].title({ caseTitle: 'En directo' }),
          caseId: created.id,
          readAt: null,
        });
      }
      expect(other.messages).toEqual([]);
    } finally {
      await closeAllStomp();
      await app.close();
      const { rmSync } = await import('node:fs');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
