import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { closeAllStomp, connectAs } from '../../../test/chat-stomp.ts';
import {
  bearer,
  createAdmin,
  createLawyer,
  createUser,
  login,
  signIn,
  uniqueMail,
} from '../../../test/factories.ts';
import { decodeQuotedPrintable, sentMails } from '../../../test/outbox.ts';
import {
  auditLog,
  cases,
  consultations,
  lawyerProfiles,
  payments,
  proposals,
  sessions,
} from '../../db/schema/index.ts';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await createAdmin(t.app);
  adminToken = await signIn(t.app, admin);
});
afterAll(async () => {
  await closeAllStomp();
  await t.close();
});

/** The mails sent to `to`, decoded. */
const mailsTo = async (to: string) =>
  (await sentMails(t.app))
    .map((mail) => decodeQuotedPrintable(mail.raw))
    .filter((text) => text.toLowerCase().includes(`to: ${to.toLowerCase()}`));

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: bearer(adminToken), ...(payload ? { payload } : {}) });

const auditOf = (targetId: string) => t.app.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

describe('who may call the admin routes', () => {
  const someId = '00000000-0000-4000-8000-000000000000';
  const routes: Array<['GET' | 'POST', string]> = [
    ['GET', '/api/admin/lawyers?verified=false'],
    ['POST', `/api/admin/lawyers/${someId}/verify`],
    ['POST', `/api/admin/users/${someId}/ban`],
    ['POST', `/api/admin/users/${someId}/unban`],
    ['POST', `/api/admin/lawyers/${someId}/reject`],
    ['GET', '/api/admin/users?search=garcia'],
    ['GET', '/api/admin/stats'],
    ['GET', '/api/admin/audit'],
  ];

  it.each(routes)('%s %s: 401 anonymous, 403 for USUARIO and ABOGADO', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    const user = await createUser(t.app);
    const asUser = await t.app.inject({ method, url, headers: bearer(await signIn(t.app, user)) });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json().error.code).toBe('FORBIDDEN');
    const lawyer = await createLawyer(t.app);
    expect(
      (await t.app.inject({ method, url, headers: bearer(await signIn(t.app, lawyer)) })).statusCode,
    ).toBe(403);
  });
});

