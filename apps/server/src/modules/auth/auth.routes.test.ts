import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  adminLogin,
  bearer,
  createAdmin,
  createLawyer,
  createLawyerWithProfile,
  createUser,
  DEFAULT_PASSWORD,
  login,
  signIn,
  uniqueMail,
} from '../../../test/factories.ts';
import { lawyerProfiles, sessions, uploads, users } from '../../db/schema/index.ts';
import { SESSION_TRUST_MS } from '../../plugins/auth.ts';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** The first web client's registration payload (role, username and id included: accepted and ignored). */
function userPayload(overrides: Record<string, unknown> = {}) {
  return {
    role: 'ADMIN',
    id: '',
    username: 'AnaMartínLópez',
    mail: uniqueMail('registro'),
    password: DEFAULT_PASSWORD,
    name: 'Ana',
    surname: 'Martín López',
    phoneNumber: '612 345 678',
    ...overrides,
  };
}

function lawyerPayload(overrides: Record<string, unknown> = {}) {
  return {
    ...userPayload({ role: 'ABOGADO' }),
    lawyerCategory: ['Abogado Civil', 'Abogado Fiscal'],
    lawyerDescription: '  Abogada civilista con quince años de experiencia.  ',
    lawyerPrice: '45,50',
    province: 'Madrid',
    barNumber: ' 78.412 ',
    barAssociation: 'madrid',
    lawyerPhoto: '',
    ...overrides,
  };
}

const avatarFiles = () => {
  const folder = path.join(t.config.dataDir, 'uploads', 'avatars');
  return existsSync(folder) ? readdirSync(folder).sort() : [];
};

