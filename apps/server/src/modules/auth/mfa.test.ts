import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { adminLogin, bearer, createAdmin, createUser, login } from '../../../test/factories.ts';
import { mfaChallenges, sessions, users } from '../../db/schema/index.ts';
import { ensureAdmin } from '../../db/seed/admin.ts';
import { totpCode } from './totp.ts';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const verify = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/mfa/verify', payload });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
const sessionsOf = (userId: string) => t.app.db.select().from(sessions).where(eq(sessions.userId, userId));
const STEP_MS = 30_000;

async function challenge(admin: { mail: string; password: string }) {
  const res = await login(t.app, admin.mail, admin.password);
  expect(res.statusCode).toBe(200);
  return res.json().data as { mfaRequired: true; mfaToken: string; otpauthUrl?: string };
}

describe('an enrolled administrator signs in with a password and a TOTP code', () => {
  it('the password alone gives a second step and no session; the code gives the session', async () => {
    const admin = await createAdmin(t.app);
    const first = await login(t.app, admin.mail, admin.password);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ mfaRequired: true, mfaToken: expect.any(String) });
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(await sessionsOf(admin.id)).toHaveLength(0);

    const res = await verify({ mfaToken: first.json().data.mfaToken, code: totpCode(admin.totpSecret!) });
    expect(res.statusCode).toBe(200);
    const { token, baseUser } = res.json().data;
    expect(baseUser).toMatchObject({ id: admin.id, role: 'ADMIN', mail: admin.mail });
    expect(String(res.headers['set-cookie'])).toMatch(/^l4l_session=/);
    expect((await me(token)).json().data.id).toBe(admin.id);
  });

  it('answers 401 BAD_CODE to a wrong code, and a token is good for one sign-in only', async () => {
    const admin = await createAdmin(t.app);
    const { mfaToken } = await challenge(admin);
    const wrong = await verify({ mfaToken, code: totpCode(admin.totpSecret!, Date.now() - 10 * STEP_MS) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({ code: 'BAD_CODE', message: es.admin.mfa.badCode });

    const code = totpCode(admin.totpSecret!);
    expect((await verify({ mfaToken, code })).statusCode).toBe(200);
    const again = await verify({ mfaToken, code });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe(es.admin.mfa.expired);
  });

  it('never accepts the same code twice, even with a new token (RFC 6238 §5.2)', async () => {
    const admin = await createAdmin(t.app);
    const at = Date.now();
    expect((await adminLogin(t.app, admin, at)).statusCode).toBe(200);
    const replay = await adminLogin(t.app, admin, at);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('BAD_CODE');
  });

  it('accepts one step of clock drift either way, not two', async () => {
    const admin = await createAdmin(t.app);
    // the server reads its own clock: keep clear of a step boundary so both clocks are in the same step
    const intoStep = Date.now() % STEP_MS;
    if (intoStep > STEP_MS - 5000)
      await new Promise((resolve) => setTimeout(resolve, STEP_MS - intoStep + 100));
    const now = Date.now();
    const older = await challenge(admin);
    expect(
      (await verify({ mfaToken: older.mfaToken, code: totpCode(admin.totpSecret!, now - 2 * STEP_MS) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await verify({ mfaToken: older.mfaToken, code: totpCode(admin.totpSecret!, now - STEP_MS) }))
        .statusCode,
    ).toBe(200);
    const ahead = await challenge(admin);
    expect(
      (await verify({ mfaToken: ahead.mfaToken, code: totpCode(admin.totpSecret!, now + STEP_MS) }))
        .statusCode,
    ).toBe(200);
  });

  it('lets a token live 5 minutes', async () => {
    const admin = await createAdmin(t.app);
    const { mfaToken } = await challenge(admin);
    const [row] = await t.app.db.select().from(mfaChallenges).where(eq(mfaChallenges.userId, admin.id));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(lifetime).toBeGreaterThan(4.9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(5 * 60_000 + 1000);
    // the hash is stored, never the token
    expect(row!.tokenHash).not.toContain(mfaToken);
    await t.app.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.id, row!.id));
    const late = await verify({ mfaToken, code: totpCode(admin.totpSecret!) });
    expect(late.statusCode).toBe(401);
    expect(late.json().error).toEqual({ code: 'BAD_CODE', message: es.admin.mfa.expired });
  });

  it('limits wrong codes: 5 per account, then 429 even for a right code', async () => {
    const admin = await createAdmin(t.app);
    const old = totpCode(admin.totpSecret!, Date.now() - 20 * STEP_MS);
    const { mfaToken } = await challenge(admin);
    for (let i = 0; i < 5; i++) expect((await verify({ mfaToken, code: old })).statusCode).toBe(401);
    const next = await challenge(admin);
    const limited = await verify({ mfaToken: next.mfaToken, code: totpCode(admin.totpSecret!) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('refuses a malformed code with a Spanish message, and an unknown token', async () => {
    const bad = await verify({ mfaToken: 'x', code: '12ab' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ code: es.admin.mfa.codeFormat });
    const unknown = await verify({ mfaToken: 'no-existe', code: '123456' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('BAD_CODE');
  });

  it('keeps clients and lawyers on the one-step login', async () => {
    const user = await createUser(t.app);
    const res = await login(t.app, user.mail, user.password);
    expect(res.json().data).toMatchObject({ token: expect.any(String), baseUser: { id: user.id } });
  });
});

describe('enrolment on the first sign-in', () => {
  it('shows the otpauth URL until the first code is accepted, with the same secret each time', async () => {
    const admin = await createAdmin(t.app, { totpSecret: null, totpEnrolledAt: null });
    const first = await challenge(admin);
    expect(first.otpauthUrl).toMatch(/^otpauth:\/\/totp\/L4L:/);
    const url = new URL(first.otpauthUrl!);
    expect(url.searchParams.get('issuer')).toBe('L4L');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    const secret = url.searchParams.get('secret')!;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(new URL((await challenge(admin)).otpauthUrl!).searchParams.get('secret')).toBe(secret);

    const [before] = await t.app.db.select().from(users).where(eq(users.id, admin.id));
    expect(before?.totpEnrolledAt).toBeNull();
    expect((await verify({ mfaToken: first.mfaToken, code: totpCode(secret) })).statusCode).toBe(200);
    const [after] = await t.app.db.select().from(users).where(eq(users.id, admin.id));
    expect(after?.totpEnrolledAt).toBeInstanceOf(Date);

    const later = await challenge(admin);
    expect(later.otpauthUrl).toBeUndefined();
  });

  it('treats ADMIN_TOTP_SECRET as already enrolled', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DP';
    const mail = `configurado-${Date.now()}@l4l.test`;
    await ensureAdmin(t.app.db, { email: mail, password: 'Clave-Admin-2026', totpSecret: secret });
    const first = await challenge({ mail, password: 'Clave-Admin-2026' });
    expect(first.otpauthUrl).toBeUndefined();
    const res = await verify({ mfaToken: first.mfaToken, code: totpCode(secret) });
    expect(res.json().data.baseUser.mail).toBe(mail);
  });
});
