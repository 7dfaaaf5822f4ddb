import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { PROPOSAL_STATUS } from '@l4l/shared/constants/proposals';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { closeAllStomp, connectAs, settle } from '../../../test/chat-stomp.ts';
import { bearer, createAdmin, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { payments, proposals } from '../../db/schema/index.ts';

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

const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function person(kind: 'client' | 'lawyer', name?: string) {
  const user =
    kind === 'client'
      ? await createUser(t.app, { name })
      : await createLawyer(t.app, { name, surname: 'Vidal' });
  return { ...user, token: await signIn(t.app, user) };
}
type Person = Awaited<ReturnType<typeof person>>;

/** A case of the client's, validated and on the board. */
async function publishedCase(client: Person, title = 'Despido sin preaviso') {
  const created = await post(client.token, '/api/cases/new-case', {
    title,
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
  return res.json().data as { id: string; chatId: string; price: number; message: string };
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

/*
 * docs/domain.md, Proposals: a lawyer withdraws a pending proposal or replaces it with a new price, and a
 * client asks for a new price (a counter-offer); what the board, the chat and the notifications then say,
 * and the refusals (a proposal being paid, someone else's, a settled one).
 */

/** The pair's history as `viewer` reads it. */
async function history(viewer: Person, client: Person, lawyer: Person): Promise<ChatMessage[]> {
  const res = await get(viewer.token, `/api/chat/${client.id}/${lawyer.id}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.messages;
}

/** The board's card of the case, as a lawyer reads it. */
async function boardCard(lawyer: Person, caseId: string) {
  const res = await get(lawyer.token, '/api/cases/pending-cases?pageSize=100');
  expect(res.statusCode).toBe(200);
  return res.json().data.find((item: { id: string }) => item.id === caseId) as {
    proposalsCount: number;
    lowestProposal: number | null;
    myProposal: { id: string; price: number; status: string } | null;
  };
}

async function notificationsOf(who: Person) {
  const res = await get(who.token, '/api/notifications?pageSize=100');
  expect(res.statusCode).toBe(200);
  return res.json().data as Array<{ type: string; title: string; body: string; link: string }>;
}

async function statusOf(proposalId: string) {
  const [row] = await t.app.db.select().from(proposals).where(eq(proposals.id, proposalId));
  return row?.status;
}

const sessionOf = (url: string) => new URL(url).pathname.split('/').pop() as string;

describe('a lawyer withdraws a pending proposal', () => {
  it('leaves the board, shows as withdrawn in the chat, tells the client, and cannot be accepted', async () => {
    const client = await person('client', 'Carmen');
    const lawyer = await person('lawyer', 'Jorge');
    const other = await person('lawyer');
    const caseId = await publishedCase(client);
    const cheap = await propose(lawyer, caseId, 180);
    await propose(other, caseId, 240);
    expect(await boardCard(other, caseId)).toMatchObject({ proposalsCount: 2, lowestProposal: 180 });

    const withdrawn = await post(lawyer.token, `/api/proposal/${cheap.id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ id: cheap.id, status: PROPOSAL_STATUS.WITHDRAWN });

    // the board counts and prices the open proposals only
    expect(await boardCard(other, caseId)).toMatchObject({ proposalsCount: 1, lowestProposal: 240 });
    expect((await boardCard(lawyer, caseId)).myProposal).toMatchObject({
      id: cheap.id,
      status: PROPOSAL_STATUS.WITHDRAWN,
    });

    // both read the card as withdrawn, followed by the platform's notice naming it
    for (const viewer of [client, lawyer]) {
      const messages = await history(viewer, client, lawyer);
      const card = messages.find((m) => m.type === MESSAGE_TYPE.PROPOSAL && m.proposalId === cheap.id);
      expect(card?.proposalStatus).toBe(PROPOSAL_STATUS.WITHDRAWN);
      expect(messages.at(-1)).toMatchObject({
        type: MESSAGE_TYPE.NOTICE,
        senderId: null,
        proposalId: cheap.id,
        text: es.caseMessages.proposalWithdrawn('Jorge Vidal', '180 €'),
      });
    }
    const told = (await notificationsOf(client)).find((n) => n.type === 'proposal.withdrawn');
    expect(told?.link).toBe(`/dashboard/chat?with=${lawyer.id}`);
    expect(told?.body).toContain('180 €');

    // a stale card's buttons find it gone
    const accepted = await post(client.token, `/api/proposal/accept-proposal/${cheap.id}`);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json().error).toEqual({
      code: 'INVALID_TRANSITION',
      message: es.proposals.withdrawnAlready,
    });
    const again = await post(lawyer.token, `/api/proposal/${cheap.id}/withdraw`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(es.proposals.withdrawnAlready);
    const counter = await post(client.token, `/api/proposal/${cheap.id}/counter-offer`, { price: 100 });
    expect(counter.statusCode).toBe(409);

    // nothing holds the lawyer back from proposing again while the case is open
    const fresh = await propose(lawyer, caseId, 200);
    expect(await boardCard(lawyer, caseId)).toMatchObject({
      proposalsCount: 2,
      myProposal: { id: fresh.id, status: PROPOSAL_STATUS.PENDING },
    });
  });

  it("is only the proposal's own lawyer's to take: another lawyer 404, a client or an admin 403", async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const other = await person('lawyer');
    const caseId = await publishedCase(client);
    const proposal = await propose(lawyer, caseId, 300);
    for (const action of ['withdraw', 'replace']) {
      const body = action === 'replace' ? { price: 250 } : undefined;
      const byOther = await post(other.token, `/api/proposal/${proposal.id}/${action}`, body);
      expect(byOther.statusCode, action).toBe(404);
      expect(byOther.json().error.message).toBe(es.proposals.notFound);
      expect((await post(client.token, `/api/proposal/${proposal.id}/${action}`, body)).statusCode).toBe(403);
      expect((await post(adminToken, `/api/proposal/${proposal.id}/${action}`, body)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: 'POST', url: `/api/proposal/${proposal.id}/${action}` })).statusCode,
      ).toBe(401);
    }
    const unknown = await post(lawyer.token, '/api/proposal/00000000-0000-4000-8000-000000000000/withdraw');
    expect(unknown.statusCode).toBe(404);
    // an id that cannot be one is as unknown as any other
    const malformed = await post(lawyer.token, '/api/proposal/no-es-un-id/withdraw');
    expect(malformed.statusCode).toBe(404);
    expect(await statusOf(proposal.id)).toBe(PROPOSAL_STATUS.PENDING);
  });
});