describe('lawyers awaiting verification', () => {
  it('lists lawyers by verification, newest first, paged', async () => {
    const pending = [
      await createLawyer(t.app, { verified: false }),
      await createLawyer(t.app, { verified: false }),
    ];
    const verified = await createLawyer(t.app);

    const res = await asAdmin('GET', '/api/admin/lawyers?verified=false&pageSize=1');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total: 2, page: 1, pageSize: 1 });
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      id: pending[1]!.id,
      mail: pending[1]!.mail,
      categories: ['Abogado Civil', 'Abogado Divorcios'],
      price: 60,
      verified: false,
      verifiedAt: null,
      bannedAt: null,
    });
    expect(body.data[0]).not.toHaveProperty('passwordHash');
    const second = (await asAdmin('GET', '/api/admin/lawyers?verified=false&page=2&pageSize=1')).json();
    expect(second.data[0].id).toBe(pending[0]!.id);

    const done = (await asAdmin('GET', '/api/admin/lawyers?verified=true&pageSize=100')).json();
    expect(done.data[0].id).toBe(verified.id);
    expect(done.data.every((l: { verified: boolean }) => l.verified)).toBe(true);
    const all = (await asAdmin('GET', '/api/admin/lawyers')).json();
    expect(all.meta.total).toBe(done.meta.total + 2);
  });

  it('verifies a lawyer, who can then log in; the action is audited', async () => {
    const lawyer = await createLawyer(t.app, { verified: false });
    expect((await login(t.app, lawyer.mail, lawyer.password)).statusCode).toBe(403);
    const res = await asAdmin('POST', `/api/admin/lawyers/${lawyer.id}/verify`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: lawyer.id, verified: true, verifiedAt: expect.any(String) });
    expect((await login(t.app, lawyer.mail, lawyer.password)).statusCode).toBe(200);
    expect(await auditOf(lawyer.id)).toMatchObject([
      { adminId: admin.id, action: 'lawyer.verify', targetType: 'user', targetId: lawyer.id, reason: null },
    ]);
    const [mail] = await mailsTo(lawyer.mail);
    expect(mail).toContain(es.mail.lawyerVerified.intro);
    expect(mail).toContain(`${t.config.publicUrl}/login`);
    // verifying again changes nothing: no second audit row, no second mail
    expect((await asAdmin('POST', `/api/admin/lawyers/${lawyer.id}/verify`)).statusCode).toBe(200);
    expect(await auditOf(lawyer.id)).toHaveLength(1);
    expect(await mailsTo(lawyer.mail)).toHaveLength(1);
  });

  it('shows everything needed to decide: colegio, colegiado number, photo, registration date', async () => {
    const lawyer = await createLawyer(t.app, { verified: false, photoUrl: '/uploads/avatars/x.png' });
    await t.app.db
      .update(lawyerProfiles)
      .set({ lawyerAssociation: 'madrid', membershipNumber: '123456' })
      .where(eq(lawyerProfiles.userId, lawyer.id));
    const res = await asAdmin(
      'GET',
      '/api/admin/lawyers?verified=false&sort=createdAt&order=desc&pageSize=100',
    );
    const row = res.json().data.find((l: { id: string }) => l.id === lawyer.id);
    expect(row).toEqual({
      id: lawyer.id,
      name: lawyer.name,
      surname: lawyer.surname,
      mail: lawyer.mail,
      phoneNumber: '612345678',
      photoUrl: '/uploads/avatars/x.png',
      categories: ['Abogado Civil', 'Abogado Divorcios'],
      description: 'Especialista en derecho civil y de familia.',
      province: expect.any(String),
      barNumber: '123456',
      barAssociation: 'madrid',
      barCheckedAt: null,
      price: 60,
      createdAt: lawyer.createdAt.toISOString(),
      verified: false,
      verifiedAt: null,
      rejectedAt: null,
      rejectionReason: null,
      bannedAt: null,
    });
    const oldest = (await asAdmin('GET', '/api/admin/lawyers?verified=false&order=asc&pageSize=100')).json();
    expect(oldest.data.at(-1).id).toBe(lawyer.id);

    // verifying records who checked which colegiación, on the lawyer and in the audit log
    const verified = await asAdmin('POST', `/api/admin/lawyers/${lawyer.id}/verify`);
    expect(verified.json().data.barCheckedAt).toEqual(expect.any(String));
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.targetId, lawyer.id));
    expect(entry).toMatchObject({
      adminId: admin.id,
      action: 'lawyer.verify',
      details: { checked: { barNumber: '123456', barAssociation: 'madrid' } },
    });
    const [profile] = await t.app.db
      .select()
      .from(lawyerProfiles)
      .where(eq(lawyerProfiles.userId, lawyer.id));
    expect(profile?.barCheckedBy).toBe(admin.id);
  });

  it('treats older free text that is not one of the 83 colegios as not given', async () => {
    const lawyer = await createLawyer(t.app, { verified: false });
    await t.app.db
      .update(lawyerProfiles)
      .set({ lawyerAssociation: 'ICAM', membershipNumber: '' })
      .where(eq(lawyerProfiles.userId, lawyer.id));
    const res = await asAdmin('GET', '/api/admin/lawyers?verified=false&pageSize=100');
    const row = res.json().data.find((l: { id: string }) => l.id === lawyer.id);
    expect(row).toMatchObject({ barNumber: null, barAssociation: null });
  });

  it('rejects a lawyer with a reason: out of the queue, still refused at login, mailed, audited', async () => {
    const lawyer = await createLawyer(t.app, { verified: false });
    const missing = await asAdmin('POST', `/api/admin/lawyers/${lawyer.id}/reject`, { reason: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ reason: es.admin.reasonRequired });

    const reason = 'El número de colegiado no existe en el ICAM.';
    const res = await asAdmin('POST', `/api/admin/lawyers/${lawyer.id}/reject`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      verified: false,
      rejectedAt: expect.any(String),
      rejectionReason: reason,
    });
    const queue = (await asAdmin('GET', '/api/admin/lawyers?verified=false&pageSize=100')).json();
    expect(queue.data.map((l: { id: string }) => l.id)).not.toContain(lawyer.id);
    expect((await login(t.app, lawyer.mail, lawyer.password)).json().error.status).toBe(420);
    const [mail] = await mailsTo(lawyer.mail);
    expect(mail).toContain(es.mail.lawyerRejected.intro);
    expect(mail).toContain(reason);
    // it invites a reply: the answer goes to the support address (SUPPORT_MAIL, here its default)
    expect(mail).toMatch(/^Reply-To: soporte@localhost$/m);
    expect(await auditOf(lawyer.id)).toMatchObject([{ action: 'lawyer.reject', reason, adminId: admin.id }]);

    // a later verification still works and clears the rejection
    const verified = await asAdmin('POST', `/api/admin/lawyers/${lawyer.id}/verify`);
    expect(verified.json().data).toMatchObject({ verified: true, rejectedAt: null, rejectionReason: null });
    // the verification asks for nothing back: no Reply-To
    const welcome = (await mailsTo(lawyer.mail)).find((raw) => raw.includes(es.mail.lawyerVerified.intro));
    expect(welcome).toBeDefined();
    expect(welcome).not.toMatch(/^Reply-To:/m);
    const again = await asAdmin('POST', `/api/admin/lawyers/${lawyer.id}/reject`, { reason });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(es.admin.lawyerAlreadyVerified);
  });

  it('answers 404 for an id that is not a lawyer, and for one that is not an id at all', async () => {
    const user = await createUser(t.app);
    expect((await asAdmin('POST', `/api/admin/lawyers/${user.id}/verify`)).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/lawyers/abc/verify')).statusCode).toBe(404);
  });
});

