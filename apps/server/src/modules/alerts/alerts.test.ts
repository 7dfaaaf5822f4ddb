import { titleMatches } from '@l4l/shared/alert-rules';
import { ALERT_LIMITS } from '@l4l/shared/constants/alerts';
import { NOTIFICATIONS_DESTINATION, notificationLinks } from '@l4l/shared/constants/notifications';
import { es } from '@l4l/shared/texts/es';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { closeAllStomp, connectAs } from '../../../test/chat-stomp.ts';
import { banUser, bearer, createAdmin, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { readMail } from '../../../test/mime.ts';
import { startSmtp } from '../../../test/smtp.ts';
import { caseAlertJobs, caseAlerts, notificationMails, notifications } from '../../db/schema/index.ts';

/** Who a published case alerts, once, and how (docs/alerts.md). */

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let adminToken: string;
let clientToken: string;
const client = { name: 'Remedios', surname: 'Quintanilla Ortuño', phoneNumber: '699887766' };
let clientMail: string;

type Lawyer = Awaited<ReturnType<typeof createLawyer>>;

async function lawyerWith(
  categories: string[],
  searches: Array<{ search?: string; category?: string | null; frequency: string }> = [],
  options: { verified?: boolean } = {},
): Promise<Lawyer> {
  const lawyer = await createLawyer(t.app, options);
  await t.app.db.execute(
    `update lawyer_profiles set categories = '{${categories.map((c) => `"${c}"`).join(',')}}' where user_id = '${lawyer.id}'` as never,
  );
  if (searches.length > 0) {
    const token = await signIn(t.app, lawyer);
    for (const [i, one] of searches.entries()) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/board/saved-searches',
        headers: bearer(token),
        payload: { name: `Búsqueda ${i + 1}`, ...one },
      });
      if (res.statusCode !== 200) throw new Error(res.body);
    }
  }
  return lawyer;
}