describe('a lawyer replaces a pending proposal with a new price', () => {
  it('supersedes the old one; the client sees and pays only the new one', async () => {
    const client = await person('client', 'Carmen');
    const lawyer = await person('lawyer', 'Jorge');
    const caseId = await publishedCase(client);
    const first = await propose(lawyer, caseId, 400);
    const live = await connectAs(t.app, client);
    await live.subscribe();

    const replaced = await post(lawyer.token, `/api/proposal/${first.id}/replace`, { price: 350 });
    expect(replaced.statusCode).toBe(200);
    const next = replaced.json().data;
    expect(next).toMatchObject({
      caseId,
      lawyerId: lawyer.id,
      chatId: first.chatId,
      price: 350,
      status: PROPOSAL_STATUS.PENDING,
      // without a new message the proposal's stays
      message: first.message,
    });
    expect(next.id).not.toBe(first.id);
    expect(await statusOf(first.id)).toBe(PROPOSAL_STATUS.SUPERSEDED);

    // delivered live: the notice naming the old proposal (the web reads the history again on it), then the new card
    const [notice, card] = await live.waitForMessages(2);
    expect(notice).toMatchObject({
      type: MESSAGE_TYPE.NOTICE,
      proposalId: first.id,
      text: es.caseMessages.proposalReplaced('Jorge Vidal', '400 €', '350 €'),
    });
    expect(card).toMatchObject({
      type: MESSAGE_TYPE.PROPOSAL,
      proposalId: next.id,
      proposalAmount: 350,
      proposalStatus: PROPOSAL_STATUS.PENDING,
    });
    const cards = (await history(client, client, lawyer)).filter((m) => m.type === MESSAGE_TYPE.PROPOSAL);
    expect(cards.map((m) => [m.proposalAmount, m.proposalStatus])).toEqual([
      [400, PROPOSAL_STATUS.SUPERSEDED],
      [350, PROPOSAL_STATUS.PENDING],
    ]);
    expect(await boardCard(lawyer, caseId)).toMatchObject({
      proposalsCount: 1,
      lowestProposal: 350,
      myProposal: { id: next.id, price: 350, status: PROPOSAL_STATUS.PENDING },
    });
    const told = (await notificationsOf(client)).filter((n) => n.type === 'proposal.replaced');
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('350 €');

    // the old card's buttons are refused with the reason; the new one is paid at its price
    const stale = await post(client.token, `/api/proposal/accept-proposal/${first.id}`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(es.proposals.supersededAlready);
    const rejectStale = await post(client.token, `/api/proposal/reject-proposal/${first.id}/${first.chatId}`);
    expect(rejectStale.statusCode).toBe(409);
    const checkout = await post(client.token, `/api/proposal/accept-proposal/${next.id}`);
    expect(checkout.statusCode).toBe(200);
    const paid = await post(client.token, `/payment/sandbox/${sessionOf(checkout.json().data)}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/payment-success');
    const after = await get(client.token, `/api/cases/user/case/${caseId}`);
    expect(after.json().data).toMatchObject({ status: 'ACTIVO', casePrice: 350, lawyerId: lawyer.id });
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
    expect(payment).toMatchObject({ proposalId: next.id, amountCents: 35_000, status: 'COMPLETADO' });
  });

  it('takes a new message, refuses the same price or a bad one, and a case no longer open', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const rival = await person('lawyer');
    const caseId = await publishedCase(client);
    const proposal = await propose(lawyer, caseId, 300);

    const same = await post(lawyer.token, `/api/proposal/${proposal.id}/replace`, { price: 300 });
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { price: es.proposals.samePrice('300 €') },
    });
    for (const price of [0, -5, 'mucho', 12.345]) {
      const bad = await post(lawyer.token, `/api/proposal/${proposal.id}/replace`, { price });
      expect(bad.statusCode, String(price)).toBe(400);
      expect(bad.json().error.fields.price).toBeTruthy();
    }
    const tooLong = await post(lawyer.token, `/api/proposal/${proposal.id}/replace`, {
      price: 280,
      message: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(await statusOf(proposal.id)).toBe(PROPOSAL_STATUS.PENDING);

    const renamed = await post(lawyer.token, `/api/proposal/${proposal.id}/replace`, {
      price: 280,
      message: '  Incluye el acto de conciliación.  ',
    });
    expect(renamed.statusCode).toBe(200);
    const current = renamed.json().data;
    expect(current.message).toBe('Incluye el acto de conciliación.');
    // the superseded one cannot be replaced again: only the current one
    const twice = await post(lawyer.token, `/api/proposal/${proposal.id}/replace`, { price: 260 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(es.proposals.supersededAlready);

    // the rival's proposal is paid: the case is ACTIVO and the lawyer's current proposal rejected
    const rivals = await propose(rival, caseId, 250);
    const checkout = await post(client.token, `/api/proposal/accept-proposal/${rivals.id}`);
    await post(client.token, `/payment/sandbox/${sessionOf(checkout.json().data)}/pay`);
    for (const action of ['withdraw', 'replace']) {
      const res = await post(lawyer.token, `/api/proposal/${current.id}/${action}`, { price: 200 });
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error.code).toBe('INVALID_TRANSITION');
    }
    expect(await statusOf(current.id)).toBe(PROPOSAL_STATUS.REJECTED);
  });
});

describe('a proposal being paid', () => {
  it('cannot be withdrawn, replaced or countered while its checkout is open; once cancelled it can', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const caseId = await publishedCase(client);
    // below 400 €, so the client needs no fiscal data to pay (docs/invoices.md)
    const proposal = await propose(lawyer, caseId, 380);
    const checkout = await post(client.token, `/api/proposal/accept-proposal/${proposal.id}`);
    expect(checkout.statusCode).toBe(200);
    expect(await statusOf(proposal.id)).toBe(PROPOSAL_STATUS.ACCEPTED);

    for (const action of ['withdraw', 'replace']) {
      const res = await post(lawyer.token, `/api/proposal/${proposal.id}/${action}`, { price: 350 });
      expect(res.statusCode, action).toBe(409);
      expect(res.json().error).toEqual({ code: 'INVALID_TRANSITION', message: es.proposals.beingPaid });
    }
    const counter = await post(client.token, `/api/proposal/${proposal.id}/counter-offer`, { price: 300 });
    expect(counter.statusCode).toBe(409);
    expect(counter.json().error.message).toBe(es.proposals.counterWhilePaying);
    // nothing changed: the checkout is still open and payable
    expect(await statusOf(proposal.id)).toBe(PROPOSAL_STATUS.ACCEPTED);
    const [open] = await t.app.db
      .select()
      .from(payments)
      .where(and(eq(payments.proposalId, proposal.id), eq(payments.status, 'PENDIENTE')));
    expect(open).toBeDefined();

    // the client leaves the checkout: the proposal is pending again and the lawyer may change it
    const cancelled = await post(client.token, `/payment/sandbox/${sessionOf(checkout.json().data)}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(await statusOf(proposal.id)).toBe(PROPOSAL_STATUS.PENDING);
    const withdrawn = await post(lawyer.token, `/api/proposal/${proposal.id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    // and the closed checkout cannot bring it back: paying it now takes no money
    const late = await post(client.token, `/payment/sandbox/${sessionOf(checkout.json().data)}/pay`);
    expect(late.headers.location).not.toBe('/payment-success');
    const after = await get(client.token, `/api/cases/user/case/${caseId}`);
    expect(after.json().data.status).toBe('PENDIENTE DE ASIGNACIÓN');
  });
});

describe('a client asks for a new price (a counter-offer)', () => {
  it('writes a card to the lawyer, who accepts it with a proposal at that price', async () => {
    const client = await person('client', 'Carmen');
    const lawyer = await person('lawyer', 'Jorge');
    const caseId = await publishedCase(client, 'Reclamación de horas extra');
    const proposal = await propose(lawyer, caseId, 400);
    const live = await connectAs(t.app, lawyer);
    await live.subscribe();

    const countered = await post(client.token, `/api/proposal/${proposal.id}/counter-offer`, {
      price: 320,
      message: '  ¿Podrías hacerlo por 320 €?  ',
    });
    expect(countered.statusCode).toBe(200);
    const message: ChatMessage = countered.json().data;
    expect(message).toMatchObject({
      type: MESSAGE_TYPE.COUNTER_OFFER,
      senderId: client.id,
      text: '¿Podrías hacerlo por 320 €?',
      proposalId: proposal.id,
      caseId,
      caseTitle: 'Reclamación de horas extra',
      proposalAmount: 320,
      proposalStatus: PROPOSAL_STATUS.PENDING,
      // the lawyer's card shows what they would receive at that price (10 % by default)
      platformFee: 32,
      platformFeeVat: 6.72,
      platformFeeTotal: 38.72,
      lawyerReceives: 281.28,
    });
    const [delivered] = await live.waitForMessages(1);
    expect(delivered).toMatchObject({
      id: message.id,
      type: MESSAGE_TYPE.COUNTER_OFFER,
      proposalAmount: 320,
    });
    const told = (await notificationsOf(lawyer)).find((n) => n.type === 'proposal.countered');
    expect(told).toMatchObject({ link: `/dashboard/chat?with=${client.id}` });
    expect(told?.body).toContain('320 €');
    // professional secrecy: the note is not in the notification
    expect(told?.body).not.toContain('Podrías');

    // one counter-offer per proposal until the lawyer answers
    const second = await post(client.token, `/api/proposal/${proposal.id}/counter-offer`, { price: 300 });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({ code: 'CONFLICT', message: es.proposals.counterPending });

    // the lawyer's one click: a proposal at the price asked
    const accepted = await post(lawyer.token, `/api/proposal/${proposal.id}/replace`, { price: 320 });
    expect(accepted.statusCode).toBe(200);
    const next = accepted.json().data;
    const messages = await history(lawyer, client, lawyer);
    const card = messages.find((m) => m.id === message.id);
    // the counter-offer is answered: its proposal is superseded by the new one
    expect(card?.proposalStatus).toBe(PROPOSAL_STATUS.SUPERSEDED);
    expect(messages.at(-1)).toMatchObject({
      type: MESSAGE_TYPE.PROPOSAL,
      proposalId: next.id,
      proposalAmount: 320,
      proposalStatus: PROPOSAL_STATUS.PENDING,
    });
    // said as an acceptance of the counter-offer, in the chat and to the client, not as a new price
    expect(messages.map((m) => m.text)).toContain(
      es.caseMessages.counterOfferAccepted('Jorge Vidal', '400 €', '320 €'),
    );
    const clientTold = (await notificationsOf(client)).find((n) => n.type === 'proposal.replaced');
    expect(clientTold?.title).toBe('Han aceptado tu contraoferta para «Reclamación de horas extra»');
    expect(clientTold?.body).toContain('ha aceptado tu contraoferta');
    expect(clientTold?.body).toContain('320 €');
    expect(clientTold?.body).not.toContain('ha cambiado su propuesta');

    // the new proposal may be countered again
    const again = await post(client.token, `/api/proposal/${next.id}/counter-offer`, { price: 300 });
    expect(again.statusCode).toBe(200);
    // a price other than the one asked is a new price, said so
    const other = await post(lawyer.token, `/api/proposal/${next.id}/replace`, { price: 310 });
    expect(other.statusCode).toBe(200);
    const changed = (await notificationsOf(client)).filter((n) => n.type === 'proposal.replaced');
    expect(changed.some((n) => n.body.includes('ha cambiado su propuesta') && n.body.includes('310 €'))).toBe(
      true,
    );
  });

  it('asks a price below the proposal, from its own client only, on an open case', async () => {
    const client = await person('client');
    const stranger = await person('client');
    const lawyer = await person('lawyer');
    const caseId = await publishedCase(client);
    const proposal = await propose(lawyer, caseId, 200);
    const url = `/api/proposal/${proposal.id}/counter-offer`;

    for (const price of [200, 250]) {
      const res = await post(client.token, url, { price });
      expect(res.statusCode, String(price)).toBe(400);
      expect(res.json().error.fields).toEqual({ price: es.proposals.counterMustBeLower('200 €') });
    }
    for (const body of [{}, { price: 0 }, { price: 'mucho' }, { price: 150, message: 'x'.repeat(501) }]) {
      const res = await post(client.token, url, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    const byStranger = await post(stranger.token, url, { price: 150 });
    expect(byStranger.statusCode).toBe(404);
    expect((await post(lawyer.token, url, { price: 150 })).statusCode).toBe(403);

    // a blank note is none: the platform's wording names the price
    const plain = await post(client.token, url, { price: 150, message: '   ' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.text).toBe(es.caseMessages.counterOffer('150 €'));
    const [row] = await t.app.db.select().from(proposals).where(eq(proposals.id, proposal.id));
    expect(row?.counterOfferCents).toBe(15_000);

    // once rejected, the proposal takes no counter-offer
    const rejected = await post(
      client.token,
      `/api/proposal/reject-proposal/${proposal.id}/${proposal.chatId}`,
    );
    expect(rejected.statusCode).toBe(200);
    const late = await post(lawyer.token, `/api/proposal/${proposal.id}/replace`, { price: 150 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(es.proposals.notPending);
  });
});

describe('the lawyer declines a counter-offer (docs/alerts.md, Live screens)', () => {
  it('keeps the price, tells the client in the chat with the note, and lets the client ask again', async () => {
    const client = await person('client', 'Rosa');
    const lawyer = await person('lawyer', 'Tomás');
    const other = await person('lawyer', 'Olga');
    const caseId = await publishedCase(client, 'Reclamación de un seguro de hogar');
    const proposal = await propose(lawyer, caseId, 500);
    const url = `/api/proposal/${proposal.id}/decline-counter-offer`;

    // nothing to decline yet
    const early = await post(lawyer.token, url);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(es.proposals.noCounterOffer);

    expect(
      (await post(client.token, `/api/proposal/${proposal.id}/counter-offer`, { price: 350 })).statusCode,
    ).toBe(200);
    // only its lawyer: another lawyer is 404, the client 403
    expect((await post(other.token, url)).statusCode).toBe(404);
    expect((await post(client.token, url)).statusCode).toBe(403);
    expect((await post(lawyer.token, url, { message: 'x'.repeat(501) })).statusCode).toBe(400);

    const declined = await post(lawyer.token, url, { message: 'Por menos no me salen las cuentas.' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data).toMatchObject({
      id: proposal.id,
      price: 500,
      status: PROPOSAL_STATUS.PENDING,
    });
    const said = (await history(client, client, lawyer)).at(-1);
    expect(said?.text).toBe(
      `${es.caseMessages.counterDeclined('Tomás Vidal', '350 €', '500 €')} ${es.caseMessages.lawyerNote('Por menos no me salen las cuentas.')}`,
    );
    // the client's counter-offer card no longer waits for an answer
    const card = (await history(client, client, lawyer)).find((m) => m.type === MESSAGE_TYPE.COUNTER_OFFER);
    expect(card).toMatchObject({ proposalStatus: PROPOSAL_STATUS.PENDING, counterDeclined: true });
    // twice is nothing left to decline
    expect((await post(lawyer.token, url)).statusCode).toBe(409);
    // the client may ask again
    expect(
      (await post(client.token, `/api/proposal/${proposal.id}/counter-offer`, { price: 450 })).statusCode,
    ).toBe(200);
  });
});