describe('users', () => {
  it('searches by name or mail, filters by role and state, pages and sorts', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const client = await createUser(t.app, { name: 'Begoña', surname: `Iturbe ${tag}` });
    const lawyer = await createLawyer(t.app, { mail: uniqueMail(`${tag}-abogado`), verified: false });
    const banned = await createUser(t.app, { name: 'Rafa', surname: `Lomas ${tag}` });
    await asAdmin('POST', `/api/admin/users/${banned.id}/ban`, { reason: 'Insultos' });

    const all = (await asAdmin('GET', `/api/admin/users?search=${tag}&sort=name&order=asc`)).json();
    expect(all.meta).toEqual({ total: 3, page: 1, pageSize: 20 });
    expect(all.data.map((u: { id: string }) => u.id)).toEqual([client.id, lawyer.id, banned.id]);
    expect(all.data[1]).toMatchObject({ role: 'ABOGADO', lawyerStatus: 'pending', banned: false });
    expect(all.data[2]).toMatchObject({ banned: true, banReason: 'Insultos', lawyerStatus: null });
    expect(all.data[0]).not.toHaveProperty('passwordHash');

    const byName = (await asAdmin('GET', `/api/admin/users?search=begona ${tag}`)).json();
    expect(byName.data).toHaveLength(0); // accents are as typed: 'begona' is not 'Begoña'
    const accented = (
      await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(`Begoña ${tag}`)}`)
    ).json();
    expect(accented.data.map((u: { id: string }) => u.id)).toEqual([client.id]);
    const lawyers = (await asAdmin('GET', `/api/admin/users?search=${tag}&role=ABOGADO`)).json();
    expect(lawyers.data.map((u: { id: string }) => u.id)).toEqual([lawyer.id]);
    const bannedOnly = (await asAdmin('GET', `/api/admin/users?search=${tag}&state=banned`)).json();
    expect(bannedOnly.data.map((u: { id: string }) => u.id)).toEqual([banned.id]);
    const page2 = (
      await asAdmin('GET', `/api/admin/users?search=${tag}&sort=name&order=asc&pageSize=2&page=2`)
    ).json();
    expect(page2.data.map((u: { id: string }) => u.id)).toEqual([banned.id]);
    const wildcard = (await asAdmin('GET', '/api/admin/users?search=%25')).json();
    expect(wildcard.meta.total).toBe(0);

    const badRole = await asAdmin('GET', '/api/admin/users?role=JUEZ');
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error.fields).toEqual({ role: es.admin.unknownRole });
  });
});

describe('bans', () => {
  it('ends every session of the user at once and blocks the login; unban lifts it; both audited', async () => {
    const user = await createUser(t.app);
    const tokens = [await signIn(t.app, user), await signIn(t.app, user)];
    const res = await asAdmin('POST', `/api/admin/users/${user.id}/ban`, { reason: 'Spam en el chat' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      role: 'USUARIO',
      banned: true,
      banReason: 'Spam en el chat',
    });
    for (const token of tokens) expect((await me(token)).statusCode).toBe(401);
    const open = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await login(t.app, user.mail, user.password)).json().error.status).toBe(69);

    const unban = await asAdmin('POST', `/api/admin/users/${user.id}/unban`);
    expect(unban.json().data).toMatchObject({ banned: false, bannedAt: null, banReason: null });
    expect((await login(t.app, user.mail, user.password)).statusCode).toBe(200);
    // the sessions ended by the ban stay ended
    expect((await me(tokens[0]!)).statusCode).toBe(401);

    const audit = await auditOf(user.id);
    expect(audit.map((a) => [a.action, a.reason])).toEqual(
      expect.arrayContaining([
        ['user.ban', 'Spam en el chat'],
        ['user.unban', null],
      ]),
    );
  });

  it('a ban ends an open chat socket and the token at once', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const stomp = await connectAs(t.app, user);
    await stomp.subscribe();
    expect((await me(token)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/users/${user.id}/ban`, { reason: 'Fraude' })).statusCode).toBe(
      200,
    );
    expect((await me(token)).statusCode).toBe(401);
    await expect.poll(() => stomp.closeCode()).toBe(1008);
  });

  it('bans without a reason, and a lawyer too', async () => {
    const lawyer = await createLawyer(t.app);
    const token = await signIn(t.app, lawyer);
    const res = await asAdmin('POST', `/api/admin/users/${lawyer.id}/ban`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ role: 'ABOGADO', banned: true, banReason: null });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('refuses to ban an administrator, and answers 404 for an unknown user', async () => {
    const other = await createAdmin(t.app);
    const res = await asAdmin('POST', `/api/admin/users/${other.id}/ban`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(es.admin.cannotBanAdmin);
    expect(
      (await asAdmin('POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/ban')).statusCode,
    ).toBe(404);
  });
});

