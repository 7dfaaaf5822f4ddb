import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { chats, lawyerProfiles } from '../../db/schema/index.ts';
import { refreshResponseTimes } from '../lawyers/index.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** docs/domain.md, Response time: measured from the chats, kept up to date as messages arrive. */
describe("a lawyer's measured response time", () => {
  let t: TestApp;
  let asClient: { authorization: string };
  beforeAll(async () => {
    t = await buildTestApp();
    asClient = bearer(await signIn(t.app, await createUser(t.app)));
  });
  afterAll(async () => t.close());

  /** A chat whose client wrote `daysAgo` days ago and whose lawyer answered `minutes` later (or never). */
  async function answeredChat(lawyerId: string, daysAgo: number, minutes: number | null) {
    const client = await createUser(t.app);
    const asked = new Date(Date.now() - daysAgo * DAY);
    await t.app.db.insert(chats).values({
      userId: client.id,
      lawyerId,
      firstClientMessageAt: asked,
      firstReplyAt: minutes === null ? null : new Date(asked.getTime() + minutes * MINUTE),
    });
  }

  const responseTimeOf = async (lawyerId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/lawyers/lawyer/detail/${lawyerId}`,
      headers: asClient,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.lawyer.responseTime as number | null;
  };

  it('is the median minutes to the first reply over the last 90 days, on the profile and the card', async () => {
    const lawyer = await createLawyer(t.app);
    // answered in 30 min, 1 h 30, 4 h, 10 h and 2 days; one older than 90 days and one unanswered do not count
    for (const [daysAgo, minutes] of [
      [1, 30],
      [5, 90],
      [20, 240],
      [40, 600],
      [80, 2880],
      [120, 5],
      [2, null],
    ] as const) {
      await answeredChat(lawyer.id, daysAgo, minutes);
    }
    await refreshResponseTimes(t.app.db, [lawyer.id]);
    // by hand: 30, 90, 240, 600, 2880 → the middle one
    expect(await responseTimeOf(lawyer.id)).toBe(240);

    await answeredChat(lawyer.id, 3, 120);
    await refreshResponseTimes(t.app.db, [lawyer.id]);
    // 30, 90, 120, 240, 600, 2880 → (120 + 240) / 2
    expect(await responseTimeOf(lawyer.id)).toBe(180);

    const cards = await t.app.inject({ method: 'GET', url: '/api/lawyers?pageSize=100', headers: asClient });
    const card = cards.json().data.find((c: { id: string }) => c.id === lawyer.id);
    expect(card.responseTime).toBe(180);
  });

  it('is null below 3 answered chats', async () => {
    const lawyer = await createLawyer(t.app);
    await answeredChat(lawyer.id, 1, 30);
    await answeredChat(lawyer.id, 2, 60);
    await answeredChat(lawyer.id, 200, 60);
    await refreshResponseTimes(t.app.db, [lawyer.id]);
    expect(await responseTimeOf(lawyer.id)).toBeNull();
  });

  it('is kept up to date as messages arrive: the first reply of a chat refreshes it', async () => {
    const lawyer = await createLawyer(t.app);
    await answeredChat(lawyer.id, 1, 10);
    await answeredChat(lawyer.id, 2, 20);
    expect(await responseTimeOf(lawyer.id)).toBeNull();

    const client = await createUser(t.app);
    const chat = await t.app.chat.openChat(client.id, lawyer.id);
    const post = (senderId: string, text: string) =>
      t.app.chat.postMessage({ chatId: chat.id, senderId, type: MESSAGE_TYPE.TEXT, text });
    // the lawyer writing first is no reply; the client's message starts the clock, the lawyer's stops it
    await post(lawyer.id, 'Hola, ¿en qué puedo ayudarle?');
    await post(client.id, 'Tengo una duda sobre mi contrato.');
    await post(client.id, '¿Sigue ahí?');
    await post(lawyer.id, 'Sí, cuénteme.');
    await post(lawyer.id, 'Le escucho.');
    const [row] = await t.app.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row?.firstClientMessageAt).not.toBeNull();
    expect(row?.firstReplyAt?.getTime()).toBeGreaterThanOrEqual(
      row?.firstClientMessageAt?.getTime() ?? Infinity,
    );
    // three answered chats now: 0 (this one, within the minute), 10 and 20 → 10
    expect(await responseTimeOf(lawyer.id)).toBe(10);

    // the profile column is what requests read: no scan of the chats per request
    const [profile] = await t.app.db
      .select({ minutes: lawyerProfiles.responseMinutes })
      .from(lawyerProfiles)
      .where(eq(lawyerProfiles.userId, lawyer.id));
    expect(profile?.minutes).toBe(10);
    await t.app.db.execute(
      sql`update ${chats} set first_reply_at = null where ${chats.lawyerId} = ${lawyer.id}`,
    );
    expect(await responseTimeOf(lawyer.id)).toBe(10);
  });
});
