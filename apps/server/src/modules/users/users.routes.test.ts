import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  bearer,
  createAdmin,
  createLawyer,
  createUser,
  signIn,
  uniqueMail,
} from '../../../test/factories.ts';
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
    const mail = uniqueMail('nuevo');
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
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'USER_EXISTS', message: 'El usuario ya existe' });
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
