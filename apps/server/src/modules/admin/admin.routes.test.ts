import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createAdmin, createLawyer, createUser, login, signIn } from '../../../test/factories.ts';
import { auditLog, sessions } from '../../db/schema/index.ts';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdmin(t.app);
  adminToken = await signIn(t.app, admin);
});
afterAll(async () => t.close());

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
  });

  it('answers 404 for an id that is not a lawyer, 400 for one that is not an id', async () => {
    const user = await createUser(t.app);
    expect((await asAdmin('POST', `/api/admin/lawyers/${user.id}/verify`)).statusCode).toBe(404);
    expect((await asAdmin('POST', '/api/admin/lawyers/abc/verify')).statusCode).toBe(400);
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