/** A client's general case, approved by an administrator: its fan-out is queued, not worked yet. */
async function publish(title: string, category: string): Promise<string> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/cases/new-case',
    headers: bearer(clientToken),
    payload: { title, description: 'Lo que me pasa, con todo detalle.' },
  });
  const id = created.json().data.id as string;
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/admin/cases/${id}/approve`,
    headers: bearer(adminToken),
    payload: { category },
  });
  expect(approved.statusCode).toBe(200);
  return id;
}

async function alertsOf(lawyer: { id: string }, caseId?: string) {
  return t.app.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, lawyer.id),
        eq(notifications.type, 'case.match'),
        caseId ? eq(notifications.caseId, caseId) : undefined,
      ),
    );
}

/** The lawyer turns the `case.match` mails off in their preferences. */
async function switchOffCaseMatch(lawyer: Lawyer) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/notifications/preferences',
    headers: bearer(await signIn(t.app, lawyer)),
    payload: { email: { 'case.match': false } },
  });
  expect(res.statusCode).toBe(200);
}

async function mailedAlerts(lawyer: { id: string }) {
  return t.app.db
    .select({ id: notificationMails.id })
    .from(notificationMails)
    .innerJoin(notifications, eq(notifications.id, notificationMails.notificationId))
    .where(and(eq(notifications.userId, lawyer.id), eq(notifications.type, 'case.match')));
}

beforeAll(async () => {
  smtp = await startSmtp();
  // batches of 3 lawyers: every fan-out below runs in several transactions
  t = await buildTestApp({ smtpUrl: smtp.url }, {}, { alerts: { batchSize: 3 } });
  adminToken = await signIn(t.app, await createAdmin(t.app));
  const person = await createUser(t.app, client);
  clientMail = person.mail;
  clientToken = await signIn(t.app, person);
}, 60_000);
afterAll(async () => {
  await closeAllStomp();
  await t?.close();
  await smtp?.close();
});

describe('the title rule', () => {
  it('matches every word by accent- and case-folded prefix, never by stem', () => {
    expect(titleMatches('divor MADR', 'Divorcio en Madrid')).toBe(true);
    expect(titleMatches('lucia', 'Herencia de Lucía')).toBe(true);
    expect(titleMatches('divorcios', 'Divorcio en Madrid')).toBe(false);
    expect(titleMatches('divorcio sevilla', 'Divorcio en Madrid')).toBe(false);
    expect(titleMatches('', 'Cualquier cosa')).toBe(true);
    expect(titleMatches('drid', 'Divorcio en Madrid')).toBe(false);
  });
});

describe('who is alerted of a published case', () => {
  it('matches by category without saved searches, and by the searches’ category and title words', async () => {
    const byCategory = await lawyerWith(['Abogado Extranjería']);
    const otherCategory = await lawyerWith(['Abogado Fiscal']);
    const byWords = await lawyerWith(['Abogado Fiscal'], [{ search: 'arraig soci', frequency: 'instant' }]);
    const wrongWords = await lawyerWith(
      ['Abogado Extranjería'],
      [{ search: 'nacionalidad', frequency: 'instant' }],
    );
    const wrongCategory = await lawyerWith(
      [],
      [{ search: 'arraigo', category: 'Abogado Laboral', frequency: 'daily' }],
    );
    const rightCategory = await lawyerWith([], [{ category: 'Abogado Extranjería', frequency: 'daily' }]);

    const caseId = await publish('Arraigo social después de tres años', 'Abogado Extranjería');
    expect(await alertsOf(byCategory)).toHaveLength(0); // the approval did not wait for the fan-out
    await t.app.alerts.drainFanout();

    for (const alerted of [byCategory, byWords, rightCategory]) {
      const [alert] = await alertsOf(alerted, caseId);
      expect(alert).toMatchObject({
        title: es.notifications.events['case.match'].title({
          caseTitle: 'Arraigo social después de tres años',
        }),
        link: notificationLinks.boardCase(caseId, 'Arraigo social después de tres años'),
      });
      // the client stays unnamed
      expect(`${alert?.title} ${alert?.body}`).not.toMatch(/Remedios|Quintanilla|699887766/);
    }
    for (const left of [otherCategory, wrongWords, wrongCategory])
      expect(await alertsOf(left)).toHaveLength(0);
    // instant: its own mail; daily (and no searches, which is daily): the digest's
    expect(await mailedAlerts(byWords)).toHaveLength(1);
    expect(await mailedAlerts(byCategory)).toHaveLength(0);
    expect(await mailedAlerts(rightCategory)).toHaveLength(0);
  });

  it('alerts nobody of a case addressed to one lawyer', async () => {
    const addressedTo = await lawyerWith(['Abogado Concursal'], [{ frequency: 'instant' }]);
    const bystander = await lawyerWith(['Abogado Concursal'], [{ frequency: 'instant' }]);
    const chat = await t.app.inject({
      method: 'POST',
      url: '/api/cases/create-case-chat',
      headers: bearer(clientToken),
      payload: { lawyerId: addressedTo.id, title: 'Concurso de acreedores', description: 'Mi empresa.' },
    });
    const caseId = chat.json().data.case.id as string;
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/cases/${caseId}/approve`,
      headers: bearer(adminToken),
      payload: { category: 'Abogado Concursal' },
    });
    await t.app.alerts.drainFanout();
    expect(await t.app.db.select().from(caseAlertJobs).where(eq(caseAlertJobs.caseId, caseId))).toHaveLength(
      0,
    );
    expect(await alertsOf(bystander, caseId)).toHaveLength(0);
    expect(await alertsOf(addressedTo, caseId)).toHaveLength(0);
  });

  it('leaves out banned and unverified lawyers, and those whose searches are all off', async () => {
    const banned = await lawyerWith(['Abogado Compliance']);
    await banUser(t.app, banned.id);
    const unverified = await lawyerWith(['Abogado Compliance'], [], { verified: false });
    const allOff = await lawyerWith(
      ['Abogado Compliance'],
      [{ frequency: 'off' }, { search: 'canal', frequency: 'off' }],
    );
    const onAndOff = await lawyerWith([], [{ frequency: 'off' }, { search: 'canal', frequency: 'daily' }]);
    const caseId = await publish('Canal de denuncias para una pyme', 'Abogado Compliance');
    await t.app.alerts.drainFanout();
    for (const left of [banned, unverified, allOff]) expect(await alertsOf(left, caseId)).toHaveLength(0);
    expect(await alertsOf(onAndOff, caseId)).toHaveLength(1);
  });

  it('alerts once per case however many searches match, even when a killed fan-out is run again', async () => {
    const many = await lawyerWith(
      ['Abogado Bancario'],
      [
        { search: 'cláusula', frequency: 'instant' },
        { search: 'suelo', frequency: 'daily' },
        { frequency: 'instant' },
      ],
    );
    const plain = await lawyerWith(['Abogado Bancario']);
    const caseId = await publish('Cláusula suelo de mi hipoteca', 'Abogado Bancario');
    await t.app.alerts.drainFanout();
    expect(await alertsOf(many, caseId)).toHaveLength(1);
    expect(await mailedAlerts(many)).toHaveLength(1);

    // as if the process died after its batches committed but before the job was marked done
    await t.app.db
      .update(caseAlertJobs)
      .set({ status: 'pending', cursor: null, claimedAt: new Date(), nextAttemptAt: new Date() })
      .where(eq(caseAlertJobs.caseId, caseId));
    await t.app.alerts.drainFanout(new Date(Date.now() + 120_000));
    expect(await alertsOf(many, caseId)).toHaveLength(1);
    expect(await alertsOf(plain, caseId)).toHaveLength(1);
    expect(await mailedAlerts(many)).toHaveLength(1);
    const [job] = await t.app.db.select().from(caseAlertJobs).where(eq(caseAlertJobs.caseId, caseId));
    expect(job?.status).toBe('done');
  });

  it('pushes the alert to the lawyer’s open sessions at once', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const lawyer = await lawyerWith(['Abogado Mercantil'], [{ search: 'socied', frequency: 'instant' }]);
    const stomp = await connectAs(t.app, lawyer);
    await stomp.subscribe(NOTIFICATIONS_DESTINATION);
    const caseId = await publish('Disolución de una sociedad limitada', 'Abogado Mercantil');
    await t.app.alerts.drainFanout();
    const [pushed] = (await stomp.waitForMessages(1)) as unknown as Array<{ type: string; caseId: string }>;
    expect(pushed).toMatchObject({ type: 'case.match', caseId });
  });

  it('mails an instant alert on its own, unless the lawyer turned case.match off', async () => {
    const instant = await lawyerWith([], [{ search: 'marca', frequency: 'instant' }]);
    const switchedOff = await lawyerWith([], [{ search: 'marca', frequency: 'instant' }]);
    await switchOffCaseMatch(switchedOff);
    await publish('Registro de una marca comercial', 'Abogado Mercantil');
    await t.app.alerts.drainFanout();
    await t.app.notifications.drainOutbox();
    const to = (who: Lawyer) => smtp.received.filter((mail) => mail.to.includes(who.mail));
    expect(to(switchedOff)).toHaveLength(0);
    const [mail] = to(instant).map((one) => readMail(one.raw));
    expect(mail?.subject).toBe(
      es.notifications.events['case.match'].title({ caseTitle: 'Registro de una marca comercial' }),
    );
    expect(mail?.header('list-unsubscribe')).toMatch(/unsubscribe\?token=/);
    const text = mail?.parts.map((part) => part.body).join('\n') ?? '';
    expect(text).not.toContain(clientMail);
    expect(text).not.toMatch(/Remedios|Quintanilla|699887766/);
  });
});

