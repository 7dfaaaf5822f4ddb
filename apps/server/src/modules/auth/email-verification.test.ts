import { createHash } from 'node:crypto';
import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createUser, DEFAULT_PASSWORD, signIn, uniqueMail } from '../../../test/factories.ts';
import { readMail } from '../../../test/mime.ts';
import { decodeQuotedPrintable, linkIn, outbox } from '../../../test/outbox.ts';
import { emailVerifications, notificationMails, users } from '../../db/schema/index.ts';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://l4l.example' });
});
afterAll(async () => t.close());

/** The mails the outbox folder holds for that address (its To: header), oldest first. */
const mailsTo = (address: string) =>
  outbox(t.config.dataDir).filter((mail) => mail.raw.match(/^To: .*$/m)?.[0].includes(address));

/** Sends what the outbox holds, then the token of the newest verification link mailed to `address`. */
async function mailedToken(address: string): Promise<string> {
  await t.app.notifications.drainOutbox();
  const link = linkIn(mailsTo(address).at(-1)?.raw ?? '', '/verificar-correo');
  return link?.searchParams.get('token') ?? '';
}

const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}` });

const resend = (token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email/resend',
    ...(token ? { headers: bearer(token) } : {}),
  });

async function me(token: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** A client registered through the API, as the web does; answers the account and a session token. */
async function registerClient() {
  const mail = uniqueMail('alta');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/user/register',
    payload: { mail, password: DEFAULT_PASSWORD, name: 'Inés', surname: 'Prieto', phoneNumber: '612345678' },
  });
  expect(res.statusCode).toBe(200);
  const { id } = res.json().data as { id: string };
  return { id, mail, token: await signIn(t.app, { id, role: 'USUARIO' }) };
}

const invalidLink = { code: 'INVALID_TOKEN', message: es.validation.verifyMailLinkInvalid };

describe('the verification mail at sign-up', () => {
  it('goes through the outbox to the new address; opening its link verifies it', async () => {
    const client = await registerClient();
    expect(await me(client.token)).toMatchObject({ mail: client.mail, emailVerified: false });
    // nothing leaves before the worker runs: the request only wrote the outbox row
    expect(mailsTo(client.mail)).toEqual([]);

    const token = await mailedToken(client.mail);
    const [mail] = mailsTo(client.mail);
    const raw = mail?.raw ?? '';
    expect(raw).toMatch(/^Subject: .*$/m);
    expect(raw).toContain('multipart/alternative');
    // the header is folded onto two lines, the kind making it long
    expect(readMail(raw).header('message-id')).toMatch(/^<email-verification-[0-9a-f-]+@l4l\.example>$/);
    // transactional: nobody unsubscribes from confirming their own address
    expect(raw).not.toMatch(/^List-Unsubscribe/im);
    const text = decodeQuotedPrintable(raw);
    expect(text).toContain('Hola, Inés:');
    expect(text).toContain(es.mail.verifyMail.intro);
    expect(text).toContain(es.mail.verifyMail.action);
    const link = linkIn(raw, '/verificar-correo');
    expect(`${link?.origin}${link?.pathname}`).toBe('https://l4l.example/verificar-correo');
    expect(token).toMatch(/^[\w-]{43}$/);

    // only the hash of the token is stored
    const [row] = await t.app.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.userId, client.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(row?.mail).toBe(client.mail);
    const ttl = (row?.expiresAt.getTime() ?? 0) - Date.now();
    expect(ttl).toBeGreaterThan(47 * 60 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(48 * 60 * 60 * 1000);

    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { mail: client.mail } });
    expect(await me(client.token)).toMatchObject({ emailVerified: true });
  });

  it('is sent to a lawyer who registers, too', async () => {
    const mail = uniqueMail('abogada');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/lawyer/register',
      payload: {
        mail,
        password: DEFAULT_PASSWORD,
        name: 'Sara',
        surname: 'Luna',
        phoneNumber: '612345678',
        lawyerCategory: ['Abogado Civil'],
        lawyerDescription: 'Abogada civilista.',
        lawyerPrice: '50',
        province: 'Madrid',
        barNumber: '1234',
        barAssociation: 'madrid',
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await verify(await mailedToken(mail))).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.mail, mail));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('refuses a link used once already, and keeps the address verified', async () => {
    const client = await registerClient();
    const token = await mailedToken(client.mail);
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual(invalidLink);
    expect(await me(client.token)).toMatchObject({ emailVerified: true });
  });

  it('refuses an unknown, an empty and a missing token with the Spanish message', async () => {
    for (const url of [
      '/api/auth/verify-email?token=no-es-un-enlace',
      '/api/auth/verify-email?token=',
      '/api/auth/verify-email',
    ]) {
      const res = await t.app.inject({ method: 'POST', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBe(es.validation.verifyMailLinkInvalid);
    }
  });

  it('refuses an expired link and leaves the address unverified', async () => {
    const client = await registerClient();
    const token = await mailedToken(client.mail);
    await t.app.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.userId, client.id));
    const res = await verify(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual(invalidLink);
    expect(await me(client.token)).toMatchObject({ emailVerified: false });
  });

  it('answers 200 to a good link of an address verified meanwhile, which keeps its first date', async () => {
    const client = await registerClient();
    const token = await mailedToken(client.mail);
    // verified another way meanwhile (a Google sign-in with the same address)
    const verifiedAt = new Date('2025-03-01T10:00:00Z');
    await t.app.db.update(users).set({ emailVerifiedAt: verifiedAt }).where(eq(users.id, client.id));
    const res = await verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { mail: client.mail } });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, client.id));
    expect(row?.emailVerifiedAt).toEqual(verifiedAt);
  });

  it('stops the older link once a new one is asked for', async () => {
    const client = await registerClient();
    const first = await mailedToken(client.mail);
    expect((await resend(client.token)).statusCode).toBe(200);
    const second = await mailedToken(client.mail);
    expect(second).not.toBe(first);
    expect((await verify(first)).json().error).toEqual(invalidLink);
    expect((await verify(second)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/verify-email/resend', () => {
  it('mails a new link to an unverified caller, 3 times an hour, then 429', async () => {
    const user = await createUser(t.app, { name: 'Tomás' });
    const token = await signIn(t.app, user);
    for (let i = 0; i < 3; i++) {
      const res = await resend(token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: null });
    }
    const refused = await resend(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');

    await t.app.notifications.drainOutbox();
    // only the newest link leaves: the two it replaced before the worker ran are skipped, not mailed
    expect(mailsTo(user.mail)).toHaveLength(1);
    const rows = await t.app.db
      .select({ status: notificationMails.status })
      .from(notificationMails)
      .innerJoin(emailVerifications, eq(emailVerifications.id, notificationMails.subjectId))
      .where(eq(emailVerifications.userId, user.id));
    expect(rows.map((row) => row.status).sort()).toEqual(['sent', 'skipped', 'skipped']);
  });

  it('answers 409 to a verified caller and 401 to nobody', async () => {
    const user = await createUser(t.app, { emailVerifiedAt: new Date() });
    const res = await resend(await signIn(t.app, user));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(es.validation.mailVerifiedAlready);
    expect((await resend()).statusCode).toBe(401);
  });
});

describe('a change of sign-in mail', () => {
  const putProfile = (user: { id: string; phoneNumber: string }, token: string, mail: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/user/profile/${user.id}`,
      headers: bearer(token),
      payload: {
        name: 'Lucía',
        surname: 'García Pérez',
        mail,
        phoneNumber: user.phoneNumber,
        currentPassword: DEFAULT_PASSWORD,
      },
    });

  it('verifies the new address by the link mailed to it; older links to the old address stop working', async () => {
    const verifiedLongAgo = new Date('2025-01-01T00:00:00Z');
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    // a verification link to the old address, not opened; the address was verified long ago all the same
    expect((await resend(token)).statusCode).toBe(200);
    const oldLink = await mailedToken(user.mail);
    await t.app.db.update(users).set({ emailVerifiedAt: verifiedLongAgo }).where(eq(users.id, user.id));

    const wanted = uniqueMail('nuevo');
    expect((await putProfile(user, token, wanted)).statusCode).toBe(200);
    // until the new address confirms, the old one stays in force, verified
    expect(await me(token)).toMatchObject({ mail: user.mail, emailVerified: true });

    await t.app.notifications.drainOutbox();
    const change = linkIn(mailsTo(wanted).at(-1)?.raw ?? '', '/confirmar-correo');
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/auth/confirm-email-change?token=${change?.searchParams.get('token')}`,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await me(token)).toMatchObject({ mail: wanted, emailVerified: true });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    // the verification is the new address's, from the moment its link was opened
    expect(row?.emailVerifiedAt?.getTime()).toBeGreaterThan(verifiedLongAgo.getTime());

    const stale = await verify(oldLink);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error).toEqual(invalidLink);
  });
});
