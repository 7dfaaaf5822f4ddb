import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  bearer,
  createAdmin,
  createLawyer,
  createUser,
  login,
  signIn,
  uniqueMail,
} from '../../../test/factories.ts';
import { decodeQuotedPrintable, linkIn, sentMails } from '../../../test/outbox.ts';
import { lawyerProfiles, users } from '../../db/schema/index.ts';

let t: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const getProfile = (id: string, token?: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/profile/${id}`, headers: token ? bearer(token) : {} });

const putProfile = (id: string, token: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/user/profile/${id}`, headers: bearer(token), payload });

describe('GET /api/user/profile/{id}', () => {
  it('answers the caller their own profile, with nothing else', async () => {
    const lastConnection = new Date('2025-03-01T10:00:00Z');
    const user = await createUser(t.app, { photoUrl: '/uploads/avatars/a.png', lastConnection });
    const res = await getProfile(user.id, await signIn(t.app, user));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: user.id,
        name: user.name,
        surname: user.surname,
        mail: user.mail,
        phoneNumber: user.phoneNumber,
        photoUrl: '/uploads/avatars/a.png',
        lastConnection: '2025-03-01T10:00:00.000Z',
        pendingMail: null,
      },
    });
  });

  it('refuses another user’s id with 403, and an anonymous caller with 401', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const res = await getProfile(other.id, await signIn(t.app, user));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await getProfile(other.id)).statusCode).toBe(401);
  });

  it('lets an administrator read any profile; an unknown id is 404', async () => {
    const admin = await createAdmin(t.app);
    const token = await signIn(t.app, admin);
    const user = await createUser(t.app);
    expect((await getProfile(user.id, token)).json().data.id).toBe(user.id);
    expect((await getProfile('00000000-0000-4000-8000-000000000000', token)).statusCode).toBe(404);
  });
});

describe('PUT /api/user/profile/{id}', () => {
  it('updates the fields (extra payload fields ignored) and the username, and answers the profile', async () => {
    const user = await createUser(t.app);
    const mail = user.mail;
    const res = await putProfile(user.id, await signIn(t.app, user), {
      name: '  María José ',
      surname: 'de la Fuente',
      mail: mail.toUpperCase(),
      phoneNumber: '698 765 432',
      username: 'ignorado',
      fullName: 'ignorado',
      photo: '',
      role: 'ADMIN',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: user.id,
      name: 'María José',
      surname: 'de la Fuente',
      mail,
      phoneNumber: '698765432',
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ username: 'MaríaJosédelaFuente', role: 'USUARIO', mail });
  });

  it('keeps a lawyer findable by the new name', async () => {
    const lawyer = await createLawyer(t.app);
    await putProfile(lawyer.id, await signIn(t.app, lawyer), {
      name: 'Íñigo',
      surname: 'Álvarez',
      mail: lawyer.mail,
      phoneNumber: lawyer.phoneNumber,
    });
    const [profile] = await t.app.db
      .select({ searchText: lawyerProfiles.searchText })
      .from(lawyerProfiles)
      .where(eq(lawyerProfiles.userId, lawyer.id));
    expect(profile?.searchText).toBe('inigo alvarez');
  });

  it('validates as the validation rules say', async () => {
    const user = await createUser(t.app);
    const res = await putProfile(user.id, await signIn(t.app, user), {
      name: ' ',
      surname: 'X',
      mail: 'mal@correo',
      phoneNumber: '6987654321',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: es.validation.required,
      mail: es.validation.email,
      phoneNumber: es.validation.phone,
    });
  });

  it('answers 409 USER_EXISTS for a mail another account has', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const res = await putProfile(user.id, await signIn(t.app, user), {
      name: user.name,
      surname: user.surname,
      mail: other.mail,
      phoneNumber: user.phoneNumber,
      currentPassword: user.password,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'USER_EXISTS',
      message: 'Ya existe una cuenta con ese correo.',
    });
  });

  it('lets nobody else change a profile, not even an administrator', async () => {
    const user = await createUser(t.app);
    const payload = { name: 'Otro', surname: '', mail: uniqueMail(), phoneNumber: '612345678' };
    const other = await createUser(t.app);
    expect((await putProfile(user.id, await signIn(t.app, other), payload)).statusCode).toBe(403);
    const admin = await createAdmin(t.app);
    expect((await putProfile(user.id, await signIn(t.app, admin), payload)).statusCode).toBe(403);
  });
});

