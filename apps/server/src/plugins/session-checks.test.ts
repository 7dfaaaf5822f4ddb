import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { banUser, bearer, createLawyer, createUser, signIn } from '../../test/factories.ts';
import { createChatRepository } from '../modules/chat/chat.repository.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;

/**
 * Session checks and presence readers that arrive together share statements (lib/grouped-calls.ts): each
 * caller still gets exactly its own answer.
 */
describe('checks that arrive together', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('answer every token with its own person, and refuse the revoked and the banned among them', async () => {
    const people: Array<Awaited<ReturnType<typeof createUser>>> = [];
    for (let i = 0; i < 24; i += 1) people.push(await createUser(t.app));
    const tokens = await Promise.all(people.map((person) => signIn(t.app, person)));
    const revoked = people[3];
    const banned = people[7];
    if (!revoked || !banned) throw new Error('missing people');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(tokens[3] ?? ''),
    });
    expect(logout.statusCode, logout.body).toBeLessThan(300);
    await banUser(t.app, banned.id);

    const answers = await Promise.all(
      tokens.map((token) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })),
    );
    answers.forEach((answer, i) => {
      if (i === 3 || i === 7) expect(answer.statusCode, `person ${i}`).toBe(401);
      else {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.json().data.id).toBe(people[i]?.id);
      }
    });
  });

  it('read each person’s counterparts, a name asked twice included', async () => {
    const lawyer = await createLawyer(t.app);
    const other = await createLawyer(t.app);
    const clients = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
    for (const client of clients) await t.app.chat.openChat(client.id, lawyer.id);
    await t.app.chat.openChat(clients[0]?.id ?? '', other.id);
    const loner = await createUser(t.app);

    const repository = createChatRepository(t.app.db);
    const [ofLawyer, ofFirst, ofLoner, again] = await repository.counterpartsOfMany([
      lawyer.id,
      clients[0]?.id ?? '',
      loner.id,
      lawyer.id,
    ]);
    expect(ofLawyer?.sort()).toEqual(clients.map((client) => client.id).sort());
    expect(ofFirst?.sort()).toEqual([lawyer.id, other.id].sort());
    expect(ofLoner).toEqual([]);
    expect(again?.sort()).toEqual(ofLawyer?.sort());
  });
});
