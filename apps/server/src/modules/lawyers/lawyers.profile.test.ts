import { es } from '@l4l/shared/texts/es';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  banUser,
  bearer,
  createAdmin,
  createLawyerWithProfile,
  createRating,
  createUser,
  DEFAULT_PASSWORD,
  signIn,
} from '../../../test/factories.ts';
import { academicExperiences, lawyerProfiles, users, workExperiences } from '../../db/schema/index.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Headers = { authorization: string };

const validProfile = {
  username: 'ignorado',
  name: 'Elena',
  surname: 'Sáez Muñoz',
  fullName: 'ignorado también',
  categories: ['Abogado Laboral', 'Abogado Concursal'],
  description: 'Laboralista con veinte años de ejercicio.',
  province: 'Zaragoza',
  // an older client still sends the typed response time: it is dropped, the time is measured
  avgResponseTime: '24h',
  mail: 'Elena.Saez@l4l.test',
  phoneNumber: '612 345 678',
  photo: '',
  price: 0,
  barNumber: '6.245',
  barAssociation: 'zaragoza',
};

/** The lawyer's own sheet, prices and experience, and the public profile (docs/api/http.md, Lawyers). */
describe('lawyer profiles', () => {
  let t: TestApp;
  let lawyer: Awaited<ReturnType<typeof createLawyerWithProfile>>;
  let other: Awaited<ReturnType<typeof createLawyerWithProfile>>;
  let client: Awaited<ReturnType<typeof createUser>>;
  let asLawyer: Headers;
  let asOther: Headers;
  let asClient: Headers;
  let asAdmin: Headers;

  beforeAll(async () => {
    t = await buildTestApp();
    lawyer = await createLawyerWithProfile(t.app, {
      name: 'Elena',
      surname: 'Sáez',
      // the sheet's own mail: a new one would wait for its confirmation (users.routes.test.ts)
      mail: 'elena.saez@l4l.test',
      profile: {
        province: 'Huesca',
        lawyerAssociation: 'huesca',
        membershipNumber: '1.432',
        priceHourCents: 7550,
        priceFirstVisitCents: 2000,
      },
    });
    other = await createLawyerWithProfile(t.app, { name: 'Otro', surname: 'Abogado' });
    client = await createUser(t.app, { name: 'Carmen', surname: 'Cliente' });
    const admin = await createAdmin(t.app);
    asLawyer = bearer(await signIn(t.app, lawyer));
    asOther = bearer(await signIn(t.app, other));
    asClient = bearer(await signIn(t.app, client));
    asAdmin = bearer(await signIn(t.app, admin));
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers?: Headers, payload?: object) =>
    t.app.inject({ method, url, ...(headers ? { headers } : {}), ...(payload ? { payload } : {}) });

  describe('GET /api/lawyers/profile/{id}', () => {
    it('gives the lawyer their editable sheet', async () => {
      const res = await call('GET', `/api/lawyers/profile/${lawyer.id}`, asLawyer);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        id: lawyer.id,
        name: 'Elena',
        surname: 'Sáez',
        mail: lawyer.mail,
        phoneNumber: '612345678',
        description: 'Especialista en derecho civil y de familia.',
        categories: ['Abogado Civil', 'Abogado Divorcios'],
        province: 'Huesca',
        barNumber: '1.432',
        barAssociation: 'huesca',
        responseTime: null,
        priceHour: 75.5,
        priceFirstVisit: 20,
        isFirstVisitFree: false,
        photoUrl: null,
        professionalTitle: 'Abogado',
      });
    });

    it('lets an administrator read it, and nobody else', async () => {
      expect((await call('GET', `/api/lawyers/profile/${lawyer.id}`, asAdmin)).statusCode).toBe(200);
      expect((await call('GET', `/api/lawyers/profile/${lawyer.id}`, asOther)).statusCode).toBe(403);
      expect((await call('GET', `/api/lawyers/profile/${lawyer.id}`, asClient)).statusCode).toBe(403);
      expect((await call('GET', `/api/lawyers/profile/${client.id}`, asClient)).statusCode).toBe(403);
      expect((await call('GET', `/api/lawyers/profile/${client.id}`, asAdmin)).statusCode).toBe(404);
      expect((await call('GET', `/api/lawyers/profile/${lawyer.id}`)).statusCode).toBe(401);
      expect((await call('GET', '/api/lawyers/profile/not-a-uuid', asAdmin)).statusCode).toBe(404);
    });
  });

  describe('PUT /api/lawyers/profile/{id}: the professional title', () => {
    it('changes it when sent, keeps it when left out, and the directory card says it', async () => {
      const asAbogada = await call('PUT', `/api/lawyers/profile/${lawyer.id}`, asLawyer, {
        ...validProfile,
        professionalTitle: 'Abogada',
      });
      expect(asAbogada.statusCode, asAbogada.body).toBe(200);
      expect(asAbogada.json().data.professionalTitle).toBe('Abogada');
      const kept = await call('PUT', `/api/lawyers/profile/${lawyer.id}`, asLawyer, validProfile);
      expect(kept.json().data.professionalTitle).toBe('Abogada');
      const back = await call('PUT', `/api/lawyers/profile/${lawyer.id}`, asLawyer, {
        ...validProfile,
        professionalTitle: 'Abogado',
      });
      expect(back.json().data.professionalTitle).toBe('Abogado');
    });
  });

  describe('PUT /api/lawyers/profile/{id}', () => {
    it('saves the profile payload, derives the username and keeps the search text in step', async () => {
      const res = await call('PUT', `/api/lawyers/profile/${lawyer.id}`, asLawyer, validProfile);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        name: 'Elena',
        surname: 'Sáez Muñoz',
        mail: 'elena.saez@l4l.test',
        phoneNumber: '612345678',
        categories: ['Abogado Laboral', 'Abogado Concursal'],
        province: 'Zaragoza',
        barNumber: '6.245',
        barAssociation: 'zaragoza',
        responseTime: null,
        // `price` belongs to the prices endpoint; `photo` to the photo endpoint
        priceHour: 75.5,
        photoUrl: null,
      });
      const [user] = await t.app.db.select().from(users).where(eq(users.id, lawyer.id));
      expect(user?.username).toBe('ElenaSáezMuñoz');
      const [profile] = await t.app.db
        .select()
        .from(lawyerProfiles)
        .where(eq(lawyerProfiles.userId, lawyer.id));
      expect(profile?.searchText).toBe('elena saez munoz');
      const found = await call('GET', '/api/lawyers?search=munoz', asClient);
      expect(found.json().data.map((card: { id: string }) => card.id)).toEqual([lawyer.id]);
    });

    it('checks every field as the validation rules say', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ name: '   ' }, 'name', es.validation.required],
        [{ mail: 'no-es-un-correo' }, 'mail', es.validation.email],
        [{ phoneNumber: '12345' }, 'phoneNumber', es.validation.phone],
        [{ description: '' }, 'description', es.validation.description],
        [{ description: 'x'.repeat(501) }, 'description', es.validation.descriptionTooLong],
        [{ barNumber: '' }, 'barNumber', es.validation.barNumber],
        [{ barNumber: 'sin número' }, 'barNumber', es.validation.barNumber],
        [{ barNumber: '1'.repeat(13) }, 'barNumber', es.validation.barNumber],
        [{ barAssociation: 'REICAZ' }, 'barAssociation', es.validation.barAssociation],
        [{ barAssociation: undefined }, 'barAssociation', es.validation.barAssociation],
        [{ categories: [] }, 'categories', es.validation.category],
        [{ categories: ['Abogado Astrólogo'] }, 'categories.0', es.validation.category],
        [{ province: 'Narnia' }, 'province', es.validation.province],
      ];
      for (const [change, field, message] of cases) {
        const res = await call('PUT', `/api/lawyers/profile/${lawyer.id}`, asLawyer, {
          ...validProfile,
          ...change,
        });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().error.fields[field], field).toBe(message);
      }
    });

    it('accepts the longest colegiado number and description', async () => {
      const res = await call('PUT', `/api/lawyers/profile/${lawyer.id}`, asLawyer, {
        ...validProfile,
        barNumber: '12345/2019-A',
        description: 'y'.repeat(500),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.barNumber).toBe('12345/2019-A');
    });

    it("refuses another account's mail with 409 USER_EXISTS", async () => {
      const res = await call('PUT', `/api/lawyers/profile/${lawyer.id}`, asLawyer, {
        ...validProfile,
        mail: client.mail.toUpperCase(),
        currentPassword: DEFAULT_PASSWORD,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'USER_EXISTS', message: es.validation.userExists });
    });

    it('is for the lawyer only', async () => {
      const url = `/api/lawyers/profile/${lawyer.id}`;
      expect((await call('PUT', url, asOther, validProfile)).statusCode).toBe(403);
      expect((await call('PUT', url, asAdmin, validProfile)).statusCode).toBe(403);
      expect((await call('PUT', url, asClient, validProfile)).statusCode).toBe(403);
      expect(
        (await call('PUT', `/api/lawyers/profile/${client.id}`, asClient, validProfile)).statusCode,
      ).toBe(403);
      expect((await call('PUT', url, undefined, validProfile)).statusCode).toBe(401);
    });
  });

  describe('PUT /api/lawyers/profile/prices/{id}', () => {
    const url = () => `/api/lawyers/profile/prices/${lawyer.id}`;
    const stored = async () => {
      const [row] = await t.app.db.select().from(lawyerProfiles).where(eq(lawyerProfiles.userId, lawyer.id));
      return [row?.priceHourCents, row?.priceFirstVisitCents, row?.firstVisitFree];
    };

    it('saves euros as cents, a comma decimal included', async () => {
      const res = await call('PUT', url(), asLawyer, {
        priceHour: '45,50',
        priceFirstVisit: 19.99,
        isFirstVisitFree: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        priceHour: 45.5,
        priceFirstVisit: 19.99,
        isFirstVisitFree: false,
      });
      expect(await stored()).toEqual([4550, 1999, false]);
    });

    it('needs no first-visit price when the first visit is free', async () => {
      const res = await call('PUT', url(), asLawyer, { priceHour: 50, isFirstVisitFree: true });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ priceHour: 50, priceFirstVisit: null, isFirstVisitFree: true });
      expect(await stored()).toEqual([5000, null, true]);
    });

    it("takes a first visit of 0 € as the choice of free (docs/domain.md, Lawyers' prices)", async () => {
      const res = await call('PUT', url(), asLawyer, {
        priceHour: 50,
        priceFirstVisit: 0,
        isFirstVisitFree: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ priceFirstVisit: null, isFirstVisitFree: true });
      expect(await stored()).toEqual([5000, null, true]);
    });

    it('refuses negative prices, more than 2 decimals, text and a missing first-visit price', async () => {
      for (const body of [
        { priceHour: -1, priceFirstVisit: 0, isFirstVisitFree: false },
        { priceHour: 10.555, priceFirstVisit: 0, isFirstVisitFree: false },
        { priceHour: 'diez', priceFirstVisit: 0, isFirstVisitFree: false },
        { priceHour: 10, isFirstVisitFree: false },
      ]) {
        const res = await call('PUT', url(), asLawyer, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.message).toBe(es.validation.price);
      }
      expect(await stored()).toEqual([5000, null, true]);
    });

    it("refuses another lawyer's prices with 403", async () => {
      const body = { priceHour: 1, priceFirstVisit: 1, isFirstVisitFree: false };
      expect((await call('PUT', url(), asOther, body)).statusCode).toBe(403);
      expect((await call('PUT', url(), asClient, body)).statusCode).toBe(403);
      expect((await call('PUT', url(), undefined, body)).statusCode).toBe(401);
    });
  });

  describe('education and experience', () => {
    const kinds = [
      {
        path: 'education',
        table: academicExperiences,
        entry: { center: 'Universidad de Zaragoza', title: 'Grado en Derecho', startDate: '2001-09-15' },
        change: { title: 'Máster de Acceso a la Abogacía' },
      },
      {
        path: 'experience',
        table: workExperiences,
        entry: { company: 'Bufete Sáez', position: 'Socia', startDate: '2010-01-01' },
        change: { position: 'Socia directora' },
      },
    ] as const;

    for (const kind of kinds) {
      describe(kind.path, () => {
        const url = (id = lawyer.id) => `/api/lawyers/${kind.path}/${id}`;

        it('creates an entry without id, an empty end date meaning "Presente"', async () => {
          const res = await call('PUT', url(), asLawyer, { ...kind.entry, id: '', endDate: '' });
          expect(res.statusCode, res.body).toBe(200);
          const saved = res.json().data;
          expect(saved).toEqual({ id: expect.any(String), ...kind.entry, endDate: null });
          const [row] = await t.app.db.select().from(kind.table).where(eq(kind.table.id, saved.id));
          expect(row?.lawyerId).toBe(lawyer.id);
        });

        it('updates its own entry by id, and shows it on the public profile', async () => {
          const created = (await call('PUT', url(), asLawyer, kind.entry)).json().data;
          const res = await call('PUT', url(), asLawyer, {
            ...kind.entry,
            ...kind.change,
            id: created.id,
            startDate: '2005-02-01T00:00:00.000Z',
            endDate: '2009-06-30',
          });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().data).toEqual({
            ...kind.entry,
            ...kind.change,
            id: created.id,
            startDate: '2005-02-01',
            endDate: '2009-06-30',
          });
          const detail = await call('GET', `/api/lawyers/lawyer/detail/${lawyer.id}`, asClient);
          const listed =
            detail.json().data[kind.path === 'education' ? 'academicExperiences' : 'workExperiences'];
          expect(listed).toContainEqual(res.json().data);
        });

        it("answers 404 for another lawyer's entry, and leaves it alone", async () => {
          const theirs = (await call('PUT', url(other.id), asOther, kind.entry)).json().data;
          const res = await call('PUT', url(), asLawyer, { ...kind.entry, ...kind.change, id: theirs.id });
          expect(res.statusCode).toBe(404);
          const removal = await call('DELETE', `${url()}/${theirs.id}`, asLawyer);
          expect(removal.statusCode).toBe(404);
          const [row] = await t.app.db.select().from(kind.table).where(eq(kind.table.id, theirs.id));
          expect(row).toMatchObject(kind.entry);
        });

        it('refuses an end date before the start date with its Spanish message', async () => {
          const res = await call('PUT', url(), asLawyer, { ...kind.entry, endDate: '2000-01-01' });
          expect(res.statusCode).toBe(400);
          expect(res.json().error).toMatchObject({
            code: 'VALIDATION_ERROR',
            message: es.validation.experienceDates,
            fields: { endDate: es.validation.experienceDates },
          });
        });

        it('refuses dates that are not dates and blank texts', async () => {
          for (const [change, field] of [
            [{ startDate: '2020-02-30' }, 'startDate'],
            [{ startDate: '15/09/2001' }, 'startDate'],
            [{ endDate: 'ayer' }, 'endDate'],
          ] as const) {
            const res = await call('PUT', url(), asLawyer, { ...kind.entry, ...change });
            expect(res.statusCode, field).toBe(400);
            expect(res.json().error.fields[field]).toBe(es.validation.date);
          }
          const [firstText] = Object.keys(kind.entry);
          const blank = await call('PUT', url(), asLawyer, { ...kind.entry, [firstText!]: '  ' });
          expect(blank.json().error.fields[firstText!]).toBe(es.validation.required);
        });

        it('deletes its own entry with 204', async () => {
          const created = (await call('PUT', url(), asLawyer, kind.entry)).json().data;
          const res = await call('DELETE', `${url()}/${created.id}`, asLawyer);
          expect(res.statusCode).toBe(204);
          expect(res.body).toBe('');
          expect(await t.app.db.select().from(kind.table).where(eq(kind.table.id, created.id))).toEqual([]);
          expect((await call('DELETE', `${url()}/${created.id}`, asLawyer)).statusCode).toBe(404);
        });

        it("refuses another lawyer's list with 403 and anonymous callers with 401", async () => {
          expect((await call('PUT', url(other.id), asLawyer, kind.entry)).statusCode).toBe(403);
          expect((await call('PUT', url(client.id), asClient, kind.entry)).statusCode).toBe(403);
          expect((await call('PUT', url(), asAdmin, kind.entry)).statusCode).toBe(403);
          expect((await call('PUT', url(), undefined, kind.entry)).statusCode).toBe(401);
          const entryId = crypto.randomUUID();
          expect((await call('DELETE', `${url(other.id)}/${entryId}`, asLawyer)).statusCode).toBe(403);
        });
      });
    }
  });

  describe('GET /api/lawyers/lawyer/detail/{id}', () => {
    it('answers the public profile: the lawyer, the newest ratings, counters and experience', async () => {
      const rater = await createUser(t.app, {
        name: 'Rosa',
        surname: 'Ríos',
        photoUrl: '/uploads/avatars/r.png',
      });
      await createRating(t.app, {
        userId: rater.id,
        lawyerId: other.id,
        stars: 3,
        createdAt: new Date('2024-01-01T10:00:00Z'),
      });
      const newest = await createRating(t.app, {
        userId: rater.id,
        lawyerId: other.id,
        stars: 5,
        title: 'Excelente',
        description: 'Ganamos el juicio.',
        createdAt: new Date('2024-03-01T10:00:00Z'),
      });
      await call('PUT', `/api/lawyers/experience/${other.id}`, asOther, {
        company: 'Despacho Propio',
        position: 'Titular',
        startDate: '2015-05-05',
      });

      const res = await call('GET', `/api/lawyers/lawyer/detail/${other.id}`, asClient);
      expect(res.statusCode, res.body).toBe(200);
      const { data } = res.json();
      expect(data.lawyer).toEqual({
        id: other.id,
        name: 'Otro Abogado',
        lawyerPhoto: null,
        barNumber: null,
        barAssociation: null,
        categories: ['Abogado Civil', 'Abogado Divorcios'],
        province: 'Álava',
        // docs/domain.md, Lawyers' prices: never given, so not a silent 0
        priceFirstVisit: null,
        price: 60,
        description: 'Especialista en derecho civil y de familia.',
        rating: 4,
        totalRatings: 2,
        responseTime: null,
        firstVisitFree: false,
        professionalTitle: 'Abogado',
        // the server-rendered page (docs/domain.md, Public lawyer pages)
        publicPath: '/abogados/otro-abogado',
      });
      expect(data.activeCases).toBe(0);
      expect(data.finishedCases).toBe(2);
      expect(data.lawyerRatings).toHaveLength(2);
      expect(data.lawyerRatings[0]).toEqual({
        id: newest.id,
        userId: rater.id,
        lawyerId: other.id,
        caseId: newest.caseId,
        userPhotoUrl: '/uploads/avatars/r.png',
        profileImage: '/uploads/avatars/r.png',
        userName: 'Rosa Ríos',
        lawyerName: 'Otro Abogado',
        shortDescription: 'Ganamos el juicio.',
        title: 'Excelente',
        description: 'Ganamos el juicio.',
        stars: 5,
        score: 5,
        date: '2024-03-01T10:00:00.000Z',
        reply: null,
        hidden: false,
      });
      expect(data.lawyerRatings[1].stars).toBe(3);
      expect(data.workExperiences).toContainEqual(
        expect.objectContaining({ company: 'Despacho Propio', position: 'Titular', endDate: null }),
      );
      expect(Array.isArray(data.academicExperiences)).toBe(true);
    });

    it('answers 404 for unknown, unverified, banned lawyers and for clients', async () => {
      const unverified = await createLawyerWithProfile(t.app, { verified: false });
      const banned = await createLawyerWithProfile(t.app);
      await banUser(t.app, banned.id);
      for (const id of [crypto.randomUUID(), unverified.id, banned.id, client.id]) {
        const res = await call('GET', `/api/lawyers/lawyer/detail/${id}`, asClient);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      expect((await call('GET', `/api/lawyers/lawyer/detail/${other.id}`)).statusCode).toBe(401);
    });
  });
});
