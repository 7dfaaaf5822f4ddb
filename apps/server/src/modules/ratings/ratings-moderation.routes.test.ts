import { es } from '@l4l/shared/texts/es';
import { and, eq } from 'drizzle-orm';
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
import { auditLog, notifications, ratingReports } from '../../db/schema/index.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Headers = { authorization: string };

/**
 * The lawyer's answer to a rating, reports of abusive ratings and the administrators' decisions
 * (docs/domain.md, Ratings; docs/api/http.md, Ratings and Administration).
 */
describe('rating answers and moderation', () => {
  let t: TestApp;
  let client: Awaited<ReturnType<typeof createUser>>;
  let lawyer: Awaited<ReturnType<typeof createLawyerWithProfile>>;
  let asClient: Headers;
  let asOtherClient: Headers;
  let asLawyer: Headers;
  let asOtherLawyer: Headers;
  let asAdmin: Headers;
  let answered: string;
  let abusive: string;
  let disputed: string;

  const post = (url: string, headers: Headers | undefined, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: headers ?? {}, ...(payload ? { payload } : {}) });
  const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
  const lawyerRatings = async () =>
    (await get(`/api/rating/lawyer-rating/${lawyer.id}`, asOtherClient)).json().data as Array<{
      id: string;
      reply: { text: string; createdAt: string } | null;
      hidden: boolean;
    }>;
  const lawyerCard = async () =>
    (await get(`/api/lawyers/lawyer/detail/${lawyer.id}`, asOtherClient)).json().data.lawyer as {
      rating: number;
      totalRatings: number;
    };

  beforeAll(async () => {
    t = await buildTestApp();
    client = await createUser(t.app, { name: 'Carmen', surname: 'Cliente' });
    const otherClient = await createUser(t.app, { name: 'Otra', surname: 'Persona' });
    lawyer = await createLawyerWithProfile(t.app, { name: 'Lucía', surname: 'García' });
    const otherLawyer = await createLawyerWithProfile(t.app, { name: 'José', surname: 'Núñez' });
    asClient = bearer(await signIn(t.app, client));
    asOtherClient = bearer(await signIn(t.app, otherClient));
    asLawyer = bearer(await signIn(t.app, lawyer));
    asOtherLawyer = bearer(await signIn(t.app, otherLawyer));
    asAdmin = bearer(await signIn(t.app, await createAdmin(t.app)));
    const rate = async (stars: number, description: string) =>
      (await createRating(t.app, { userId: client.id, lawyerId: lawyer.id, stars, description })).id;
    answered = await rate(4, 'Me explicó todo con claridad.');
    abusive = await rate(1, 'Es un estafador y un inútil.');
    disputed = await rate(2, 'No me gustó su trato.');
  });
  afterAll(async () => t.close());

  describe('the answer', () => {
    it('lets the rated lawyer answer once, trimmed, shown in both lists, and tells the client', async () => {
      const res = await post(`/api/rating/${answered}/reply`, asLawyer, {
        text: '  Gracias, Carmen. Fue un placer.  ',
      });
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data).toMatchObject({ ratingId: answered, reply: { text: 'Gracias, Carmen. Fue un placer.' } });
      expect(Date.parse(data.reply.createdAt)).not.toBeNaN();

      const shown = (await lawyerRatings()).find((rating) => rating.id === answered);
      expect(shown?.reply).toEqual(data.reply);
      const own = await get(`/api/rating/user-rating/${client.id}`, asClient);
      const mine = own.json().data.find((rating: { id: string }) => rating.id === answered);
      expect(mine).toMatchObject({ reply: data.reply, hidden: false });
      expect(
        (await lawyerRatings()).filter((rating) => rating.id !== answered).map((rating) => rating.reply),
      ).toEqual([null, null]);

      const told = await t.app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, client.id), eq(notifications.type, 'rating.replied')));
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        link: '/profile',
        title: es.notifications.events['rating.replied'].title({ caseTitle: 'Caso terminado' }),
      });
      expect(told[0]?.body).toContain('Lucía García');

      const again = await post(`/api/rating/${answered}/reply`, asLawyer, { text: 'Otra respuesta.' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(es.ratings.alreadyReplied);
      expect((await lawyerRatings()).find((rating) => rating.id === answered)?.reply?.text).toBe(
        'Gracias, Carmen. Fue un placer.',
      );
    });

    it("is another lawyer's 404, a client's or an administrator's 403, and needs a session", async () => {
      const url = `/api/rating/${disputed}/reply`;
      const body = { text: 'No me corresponde.' };
      const other = await post(url, asOtherLawyer, body);
      expect(other.statusCode).toBe(404);
      expect(other.json().error.message).toBe(es.ratings.notFound);
      expect((await post(url, asClient, body)).statusCode).toBe(403);
      expect((await post(url, asAdmin, body)).statusCode).toBe(403);
      expect((await post(url, undefined, body)).statusCode).toBe(401);
      expect((await post(`/api/rating/${crypto.randomUUID()}/reply`, asLawyer, body)).statusCode).toBe(404);
      expect((await lawyerRatings()).find((rating) => rating.id === disputed)?.reply).toBeNull();
    });

    it('refuses an empty, blank, missing or too long answer with a Spanish message', async () => {
      const url = `/api/rating/${disputed}/reply`;
      for (const [payload, message] of [
        [{ text: '' }, es.ratings.replyRequired],
        [{ text: '   ' }, es.ratings.replyRequired],
        [{}, es.ratings.replyRequired],
        [{ text: 'a'.repeat(1001) }, es.ratings.replyTooLong(1000)],
      ] as const) {
        const res = await post(url, asLawyer, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      // a malformed id names nothing: 404 like an unknown one
      expect((await post('/api/rating/no-es-un-id/reply', asLawyer, { text: 'Hola' })).statusCode).toBe(404);
      // exactly the most it takes is fine
      expect((await post(url, asLawyer, { text: 'a'.repeat(1000) })).statusCode).toBe(200);
    });
  });

  describe('reports and decisions', () => {
    it('lets anyone signed in but the author report a rating once', async () => {
      const url = `/api/rating/${abusive}/report`;
      const res = await post(url, asLawyer, { reason: '  Me insulta sin motivo.  ' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        ratingId: abusive,
        reason: 'Me insulta sin motivo.',
        status: 'open',
      });

      const again = await post(url, asLawyer, { reason: 'Otra vez.' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(es.ratings.alreadyReported);

      const own = await post(url, asClient, { reason: 'Me arrepiento.' });
      expect(own.statusCode).toBe(403);
      expect(own.json().error.message).toBe(es.ratings.ownRating);

      expect((await post(url, asOtherClient, { reason: 'Lenguaje ofensivo.' })).statusCode).toBe(200);
      expect((await post(url, undefined, { reason: 'Anónimo.' })).statusCode).toBe(401);
      expect(
        (await post(`/api/rating/${crypto.randomUUID()}/report`, asLawyer, { reason: 'No existe.' }))
          .statusCode,
      ).toBe(404);
      for (const [payload, message] of [
        [{ reason: ' ' }, es.ratings.reportRequired],
        [{}, es.ratings.reportRequired],
        [{ reason: 'a'.repeat(501) }, es.ratings.reportTooLong(500)],
      ] as const) {
        const bad = await post(url, asOtherLawyer, payload);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error.message).toBe(message);
      }
      expect((await post(`/api/rating/${disputed}/report`, asLawyer, { reason: 'Falso.' })).statusCode).toBe(
        200,
      );
      const stored = await t.app.db.select().from(ratingReports);
      expect(stored).toHaveLength(3);
    });

    it('lists the open reports to administrators only, oldest first, with the rating and the reason', async () => {
      const res = await get('/api/admin/ratings/reports?status=open', asAdmin);
      expect(res.statusCode).toBe(200);
      const { data, meta } = res.json();
      expect(meta).toEqual({ total: 3, page: 1, pageSize: 20 });
      expect(data.map((report: { reason: string }) => report.reason)).toEqual([
        'Me insulta sin motivo.',
        'Lenguaje ofensivo.',
        'Falso.',
      ]);
      expect(data[0]).toMatchObject({
        status: 'open',
        reporterName: 'Lucía García',
        decidedAt: null,
        note: null,
        rating: {
          id: abusive,
          description: 'Es un estafador y un inútil.',
          stars: 1,
          userName: 'Carmen Cliente',
          lawyerName: 'Lucía García',
          hidden: false,
        },
      });
      const paged = await get('/api/admin/ratings/reports?pageSize=1&page=2', asAdmin);
      expect(paged.json().meta).toEqual({ total: 3, page: 2, pageSize: 1 });
      expect(paged.json().data[0].reason).toBe('Lenguaje ofensivo.');

      expect((await get('/api/admin/ratings/reports', asLawyer)).statusCode).toBe(403);
      expect((await get('/api/admin/ratings/reports', asClient)).statusCode).toBe(403);
      const bad = await get('/api/admin/ratings/reports?status=abierta', asAdmin);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toBe(es.admin.unknownReportStatus);
    });

    it('hides a rating: gone from the lists and the average, the author still sees it, audited', async () => {
      expect(await lawyerCard()).toEqual(expect.objectContaining({ rating: 7 / 3, totalRatings: 3 }));

      const noNote = await post(`/api/admin/ratings/${abusive}/hide`, asAdmin, { note: '  ' });
      expect(noNote.statusCode).toBe(400);
      expect(noNote.json().error.message).toBe(es.admin.noteRequired);
      expect((await post(`/api/admin/ratings/${abusive}/hide`, asLawyer, { note: 'Yo.' })).statusCode).toBe(
        403,
      );

      const res = await post(`/api/admin/ratings/${abusive}/hide`, asAdmin, { note: 'Insultos.' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ ratingId: abusive, hidden: true, closedReports: 2 });

      expect((await lawyerRatings()).map((rating) => rating.id)).not.toContain(abusive);
      expect(await lawyerCard()).toEqual(expect.objectContaining({ rating: 3, totalRatings: 2 }));
      const detail = await get(`/api/lawyers/lawyer/detail/${lawyer.id}`, asOtherClient);
      expect(detail.json().data.lawyerRatings.map((rating: { id: string }) => rating.id)).not.toContain(
        abusive,
      );
      const mine = (await get(`/api/rating/user-rating/${client.id}`, asClient)).json();
      expect(mine.meta.total).toBe(3);
      expect(mine.data.find((rating: { id: string }) => rating.id === abusive)).toMatchObject({
        hidden: true,
      });

      // nobody answers or reports it any more, and it cannot be hidden or kept again
      expect((await post(`/api/rating/${abusive}/reply`, asLawyer, { text: 'Hola.' })).statusCode).toBe(404);
      expect(
        (await post(`/api/rating/${abusive}/report`, asOtherLawyer, { reason: 'Mal.' })).statusCode,
      ).toBe(404);
      const twice = await post(`/api/admin/ratings/${abusive}/hide`, asAdmin, { note: 'Otra vez.' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error.message).toBe(es.admin.ratingAlreadyHidden);
      expect(await lawyerCard()).toEqual(expect.objectContaining({ totalRatings: 2 }));

      const open = (await get('/api/admin/ratings/reports', asAdmin)).json();
      expect(open.data.map((report: { reason: string }) => report.reason)).toEqual(['Falso.']);
      const decided = (await get('/api/admin/ratings/reports?status=hidden', asAdmin)).json();
      expect(decided.meta.total).toBe(2);
      expect(decided.data[0]).toMatchObject({
        status: 'hidden',
        note: 'Insultos.',
        rating: { hidden: true },
      });

      const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'rating.hide'));
      expect(entry).toMatchObject({ targetType: 'rating', targetId: abusive, reason: 'Insultos.' });
      const audit = (await get('/api/admin/audit', asAdmin)).json().data;
      expect(audit[0]).toMatchObject({ action: 'rating.hide', targetLabel: 'Muy buen trato' });
    });

    it('keeps a reported rating published and closes its reports, once', async () => {
      const res = await post(`/api/admin/ratings/${disputed}/keep`, asAdmin, { note: 'Es una opinión.' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ ratingId: disputed, hidden: false, closedReports: 1 });
      expect((await lawyerRatings()).map((rating) => rating.id)).toContain(disputed);
      expect(await lawyerCard()).toEqual(expect.objectContaining({ rating: 3, totalRatings: 2 }));
      expect((await get('/api/admin/ratings/reports', asAdmin)).json().meta.total).toBe(0);

      const again = await post(`/api/admin/ratings/${disputed}/keep`, asAdmin, { note: 'Otra vez.' });
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(es.admin.ratingNoOpenReports);
      const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'rating.keep'));
      expect(entry).toMatchObject({ targetId: disputed, reason: 'Es una opinión.' });

      const nobody = await post(`/api/admin/ratings/${crypto.randomUUID()}/keep`, asAdmin, { note: 'Nada.' });
      expect(nobody.statusCode).toBe(404);
      expect((await post(`/api/admin/ratings/${disputed}/keep`, asAdmin, {})).statusCode).toBe(400);
    });
  });
});