describe('changing the sign-in mail', () => {
  /** The mails sent to that address (its To: header), oldest first, once the outbox is sent. */
  const mailsTo = async (address: string) =>
    (await sentMails(t.app)).filter((mail) => mail.raw.match(/^To: .*$/m)?.[0].includes(address));
  const confirmationToken = async (address: string) =>
    linkIn((await mailsTo(address)).at(-1)?.raw ?? '', '/confirmar-correo')?.searchParams.get('token') ?? '';
  const confirm = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/auth/confirm-email-change?token=${encodeURIComponent(token)}`,
    });
  const mailOf = async (id: string) =>
    (await t.app.db.select({ mail: users.mail }).from(users).where(eq(users.id, id)))[0]?.mail;
  const edit = (user: { mail: string; phoneNumber: string }, mail: string, extra = {}) => ({
    name: 'Nombre Nuevo',
    surname: 'Apellido',
    mail,
    phoneNumber: user.phoneNumber,
    ...extra,
  });

  it('asks for the current password, and changes nothing without the right one', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const wanted = uniqueMail('nuevo');

    const missing = await putProfile(user.id, token, edit(user, wanted));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: es.validation.currentPasswordForMail,
      fields: { currentPassword: es.validation.currentPasswordForMail },
    });
    const wrong = await putProfile(user.id, token, edit(user, wanted, { currentPassword: 'Otra-Clave-99' }));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({
      code: 'BAD_CREDENTIALS',
      message: es.validation.currentPasswordWrong,
      fields: { currentPassword: es.validation.currentPasswordWrong },
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ mail: user.mail, name: user.name });
    expect(await mailsTo(wanted)).toEqual([]);
  });

  it('takes effect only once the link mailed to the new address is opened; the old one is told', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const wanted = uniqueMail('nuevo');
    const res = await putProfile(user.id, token, edit(user, wanted, { currentPassword: user.password }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Nombre Nuevo', mail: user.mail, pendingMail: wanted });
    expect(await mailOf(user.id)).toBe(user.mail);
    expect((await getProfile(user.id, token)).json().data.pendingMail).toBe(wanted);
    expect((await login(t.app, wanted, user.password)).statusCode).toBe(404);
    const notice = decodeQuotedPrintable((await mailsTo(user.mail)).at(-1)?.raw ?? '');
    expect(notice).toContain(es.mail.mailChangeNotice.subject);
    expect(notice).toContain(wanted);

    const link = await confirmationToken(wanted);
    expect(link).not.toBe('');
    const confirmed = await confirm(link);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ data: { mail: wanted } });
    expect(await mailOf(user.id)).toBe(wanted);
    expect((await login(t.app, wanted, user.password)).statusCode).toBe(200);
    expect((await getProfile(user.id, token)).json().data).toMatchObject({ mail: wanted, pendingMail: null });

    const again = await confirm(link);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'INVALID_TOKEN',
      message: es.validation.mailChangeLinkInvalid,
    });
  });

  it('keeps only the latest request’s link good, and refuses a mail taken before it is confirmed', async () => {
    const user = await createUser(t.app);
    const token = await signIn(t.app, user);
    const first = uniqueMail('primero');
    const second = uniqueMail('segundo');
    await putProfile(user.id, token, edit(user, first, { currentPassword: user.password }));
    await putProfile(user.id, token, edit(user, second, { currentPassword: user.password }));
    expect((await confirm(await confirmationToken(first))).statusCode).toBe(400);

    await createUser(t.app, { mail: second });
    const taken = await confirm(await confirmationToken(second));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('USER_EXISTS');
    expect(await mailOf(user.id)).toBe(user.mail);
    expect((await confirm('not-a-token')).statusCode).toBe(400);
  });

  it('applies to the lawyer’s sheet too', async () => {
    const lawyer = await createLawyer(t.app);
    const token = await signIn(t.app, lawyer);
    const wanted = uniqueMail('abogada');
    const sheet = {
      name: lawyer.name,
      surname: lawyer.surname,
      mail: wanted,
      phoneNumber: lawyer.phoneNumber,
      description: 'Especialista en derecho civil.',
      categories: ['Abogado Civil'],
      province: 'Madrid',
      barNumber: '78.412',
      barAssociation: 'madrid',
    };
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/lawyers/profile/${lawyer.id}`,
        headers: bearer(token),
        payload,
      });
    expect((await put(sheet)).json().error.fields).toEqual({
      currentPassword: es.validation.currentPasswordForMail,
    });
    const res = await put({ ...sheet, currentPassword: lawyer.password });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mail).toBe(lawyer.mail);
    expect((await confirm(await confirmationToken(wanted))).statusCode).toBe(200);
    expect(await mailOf(lawyer.id)).toBe(wanted);
  });
});