describe('the daily digest', () => {
  /** 09:00 in Madrid on a day after every alert of these tests */
  const morning = (daysAhead: number) => new Date(Date.UTC(2030, 0, 10 + daysAhead, 8, 0));

  it('lists up to 20 cases newest first, “y N más” beyond, once a day', async () => {
    const lawyer = await lawyerWith([], [{ search: 'reclamación', frequency: 'daily' }]);
    const titles: string[] = [];
    for (let i = 1; i <= ALERT_LIMITS.digestCases + 3; i++) {
      titles.push(`Reclamación número ${i}`);
      await publish(`Reclamación número ${i}`, 'Abogado Civil');
    }
    await t.app.alerts.drainFanout();
    expect(await alertsOf(lawyer)).toHaveLength(23);
    expect(await mailedAlerts(lawyer)).toHaveLength(0);

    // before 08:00 in Madrid nothing is written
    expect(await t.app.alerts.sweepDigests(new Date(Date.UTC(2030, 0, 10, 5, 0)))).toBe(0);
    expect(await t.app.alerts.sweepDigests(morning(0))).toBeGreaterThanOrEqual(1);
    await t.app.notifications.drainOutbox(morning(0));
    const mails = smtp.received
      .filter((mail) => mail.to.includes(lawyer.mail))
      .map((one) => readMail(one.raw));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe(es.alerts.digest.subject(23));
    expect(mail?.header('list-unsubscribe')).toMatch(/unsubscribe\?token=/);
    const text = mail?.parts.find((part) => part.contentType.startsWith('text/plain'))?.body ?? '';
    const listed = titles.filter((title) => text.includes(`«${title}»`));
    // newest first: the last 20 published
    expect(listed).toHaveLength(20);
    expect(text.indexOf('«Reclamación número 23»')).toBeLessThan(text.indexOf('«Reclamación número 4»'));
    expect(text).not.toContain('«Reclamación número 3»');
    expect(text).toContain(es.alerts.digest.more(3));
    expect(text).not.toMatch(/Remedios|Quintanilla|699887766/);

    // the same day again: nothing; a new case waits for the next day's digest
    await publish('Reclamación tardía', 'Abogado Civil');
    await t.app.alerts.drainFanout();
    await t.app.alerts.sweepDigests(new Date(morning(0).getTime() + 3_600_000));
    await t.app.notifications.drainOutbox(morning(0));
    expect(smtp.received.filter((one) => one.to.includes(lawyer.mail))).toHaveLength(1);
    await t.app.alerts.sweepDigests(morning(1));
    await t.app.notifications.drainOutbox(morning(1));
    const next = smtp.received.filter((one) => one.to.includes(lawyer.mail)).map((one) => readMail(one.raw));
    expect(next).toHaveLength(2);
    expect(next[1]?.subject).toBe(es.alerts.digest.subject(1));
  });

  it('sends none to a lawyer who turned case.match off', async () => {
    const lawyer = await lawyerWith([], [{ search: 'usucapión', frequency: 'daily' }]);
    await switchOffCaseMatch(lawyer);
    await publish('Usucapión de una finca', 'Abogado Inmobiliario');
    await t.app.alerts.drainFanout();
    expect(await alertsOf(lawyer)).toHaveLength(1);
    await t.app.alerts.sweepDigests(morning(2));
    await t.app.notifications.drainOutbox(morning(2));
    expect(smtp.received.filter((one) => one.to.includes(lawyer.mail))).toHaveLength(0);
    const [row] = await t.app.db.select().from(caseAlerts).where(eq(caseAlerts.lawyerId, lawyer.id));
    expect(row?.digestedAt).toBeInstanceOf(Date);
  });
});