describe('overview', () => {
  it('counts users, lawyers, cases by status, the last 30 days of payments and the median validation', async () => {
    const before = (await asAdmin('GET', '/api/admin/stats')).json().data;
    const client = await createUser(t.app);
    const lawyer = await createLawyer(t.app);
    await createLawyer(t.app, { verified: false });
    const hour = 3600_000;
    const now = Date.now();
    const validated = (hours: number, daysAgo = 1) => ({
      userId: client.id,
      title: 'Caso',
      description: 'Descripción',
      status: 'PENDIENTE DE ASIGNACIÓN' as const,
      creationDate: new Date(now - daysAgo * 24 * hour - hours * hour),
      validatedAt: new Date(now - daysAgo * 24 * hour),
    });
    // validated in the window after 10, 20 and 30 hours (median 20); one long ago does not count
    const [paidCase] = await t.app.db
      .insert(cases)
      .values([validated(10), validated(20), validated(30), validated(90, 60)])
      .returning({ id: cases.id });
    await t.app.db.insert(cases).values({ userId: client.id, title: 'Nuevo', description: 'Sin validar' });
    const [proposal] = await t.app.db
      .insert(proposals)
      .values({ caseId: paidCase!.id, lawyerId: lawyer.id, priceCents: 20000, message: 'Propuesta' })
      .returning({ id: proposals.id });
    const payment = (values: Partial<typeof payments.$inferInsert>) => ({
      caseId: paidCase!.id,
      proposalId: proposal!.id,
      userId: client.id,
      lawyerId: lawyer.id,
      provider: 'sandbox' as const,
      providerSessionId: `s-${Math.random()}`,
      amountCents: 20000,
      feeCents: 2000,
      status: 'COMPLETADO' as const,
      completedAt: new Date(now - 2 * 24 * hour),
      ...values,
    });
    await t.app.db
      .insert(payments)
      .values([
        payment({}),
        payment({ amountCents: 15050, feeCents: 1505 }),
        payment({ completedAt: new Date(now - 40 * 24 * hour) }),
        payment({ status: 'PENDIENTE', completedAt: null }),
      ]);

    const res = await asAdmin('GET', '/api/admin/stats');
    expect(res.statusCode).toBe(200);
    const stats = res.json().data;
    expect(stats.users.total - before.users.total).toBe(3);
    expect(stats.users.clients - before.users.clients).toBe(1);
    expect(stats.lawyers.pending - before.lawyers.pending).toBe(1);
    expect(stats.lawyers.verified - before.lawyers.verified).toBe(1);
    expect(
      stats.cases.byStatus['PENDIENTE DE ASIGNACIÓN'] - before.cases.byStatus['PENDIENTE DE ASIGNACIÓN'],
    ).toBe(4);
    expect(
      stats.cases.byStatus['PENDIENTE DE VALIDACIÓN'] - before.cases.byStatus['PENDIENTE DE VALIDACIÓN'],
    ).toBe(1);
    expect(Object.keys(stats.cases.byStatus)).toHaveLength(5);
    expect(stats.payments).toEqual({ days: 30, count: 2, amount: 350.5, fees: 35.05 });
    expect(stats.validation).toEqual({ days: 30, validated: 3, medianHours: 20 });
  });

  it('counts first consultations to come, and those booked, paid, held and cancelled in the last 30 days', async () => {
    const before = (await asAdmin('GET', '/api/admin/stats')).json().data.consultations;
    const client = await createUser(t.app);
    const lawyer = await createLawyer(t.app);
    const hour = 3600_000;
    const now = Date.now();
    const at = (hours: number) => new Date(now + hours * hour);
    const consultation = (values: Partial<typeof consultations.$inferInsert>) => ({
      lawyerId: lawyer.id,
      clientId: client.id,
      startAt: at(48),
      endAt: at(48.5),
      mode: 'video' as const,
      status: 'RESERVADA' as const,
      priceCents: 0,
      createdAt: at(-24),
      ...values,
    });
    const [paid] = await t.app.db
      .insert(consultations)
      .values([
        // to come, paid by card
        consultation({ priceCents: 5000 }),
        // to come, free
        consultation({ startAt: at(72), endAt: at(72.5) }),
        // held yesterday
        consultation({ startAt: at(-20), endAt: at(-19.5), createdAt: at(-48) }),
        // cancelled today by the client
        consultation({
          startAt: at(96),
          endAt: at(96.5),
          status: 'CANCELADA',
          cancelledBy: 'client',
          cancelledAt: at(-1),
        }),
        // booked, held and cancelled long ago: none of the window's figures
        consultation({ startAt: at(-60 * 24), endAt: at(-60 * 24 + 0.5), createdAt: at(-61 * 24) }),
        consultation({
          startAt: at(-50 * 24),
          endAt: at(-50 * 24 + 0.5),
          status: 'CANCELADA',
          cancelledAt: at(-55 * 24),
          createdAt: at(-56 * 24),
        }),
      ])
      .returning({ id: consultations.id });
    await t.app.db.insert(payments).values({
      consultationId: paid!.id,
      userId: client.id,
      lawyerId: lawyer.id,
      provider: 'sandbox',
      providerSessionId: `s-${Math.random()}`,
      amountCents: 5000,
      feeCents: 500,
      status: 'COMPLETADO',
      completedAt: at(-23),
    });

    const stats = (await asAdmin('GET', '/api/admin/stats')).json().data.consultations;
    expect(stats.days).toBe(30);
    expect({
      upcoming: stats.upcoming - before.upcoming,
      booked: stats.booked - before.booked,
      paid: stats.paid - before.paid,
      held: stats.held - before.held,
      cancelled: stats.cancelled - before.cancelled,
    }).toEqual({ upcoming: 2, booked: 4, paid: 1, held: 1, cancelled: 1 });
  });
});

