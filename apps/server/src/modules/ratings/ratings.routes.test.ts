import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  bearer,
  createAdmin,
  createLawyerWithProfile,
  createRating,
  createUser,
  signIn,
} from '../../../test/factories.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/** GET /api/rating/user-rating/{id} and /api/rating/lawyer-rating/{id} (docs/api/http.md, Ratings). */
describe('ratings', () => {
  let t: TestApp;
  let client: Awaited<ReturnType<typeof createUser>>;
  let otherClient: Awaited<ReturnType<typeof createUser>>;
  let lawyer: Awaited<ReturnType<typeof createLawyerWithProfile>>;
  let asClient: { authorization: string };
  let asOtherClient: { authorization: string };
  let asAdmin: { authorization: string };
  const written: string[] = [];

  beforeAll(async () => {
    t = await buildTestApp();
    client = await createUser(t.app, {
      name: 'Carmen',
      surname: 'Cliente',
      photoUrl: '/uploads/avatars/c.png',
    });
    otherClient = await createUser(t.app, { name: 'Otra', surname: 'Persona' });
    lawyer = await createLawyerWithProfile(t.app, { name: 'Lucía', surname: 'García' });
    const secondLawyer = await createLawyerWithProfile(t.app, { name: 'José', surname: 'Núñez' });
    asClient = bearer(await signIn(t.app, client));
    asOtherClient = bearer(await signIn(t.app, otherClient));
    asAdmin = bearer(await signIn(t.app, await createAdmin(t.app)));

    const long = `${'Una explicación muy detallada de todo el proceso. '.repeat(5)}Fin.`;
    for (const [lawyerId, stars, day, description] of [
      [lawyer.id, 4, '2024-01-10', 'Correcto.'],
      [secondLawyer.id, 2, '2024-02-10', 'Tardó en responder.'],
      [lawyer.id, 5, '2024-03-10', long],
    ] as const) {
      const rating = await createRating(t.app, {
        userId: client.id,
        lawyerId,
        stars,
        description,
        createdAt: new Date(`${day}T12:00:00Z`),
      });
      written.push(rating.id);
    }
    await createRating(t.app, { userId: otherClient.id, lawyerId: lawyer.id, stars: 1 });
  });
  afterAll(async () => t.close());

  it('gives a client the ratings they wrote, newest first, in the rating shape', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/rating/user-rating/${client.id}`,
      headers: asClient,
    });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ total: 3, page: 1, pageSize: 20 });
    expect(data.map((rating: { id: string }) => rating.id)).toEqual([...written].reverse());
    expect(data[0]).toMatchObject({
      userId: client.id,
      lawyerId: lawyer.id,
      userPhotoUrl: '/uploads/avatars/c.png',
      profileImage: '/uploads/avatars/c.png',
      userName: 'Carmen Cliente',
      lawyerName: 'Lucía García',
      title: 'Muy buen trato',
      stars: 5,
      score: 5,
      date: '2024-03-10T12:00:00.000Z',
    });
    expect(data[0].shortDescription.length).toBeLessThanOrEqual(120);
    expect(data[0].shortDescription).toMatch(/^Una explicación muy detallada .*…$/);
    expect(data[0].description).toMatch(/Fin\.$/);
    expect(data[1]).toMatchObject({
      lawyerName: 'José Núñez',
      stars: 2,
      shortDescription: 'Tardó en responder.',
    });
  });

  it("keeps a client's ratings to that client (and administrators)", async () => {
    const url = `/api/rating/user-rating/${client.id}`;
    expect((await t.app.inject({ method: 'GET', url, headers: asOtherClient })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url, headers: asAdmin })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it("shows any signed-in person a lawyer's ratings, newest first, paged", async () => {
    const url = `/api/rating/lawyer-rating/${lawyer.id}`;
    const res = await t.app.inject({ method: 'GET', url, headers: asOtherClient });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta.total).toBe(3);
    expect(data.map((rating: { stars: number }) => rating.stars)).toEqual([1, 5, 4]);
    expect(data[0]).toMatchObject({
      userName: 'Otra Persona',
      lawyerName: 'Lucía García',
      userPhotoUrl: null,
    });

    const second = await t.app.inject({ method: 'GET', url: `${url}?page=2&pageSize=2`, headers: asClient });
    expect(second.json()).toMatchObject({ meta: { total: 3, page: 2, pageSize: 2 } });
    expect(second.json().data.map((rating: { stars: number }) => rating.stars)).toEqual([4]);

    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const nobody = await t.app.inject({
      method: 'GET',
      url: `/api/rating/lawyer-rating/${crypto.randomUUID()}`,
      headers: asClient,
    });
    expect(nobody.json()).toEqual({ data: [], meta: { total: 0, page: 1, pageSize: 20 } });
  });
});