const register = (kind: 'user' | 'lawyer', payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/auth/${kind}/register`, payload });

const sessionCookie = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'l4l_session');

describe('POST /api/auth/user/register', () => {
  it('creates a client, ignores the role sent, signs them in with a cookie and answers the id', async () => {
    const payload = userPayload();
    const res = await register('user', payload);
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({
      role: 'USUARIO',
      mail: payload.mail,
      username: 'AnaMartínLópez',
      phoneNumber: '612345678',
    });
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const cookie = sessionCookie(res);
    expect(cookie?.value).toBeTruthy();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { l4l_session: cookie!.value },
    });
    expect(me.json().data).toMatchObject({ id, role: 'USUARIO' });
  });

  it('enforces every validation rule with its message', async () => {
    const res = await register(
      'user',
      userPayload({ mail: 'ana@', password: 'abcdefgh', name: '  ', surname: '', phoneNumber: '12345' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: {
        mail: es.validation.email,
        password: es.validation.password,
        name: es.validation.required,
        surname: es.validation.required,
        phoneNumber: 'El formato del número de teléfono no es correcto.',
      },
    });
  });

  it.each([
    ['too short', 'Abcdef1'],
    ['no uppercase', 'abcdefg1'],
    ['no lowercase', 'ABCDEFG1'],
    ['no digit', 'Abcdefgh'],
    ['longer than 128', `Aa1${'x'.repeat(126)}`],
  ])('refuses a password that is %s', async (_, password) => {
    const res = await register('user', userPayload({ password }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: es.validation.password });
  });

  it('accepts a long passphrase of 64+ characters with any characters', async () => {
    const password = `Frase larga con ñ, tildes (á), símbolos y 7 espacios: ${'🔐'.repeat(6)} FIN`;
    expect(password.length).toBeGreaterThanOrEqual(64);
    const payload = userPayload({ password });
    expect((await register('user', payload)).statusCode).toBe(200);
    expect((await login(t.app, payload.mail, password)).statusCode).toBe(200);
  });

  it('refuses one of the most common passwords, whatever its case', async () => {
    const res = await register('user', userPayload({ password: 'Password1' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: es.validation.passwordCommon });
  });

  it('answers 409 USER_EXISTS for a mail already registered, in any case', async () => {
    const existing = await createUser(t.app);
    const res = await register('user', userPayload({ mail: existing.mail.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'USER_EXISTS',
      message: 'Ya existe una cuenta con ese correo.',
    });
  });
});

describe('POST /api/auth/register/check', () => {
  const check = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register/check', payload });

  it('answers 200 and creates nothing when the mail is free and the password fine', async () => {
    const mail = uniqueMail('comprobacion');
    const res = await check({ mail, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
    expect(await t.app.db.select({ id: users.id }).from(users).where(eq(users.mail, mail))).toEqual([]);
  });

  it('names a taken mail (in any case) and a common password, both at once', async () => {
    const existing = await createUser(t.app);
    const res = await check({ mail: existing.mail.toUpperCase(), password: 'Password1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { mail: es.validation.userExists, password: es.validation.passwordCommon },
    });
  });

  it('says only that the mail is taken: nothing of the account behind it', async () => {
    const lawyer = await createLawyer(t.app);
    const res = await check({ mail: lawyer.mail, password: DEFAULT_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: es.validation.userExists,
        fields: { mail: es.validation.userExists },
      },
    });
  });

  it('checks the shape first, as the registration does', async () => {
    const res = await check({ mail: 'no-es-un-correo', password: 'corta' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      mail: es.validation.email,
      password: es.validation.password,
    });
  });
});

describe('POST /api/auth/lawyer/register', () => {
  const firstVisitOf = async (id: string) => {
    const [profile] = await t.app.db
      .select({ cents: lawyerProfiles.priceFirstVisitCents, free: lawyerProfiles.firstVisitFree })
      .from(lawyerProfiles)
      .where(eq(lawyerProfiles.userId, id));
    return profile;
  };

  it('keeps the first consultation as chosen: free, or its price; without a choice, not given (not 0)', async () => {
    const free = await register('lawyer', lawyerPayload({ lawyerFirstVisitFree: true }));
    expect(free.statusCode, free.body).toBe(200);
    expect(await firstVisitOf(free.json().data.id)).toEqual({ cents: null, free: true });

    const paid = await register(
      'lawyer',
      lawyerPayload({ lawyerFirstVisitFree: false, lawyerPriceFirstVisit: '30,50' }),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await firstVisitOf(paid.json().data.id)).toEqual({ cents: 3050, free: false });

    const unsaid = await register('lawyer', lawyerPayload());
    expect(unsaid.statusCode, unsaid.body).toBe(200);
    expect(await firstVisitOf(unsaid.json().data.id)).toEqual({ cents: null, free: false });
  });

  it('keeps the professional title chosen, Abogado when none, and refuses any other', async () => {
    const titleOf = async (id: string) =>
      (
        await t.app.db
          .select({ title: lawyerProfiles.professionalTitle })
          .from(lawyerProfiles)
          .where(eq(lawyerProfiles.userId, id))
      )[0]?.title;
    const abogada = await register('lawyer', lawyerPayload({ professionalTitle: 'Abogada' }));
    expect(abogada.statusCode, abogada.body).toBe(200);
    expect(await titleOf(abogada.json().data.id)).toBe('Abogada');
    const unsaid = await register('lawyer', lawyerPayload());
    expect(await titleOf(unsaid.json().data.id)).toBe('Abogado');
    const other = await register('lawyer', lawyerPayload({ professionalTitle: 'Letrada' }));
    expect(other.statusCode).toBe(400);
    expect(other.json().error.fields).toEqual({ professionalTitle: es.validation.professionalTitle });
  });

  it('refuses a paid first consultation without its price, naming the field', async () => {
    const res = await register('lawyer', lawyerPayload({ lawyerFirstVisitFree: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ lawyerPriceFirstVisit: es.validation.price });
  });

  it('creates an unverified lawyer with the profile row, price in cents and search text; no session', async () => {
    const res = await register('lawyer', lawyerPayload({ name: 'José', surname: 'Núñez' }));
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).toBeUndefined();
    const { id } = res.json().data;
    const [profile] = await t.app.db
      .select({
        description: lawyerProfiles.description,
        categories: lawyerProfiles.categories,
        province: lawyerProfiles.province,
        priceHourCents: lawyerProfiles.priceHourCents,
        searchText: lawyerProfiles.searchText,
        verifiedAt: lawyerProfiles.verifiedAt,
        barNumber: lawyerProfiles.membershipNumber,
        barAssociation: lawyerProfiles.lawyerAssociation,
      })
      .from(lawyerProfiles)
      .where(eq(lawyerProfiles.userId, id));
    expect(profile).toMatchObject({
      barNumber: '78.412',
      barAssociation: 'madrid',
      description: 'Abogada civilista con quince años de experiencia.',
      categories: ['Abogado Civil', 'Abogado Fiscal'],
      province: 'Madrid',
      priceHourCents: 4550,
      searchText: 'jose nunez',
      verifiedAt: null,
    });
    const [user] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ role: 'ABOGADO', photoUrl: null });
  });

  it('enforces the lawyer validation rules with their messages', async () => {
    const res = await register(
      'lawyer',
      lawyerPayload({
        lawyerCategory: [],
        lawyerDescription: '   ',
        lawyerPrice: '12,5,0',
        province: 'Atlántida',
        barNumber: '',
        barAssociation: 'Colegio de Narnia',
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      lawyerCategory: es.validation.category,
      lawyerDescription: 'La descripción es obligatoria.',
      lawyerPrice: 'El precio es obligatorio.',
      province: es.validation.province,
      barNumber: es.validation.barNumber,
      barAssociation: es.validation.barAssociation,
    });
  });

  it.each([
    [{ lawyerDescription: 'x'.repeat(501) }, 'lawyerDescription', es.validation.descriptionTooLong],
    [{ lawyerCategory: ['Abogado Marciano'] }, 'lawyerCategory.0', es.validation.category],
    [{ lawyerPrice: -5 }, 'lawyerPrice', es.validation.price],
    [{ lawyerPrice: 10.555 }, 'lawyerPrice', es.validation.price],
    [{ lawyerPrice: undefined }, 'lawyerPrice', es.validation.price],
    [{ lawyerPhoto: 'https://example.com/foto.png' }, 'lawyerPhoto', es.validation.price],
    [{ barNumber: undefined }, 'barNumber', es.validation.barNumber],
    [{ barNumber: '<b>1</b>' }, 'barNumber', es.validation.barNumber],
    [{ barAssociation: undefined }, 'barAssociation', es.validation.barAssociation],
  ])('refuses %j', async (overrides, field, message) => {
    const res = await register('lawyer', lawyerPayload(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ [field]: message });
  });

  it('stores a png photo under uploads/avatars, with its URL on the user and a row in uploads', async () => {
    const res = await register('lawyer', lawyerPayload({ lawyerPrice: 60, lawyerPhoto: dataUrl(PNG) }));
    expect(res.statusCode).toBe(200);
    const { id } = res.json().data;
    const [user] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(user?.photoUrl).toMatch(/^\/uploads\/avatars\/[\w-]+\.png$/);
    // drawn again as every avatar is (modules/uploads): never the sender's bytes
    const file = readFileSync(path.join(t.config.dataDir, user!.photoUrl!));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'png', width: 256, height: 256 });
    const [upload] = await t.app.db.select().from(uploads).where(eq(uploads.ownerId, id));
    expect(upload).toMatchObject({
      url: user?.photoUrl,
      mime: 'image/png',
      bytes: file.length,
      purpose: 'avatar',
    });
    const served = await t.app.inject({ method: 'GET', url: user!.photoUrl! });
    expect(served.statusCode).toBe(200);
  });

  it("keeps a lawyer's registration photo with its 128 px WebP thumbnail, as every avatar", async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#2a4d69' } })
      .png()
      .toBuffer();
    const res = await register('lawyer', lawyerPayload({ lawyerPhoto: dataUrl(png) }));
    expect(res.statusCode).toBe(200);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, res.json().data.id));
    const thumbnail = path.join(t.config.dataDir, user!.photoUrl!.replace(/\.png$/, '.128.webp'));
    expect(await sharp(readFileSync(thumbnail)).metadata()).toMatchObject({ format: 'webp', width: 128 });
  });

  it('refuses a text file declared as png with 415, whatever the declared type', async () => {
    const res = await register(
      'lawyer',
      lawyerPayload({ lawyerPhoto: dataUrl(Buffer.from('no soy una imagen')) }),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses an image over 5 MiB with 413 and writes nothing', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG.copy(big);
    const payload = lawyerPayload({ lawyerPhoto: dataUrl(big) });
    const res = await register('lawyer', payload);
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const rows = await t.app.db.select().from(users).where(eq(users.mail, payload.mail));
    expect(rows).toHaveLength(0);
  });

  it('answers 409 for a taken mail and leaves no photo behind', async () => {
    const existing = await createUser(t.app);
    const before = avatarFiles();
    const res = await register('lawyer', lawyerPayload({ mail: existing.mail, lawyerPhoto: dataUrl(PNG) }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('USER_EXISTS');
    expect(avatarFiles()).toEqual(before);
  });
});

describe('POST /api/auth/login', () => {
  it('answers the token and the baseUser (never the hash) and sets a session cookie', async () => {
    const user = await createUser(t.app, { photoUrl: '/uploads/avatars/x.png' });
    const res = await login(t.app, user.mail.toUpperCase(), user.password);
    expect(res.statusCode).toBe(200);
    const { token, baseUser } = res.json().data;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(baseUser).toEqual({
      id: user.id,
      username: user.username,
      role: 'USUARIO',
      mail: user.mail,
      name: user.name,
      surname: user.surname,
      phoneNumber: user.phoneNumber,
      photoUrl: '/uploads/avatars/x.png',
      emailVerified: false,
    });
    expect(res.body).not.toContain('argon2');
    const cookie = sessionCookie(res);
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie).not.toHaveProperty('maxAge');
    expect(cookie).not.toHaveProperty('secure');
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lastConnection).toBeInstanceOf(Date);
  });

  it('makes the cookie persistent for 30 days only with remember: true', async () => {
    const user = await createUser(t.app);
    const res = await login(t.app, user.mail, user.password, { remember: true });
    expect(sessionCookie(res)).toMatchObject({ maxAge: 30 * 24 * 3600, httpOnly: true, sameSite: 'Strict' });
    const [session] = await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session?.persistent).toBe(true);
    expect(session!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('gives a non-persistent session a 12-hour token', async () => {
    const user = await createUser(t.app);
    const { token } = (await login(t.app, user.mail, user.password)).json().data;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: user.id, role: 'USUARIO', sid: expect.any(String) });
    expect(claims.exp - claims.iat).toBeGreaterThan(12 * 3600 - 5);
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(12 * 3600);
  });

  it('answers 404 USER_NOT_FOUND for an unknown mail', async () => {
    const res = await login(t.app, uniqueMail('nadie'), DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'USER_NOT_FOUND', message: 'Usuario no encontrado' });
  });

  it('answers 401 BAD_CREDENTIALS for a wrong password', async () => {
    const user = await createUser(t.app);
    const res = await login(t.app, user.mail, 'Otra-Clave-99');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'BAD_CREDENTIALS',
      message: 'Correo o contraseña incorrectos.',
    });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('tells a banned user 403 with status 69, the reason and where to write, only after a correct password', async () => {
    const user = await createUser(t.app, { bannedAt: new Date(), banReason: 'Mensajes ofensivos' });
    const wrong = await login(t.app, user.mail, 'Otra-Clave-99');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.reason).toBeUndefined();
    const res = await login(t.app, user.mail, user.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'USER_BANNED',
      message: 'Tu cuenta está suspendida.',
      status: 69,
      reason: 'Mensajes ofensivos',
      contact: es.footer.supportMail,
    });
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('tells an unverified lawyer 403 with status 420 only after a correct password', async () => {
    const lawyer = await createLawyer(t.app, { verified: false });
    expect((await login(t.app, lawyer.mail, 'Otra-Clave-99')).statusCode).toBe(401);
    const res = await login(t.app, lawyer.mail, lawyer.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'LAWYER_NOT_VERIFIED',
      message:
        'Tu perfil de abogado aún no está verificado. Un administrador de L4L lo revisará y te avisaremos por correo.',
      status: 420,
      rejected: false,
      reason: null,
    });
  });

  it('tells a rejected lawyer 403 with status 420, that they were rejected and why', async () => {
    const lawyer = await createLawyerWithProfile(t.app, {
      verified: false,
      profile: { rejectedAt: new Date(), rejectionReason: 'El número de colegiado no consta en el colegio.' },
    });
    const res = await login(t.app, lawyer.mail, lawyer.password);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'LAWYER_NOT_VERIFIED',
      status: 420,
      rejected: true,
      reason: 'El número de colegiado no consta en el colegio.',
    });
  });

  it('signs in a verified lawyer, and an administrator with the second factor', async () => {
    const lawyer = await createLawyer(t.app);
    expect((await login(t.app, lawyer.mail, lawyer.password)).json().data.baseUser.role).toBe('ABOGADO');
    const admin = await createAdmin(t.app);
    expect((await adminLogin(t.app, admin)).json().data.baseUser.role).toBe('ADMIN');
  });

  it('refuses a malformed mail with its Spanish message', async () => {
    const res = await login(t.app, 'no-es-un-correo', DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: es.validation.email });
  });
});

describe('sessions', () => {
  it('accepts the Bearer header and the cookie; the header wins when both are sent', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(byHeader.json().data.id).toBe(user.id);
    const byCookie = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { l4l_session: token },
    });
    expect(byCookie.json().data.id).toBe(user.id);
    const badHeader = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer('not-a-token'),
      cookies: { l4l_session: token },
    });
    expect(badHeader.statusCode).toBe(401);
  });

  it('answers 401 UNAUTHENTICATED without a token, with a forged one and with an expired session', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');

    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const forged = await new SignJWT({ sid: claims.sid, role: 'ADMIN' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('l4l')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-to-sign'));
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(forged) });
    expect(res.statusCode).toBe(401);

    await t.app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, claims.sid));
    const expired = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(expired.statusCode).toBe(401);
  });

  it('logout revokes the session (the token stops working) and clears the cookie', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
    const cleared = sessionCookie(res);
    expect(cleared?.value).toBe('');
    expect(cleared).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
  });

  it('a session ended by another server process stops working within SESSION_TRUST_MS', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    // what another process's logout writes: this process has no word of it
    await t.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, claims.sid));
    await new Promise((resolve) => setTimeout(resolve, SESSION_TRUST_MS + 50));
    expect((await me()).statusCode).toBe(401);
  });

  it('refuses a signed token pairing a live session with another user, without logging the owner out', async () => {
    const owner = await createUser(t.app);
    const intruder = await createUser(t.app);
    const sessionOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;
    // signed with the app's own key: only someone holding it could make one
    const pairedWith = (sid: string) =>
      new SignJWT({ sid, role: 'USUARIO' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(intruder.id)
        .setIssuer('l4l')
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(t.config.jwtSecret));
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

    // the owner's session was just checked (and is remembered): the other `sub` is still refused
    const first = await signIn(t.app, owner);
    expect((await me(first)).statusCode).toBe(200);
    expect((await me(await pairedWith(sessionOf(first)))).statusCode).toBe(401);
    // the other `sub` comes first: the owner, right after, is still signed in
    const second = await signIn(t.app, owner);
    expect((await me(await pairedWith(sessionOf(second)))).statusCode).toBe(401);
    const owners = await me(second);
    expect(owners.statusCode).toBe(200);
    expect(owners.json().data.id).toBe(owner.id);
  });

  it('a ban or a password change ends the sessions at once, even just after they were checked', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const other = await signIn(t.app, user);
    const me = (with_: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(with_) });
    expect((await me(other)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(token),
      payload: { currentPassword: DEFAULT_PASSWORD, newPassword: 'Otra-Clave-Segura-2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('logout answers 200 when not signed in', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)?.value).toBe('');
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const secure = await buildTestApp({ publicUrl: 'https://l4l.example' });
    try {
      const user = await createUser(secure.app);
      const res = await login(secure.app, user.mail, user.password);
      expect(sessionCookie(res)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
    } finally {
      await secure.close();
    }
  });
});

describe('POST /api/auth/change-password', () => {
  const change = (token: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload,
      headers: token ? bearer(token) : {},
    });

  it('needs a session', async () => {
    expect((await change(undefined, { currentPassword: 'x', newPassword: 'y' })).statusCode).toBe(401);
  });

  it('answers 401 BAD_CREDENTIALS when the current password is wrong', async () => {
    const user = await createUser(t.app);
    const res = await change(await signIn(t.app, user), {
      currentPassword: 'Otra-Clave-99',
      newPassword: 'Nueva-Clave-2025',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: 'BAD_CREDENTIALS',
      message: es.validation.currentPasswordWrong,
    });
  });

  it('applies the password policy to the new password', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const weak = await change(token, { currentPassword: user.password, newPassword: 'corta' });
    expect(weak.json().error.fields).toEqual({ newPassword: es.validation.password });
    const common = await change(token, { currentPassword: user.password, newPassword: 'Qwerty123' });
    expect(common.json().error.fields).toEqual({ newPassword: es.validation.passwordCommon });
  });

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const user = await createUser(t.app);
    const current = await signIn(t.app, user);
    const other = await signIn(t.app, user);
    const res = await change(current, { currentPassword: user.password, newPassword: 'Nueva-Clave-2025' });
    expect(res.statusCode).toBe(200);
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect((await me(current)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(t.app, user.mail, 'Nueva-Clave-2025')).statusCode).toBe(200);
  });
});

describe('Google sign-in not configured', () => {
  it('GET /api/auth/providers says so, and POST /api/auth/google answers 503', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ data: { google: null } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { credential: 'a.b.c' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: es.login.googleUnavailable });
  });
});