describe('audit log', () => {
  it('lists every action newest first with who, what, target and reason, and has no way to edit it', async () => {
    const user = await createUser(t.app, { name: 'Irene', surname: 'Solís' });
    await asAdmin('POST', `/api/admin/users/${user.id}/ban`, { reason: 'Suplantación' });
    await asAdmin('POST', `/api/admin/users/${user.id}/unban`);
    const res = await asAdmin('GET', '/api/admin/audit?pageSize=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta.pageSize).toBe(2);
    expect(body.data).toMatchObject([
      {
        action: 'user.unban',
        targetId: user.id,
        targetLabel: 'Irene Solís',
        adminName: 'Admin L4L',
        reason: null,
      },
      {
        action: 'user.ban',
        targetId: user.id,
        targetLabel: 'Irene Solís',
        adminId: admin.id,
        reason: 'Suplantación',
      },
    ]);
    const oldestFirst = (await asAdmin('GET', '/api/admin/audit?order=asc&pageSize=1')).json();
    expect(oldestFirst.data[0].id).not.toBe(body.data[0].id);

    const id = body.data[0].id;
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      const attempt = await t.app.inject({
        method,
        url: `/api/admin/audit/${id}`,
        headers: bearer(adminToken),
      });
      expect(attempt.statusCode).toBe(404);
    }
  });
});
