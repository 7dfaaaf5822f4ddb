import { createHash } from 'node:crypto';
import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createUser, login, signIn, uniqueMail } from '../../../test/factories.ts';
import { decodeQuotedPrintable, linkIn, outbox, sentMails } from '../../../test/outbox.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://l4l.example' });
});
afterAll(async () => t.close());

const recover = (email: string) =>
  t.app.inject({ method: 'POST', url: `/api/auth/recover-password?email=${encodeURIComponent(email)}` });

const updatePassword = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/update-password', payload });

/** Asks for a recovery mail and answers the token of its link. */
async function resetTokenFor(mail: string): Promise<string> {
  const before = (await sentMails(t.app)).length;
  expect((await recover(mail)).statusCode).toBe(200);
  const mails = await sentMails(t.app);
  expect(mails).toHaveLength(before + 1);
  const link = linkIn(mails.at(-1)!.raw, '/reset-password');
  return link!.searchParams.get('token')!;
}

describe('POST /api/auth/recover-password', () => {
  it('answers 200 for an unknown mail and sends nothing', async () => {
    const before = (await sentMails(t.app)).length;
    const res = await recover(uniqueMail('nadie'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
    expect(await sentMails(t.app)).toHaveLength(before);
  });

  it('writes a Spanish mail with a single link to /reset-password to the outbox; stores only a hash', async () => {
    const user = await createUser(t.app, { name: 'Marta' });
    const before = (await sentMails(t.app)).length;
    const res = await recover(user.mail.toUpperCase());
    expect(res.statusCode).toBe(200);
    // the request only wrote the outbox row: the mail leaves with the worker
    expect(outbox(t.config.dataDir)).toHaveLength(before);
    const mails = await sentMails(t.app);
    expect(mails).toHaveLength(before + 1);
    const { raw } = mails.at(-1)!;
    expect(raw).toMatch(new RegExp(`^To: ${user.mail}$`, 'm'));
    const text = decodeQuotedPrintable(raw);
    expect(text).toContain(es.mail.recovery.intro);
    expect(text).toContain('Hola, Marta:');

    const link = linkIn(raw, '/reset-password')!;
    expect(`${link.origin}${link.pathname}`).toBe('https://l4l.example/reset-password');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{43}$/); // 256 bits, base64url
    const [row] = await t.app.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('refuses a malformed mail with its Spanish message', async () => {
    const res = await recover('no-es-un-correo');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: es.validation.email });
  });
});

describe('POST /api/auth/update-password', () => {
  it('sets the new password once, ends every session of the user and refuses the token afterwards', async () => {
    const user = await createUser(t.app);
    const session = await signIn(t.app, user);
    const token = await resetTokenFor(user.mail);

    const res = await updatePassword({ token, newPassword: 'Nueva-Clave-2025' });
    expect(res.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode,
    ).toBe(401);
    expect((await login(t.app, user.mail, user.password)).statusCode).toBe(401);
    expect((await login(t.app, user.mail, 'Nueva-Clave-2025')).statusCode).toBe(200);

    const again = await updatePassword({ token, newPassword: 'Otra-Clave-2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'INVALID_TOKEN', message: expect.any(String) });
  });

  it('accepts the token and the password as query parameters', async () => {
    const user = await createUser(t.app);
    const token = await resetTokenFor(user.mail);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/update-password?token=${token}&newPassword=${encodeURIComponent('Por-Query-2025')}`,
    });
    expect(res.statusCode).toBe(200);
    expect((await login(t.app, user.mail, 'Por-Query-2025')).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(t.app);
    const token = await resetTokenFor(user.mail);
    await t.app.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const res = await updatePassword({ token, newPassword: 'Nueva-Clave-2025' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
  });

  it('refuses an unknown token, and an older link once the password has been reset', async () => {
    expect(
      (await updatePassword({ token: 'x'.repeat(43), newPassword: 'Nueva-Clave-2025' })).statusCode,
    ).toBe(400);
    const user = await createUser(t.app);
    const older = await resetTokenFor(user.mail);
    const newer = await resetTokenFor(user.mail);
    expect((await updatePassword({ token: newer, newPassword: 'Nueva-Clave-2025' })).statusCode).toBe(200);
    expect((await updatePassword({ token: older, newPassword: 'Otra-Clave-2026' })).json().error.code).toBe(
      'INVALID_TOKEN',
    );
  });

  it('applies the password policy and requires every field', async () => {
    const user = await createUser(t.app);
    const token = await resetTokenFor(user.mail);
    const weak = await updatePassword({ token, newPassword: 'sinmayusculas1' });
    expect(weak.json().error.fields).toEqual({ newPassword: es.validation.password });
    const common = await updatePassword({ token, newPassword: 'Password123' });
    expect(common.json().error.fields).toEqual({ newPassword: es.validation.passwordCommon });
    const missing = await updatePassword({ newPassword: 'Nueva-Clave-2025' });
    expect(missing.json().error.fields).toEqual({ token: es.validation.resetAllRequired });
    // the refused attempts did not use the token up
    expect((await updatePassword({ token, newPassword: 'Nueva-Clave-2025' })).statusCode).toBe(200);
  });
});
