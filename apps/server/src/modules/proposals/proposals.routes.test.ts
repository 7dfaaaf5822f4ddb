import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { PROPOSAL_STATUS } from '@l4l/shared/constants/proposals';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { closeAllStomp, connectAs, settle } from '../../../test/chat-stomp.ts';
import { bearer, createAdmin, createLawyer, createUser, signIn } from '../../../test/factories.ts';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  adminToken = await signIn(t.app, await createAdmin(t.app));
});
afterEach(closeAllStomp);
afterAll(async () => t.close());

const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function person(kind: 'client' | 'lawyer') {
  const user = kind === 'client' ? await createUser(t.app) : await createLawyer(t.app);
  return { ...user, token: await signIn(t.app, user) };
}
type Person = Awaited<ReturnType<typeof person>>;

/** A case of the client's, validated and on the board. */
async function publishedCase(client: Person) {
  const created = await post(client.token, '/api/cases/new-case', {
    title: 'Despido sin preaviso',
    description: 'Me despidieron sin carta ni preaviso.',
  });
  const caseId: string = created.json().data.id;
  const approved = await post(adminToken, `/api/admin/cases/${caseId}/approve`, {
    category: 'Abogado Laboral',
  });
  expect(approved.statusCode).toBe(200);
  return caseId;
}

async function propose(lawyer: Person, caseId: string, price: number) {
  const res = await post(lawyer.token, `/api/proposal/create-proposal-to-case/${caseId}`, {
    price,
    message: 'Me encargo de la demanda.',
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; chatId: string };
}

/** The proposal card (type 2) of the pair's history, as `viewer` reads it. */
async function proposalCard(viewer: Person, pair: { userId: string; lawyerId: string }, proposalId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/chat/${pair.userId}/${pair.lawyerId}`,
    headers: bearer(viewer.token),
  });
  expect(res.statusCode).toBe(200);
  const messages: ChatMessage[] = res.json().data.messages;
  return messages.find(
    (message) => message.type === MESSAGE_TYPE.PROPOSAL && message.proposalId === proposalId,
  );
}

describe("a proposal's status in the chat (proposalStatus)", () => {
  it('is PENDIENTE when the card is delivered and read, RECHAZADA once the client rejects it', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const caseId = await publishedCase(client);
    const live = await connectAs(t.app, client);
    await live.subscribe();

    const proposal = await propose(lawyer, caseId, 120);
    const [delivered] = await live.waitForMessages(1);
    expect(delivered).toMatchObject({
      type: MESSAGE_TYPE.PROPOSAL,
      proposalId: proposal.id,
      proposalStatus: PROPOSAL_STATUS.PENDING,
    });
    const pair = { userId: client.id, lawyerId: lawyer.id };
    for (const viewer of [client, lawyer]) {
      expect((await proposalCard(viewer, pair, proposal.id))?.proposalStatus).toBe(PROPOSAL_STATUS.PENDING);
    }

    const rejected = await post(
      client.token,
      `/api/proposal/reject-proposal/${proposal.id}/${proposal.chatId}`,
    );
    expect(rejected.statusCode).toBe(200);
    // the notice that follows is about the proposal but is not its card: it carries no status
    const [, notice] = await live.waitForMessages(2);
    expect(notice).toMatchObject({
      type: MESSAGE_TYPE.NOTICE,
      proposalId: proposal.id,
      proposalStatus: null,
    });
    for (const viewer of [client, lawyer]) {
      expect((await proposalCard(viewer, pair, proposal.id))?.proposalStatus).toBe(PROPOSAL_STATUS.REJECTED);
    }
  });

  it('is ACEPTADA while its checkout is open, PAGADA once paid, and the other open proposal RECHAZADA', async () => {
    const client = await person('client');
    const chosen = await person('lawyer');
    const other = await person('lawyer');
    const caseId = await publishedCase(client);
    const paidOne = await propose(chosen, caseId, 300);
    const otherOne = await propose(other, caseId, 250);
    const chosenPair = { userId: client.id, lawyerId: chosen.id };
    const otherPair = { userId: client.id, lawyerId: other.id };

    const accepted = await post(client.token, `/api/proposal/accept-proposal/${paidOne.id}`);
    expect(accepted.statusCode).toBe(200);
    expect((await proposalCard(client, chosenPair, paidOne.id))?.proposalStatus).toBe(
      PROPOSAL_STATUS.ACCEPTED,
    );

    const live = await connectAs(t.app, client);
    await live.subscribe();
    const sessionId = new URL(accepted.json().data).pathname.split('/').pop();
    expect((await post(client.token, `/payment/sandbox/${sessionId}/pay`)).statusCode).toBe(303);

    // the follow-ups the web refetches the history on: the paid banner and the other lawyer's notice
    await live.waitForMessages(2);
    await settle();
    expect(live.messages).toHaveLength(2);
    expect(live.messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: MESSAGE_TYPE.PROPOSAL_ACCEPTED,
          proposalId: paidOne.id,
          proposalStatus: null,
        }),
        expect.objectContaining({ type: MESSAGE_TYPE.NOTICE, proposalId: otherOne.id, proposalStatus: null }),
      ]),
    );
    for (const viewer of [client, chosen]) {
      expect((await proposalCard(viewer, chosenPair, paidOne.id))?.proposalStatus).toBe(PROPOSAL_STATUS.PAID);
    }
    for (const viewer of [client, other]) {
      expect((await proposalCard(viewer, otherPair, otherOne.id))?.proposalStatus).toBe(
        PROPOSAL_STATUS.REJECTED,
      );
    }
  });
});
