import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { sessions, users } from '../schema/index.ts';
import { ensureAdmin } from './admin.ts';

describe('ensureAdmin (ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_TOTP_SECRET)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  const account = (mail: string) =>
    t.app.db
      .select()
      .from(users)
      .where(eq(users.mail, mail))
      .then((rows) => rows[0]);
  const openSession = async (userId: string) => {
    const [row] = await t.app.db
      .insert(sessions)
      .values({ userId, expiresAt: new Date(Date.now() + 3_600_000) })
      .returning({ id: sessions.id });
    return row?.id ?? '';
  };
  const revoked = async (sessionId: string) =>
    (await t.app.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0]?.revokedAt !== null;

  it('creates the administrator with a lower-cased mail, the password and an enrolled second factor', async () => {
    const admin = { email: 'Jefa@L4L.es', password: 'Clave-Admin-2026', totpSecret: 'JBSWY3DPEHPK3PXP' };
    expect(await ensureAdmin(t.app.db, admin)).toBe('created');
    const row = await account('jefa@l4l.es');
    expect(row?.role).toBe('ADMIN');
    expect(row?.totpSecret).toBe('JBSWY3DPEHPK3PXP');
    expect(row?.totpEnrolledAt).toBeInstanceOf(Date);
    expect(row?.isDemo).toBe(false);
    expect(await verifyPassword(row?.passwordHash, 'Clave-Admin-2026')).toBe(true);
  });

  it('changes nothing on a restart with the same values, and keeps the sessions', async () => {
    const before = await account('jefa@l4l.es');
    const session = await openSession(before?.id ?? '');
    const admin = { email: 'jefa@l4l.es', password: 'Clave-Admin-2026', totpSecret: 'JBSWY3DPEHPK3PXP' };
    expect(await ensureAdmin(t.app.db, admin)).toBe('unchanged');
    const after = await account('jefa@l4l.es');
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(after?.totpEnrolledAt).toEqual(before?.totpEnrolledAt);
    expect(await revoked(session)).toBe(false);
  });

  it('updates a new password and signs the old sessions out', async () => {
    const before = await account('jefa@l4l.es');
    const session = await openSession(before?.id ?? '');
    const admin = { email: 'jefa@l4l.es', password: 'Otra-Clave-2027', totpSecret: 'JBSWY3DPEHPK3PXP' };
    expect(await ensureAdmin(t.app.db, admin)).toBe('updated');
    const after = await account('jefa@l4l.es');
    expect(await verifyPassword(after?.passwordHash, 'Otra-Clave-2027')).toBe(true);
    expect(await verifyPassword(after?.passwordHash, 'Clave-Admin-2026')).toBe(false);
    expect(await revoked(session)).toBe(true);
  });

  it('keeps a second factor enrolled in the app when no secret is configured', async () => {
    await t.app.db
      .update(users)
      .set({ totpSecret: 'KRSXG5CTMVRXEZLU', totpEnrolledAt: new Date('2026-01-02T03:04:05Z') })
      .where(eq(users.mail, 'jefa@l4l.es'));
    const admin = { email: 'jefa@l4l.es', password: 'Otra-Clave-2027', totpSecret: undefined };
    expect(await ensureAdmin(t.app.db, admin)).toBe('unchanged');
    const row = await account('jefa@l4l.es');
    expect(row?.totpSecret).toBe('KRSXG5CTMVRXEZLU');
    expect(row?.totpEnrolledAt).toEqual(new Date('2026-01-02T03:04:05Z'));
  });

  it('promotes an existing account of that mail to administrator and lifts a ban', async () => {
    const [client] = await t.app.db
      .insert(users)
      .values({
        role: 'USUARIO',
        mail: 'operaciones@l4l.es',
        passwordHash: await hashPassword('Cliente-2026'),
        name: 'Operaciones',
        username: 'Operaciones',
        bannedAt: new Date(),
        banReason: 'prueba',
      })
      .returning({ id: users.id });
    const session = await openSession(client?.id ?? '');
    const admin = { email: 'operaciones@l4l.es', password: 'Cliente-2026', totpSecret: undefined };
    expect(await ensureAdmin(t.app.db, admin)).toBe('updated');
    const row = await account('operaciones@l4l.es');
    expect(row?.role).toBe('ADMIN');
    expect(row?.bannedAt).toBeNull();
    expect(row?.id).toBe(client?.id);
    expect(await revoked(session)).toBe(true);
  });
});
