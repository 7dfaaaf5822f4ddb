import { caseCode } from '@l4l/shared/constants/cases';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { formatEuros } from '@l4l/shared/format';
import { es } from '@l4l/shared/texts/es';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import {
  bearer,
  createAdmin,
  createFiscalProfile,
  createLawyer,
  createUser,
  signIn,
} from '../../../test/factories.ts';
import { readMail } from '../../../test/mime.ts';
import { decodeQuotedPrintable, outbox, sentMails } from '../../../test/outbox.ts';
import {
  auditLog,
  caseCreationKeys,
  cases,
  lawyerProfiles,
  messages,
  payments,
  proposals,
} from '../../db/schema/index.ts';
import type { SandboxProvider } from '../payments/sandbox-provider.ts';
import { createBoardRepository } from './board.repository.ts';

let t: Awaited<ReturnType<typeof buildTestApp>>;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await signIn(t.app, await createAdmin(t.app));
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: bearer(token) } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

async function person(kind: 'client' | 'lawyer') {
  const user = kind === 'client' ? await createUser(t.app) : await createLawyer(t.app);
  return { ...user, token: await signIn(t.app, user) };
}
type Person = Awaited<ReturnType<typeof person>>;

async function newCase(
  client: Person,
  title = 'Desahucio de mi piso',
  description = 'El casero no devuelve la fianza.',
) {
  const res = await call(client.token, 'POST', '/api/cases/new-case', { title, description });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; status: string; category: string };
}

async function publishedCase(client: Person, title?: string) {
  const created = await newCase(client, title);
  const res = await call(adminToken, 'POST', `/api/admin/cases/${created.id}/approve`, {
    category: 'Abogado Civil',
  });
  expect(res.statusCode).toBe(200);
  return created.id;
}

async function propose(
  lawyer: Person,
  caseId: string,
  price: number | string = 450.5,
  message = 'Lo llevo yo.',
) {
  return call(lawyer.token, 'POST', `/api/proposal/create-proposal-to-case/${caseId}`, { price, message });
}

/** Accepts the proposal and answers the sandbox session id of its checkout. */
async function accept(client: Person, proposalId: string) {
  const res = await call(client.token, 'POST', `/api/proposal/accept-proposal/${proposalId}`);
  expect(res.statusCode).toBe(200);
  const url = new URL(res.json().data);
  expect(url.pathname).toMatch(/^\/payment\/sandbox\/sbx_/);
  return url.pathname.split('/').pop() as string;
}

/** 'Pagar' on the sandbox checkout, in the paying client's session. */
const pay = (client: Person, sessionId: string) =>
  call(client.token, 'POST', `/payment/sandbox/${sessionId}/pay`);

async function activeCase() {
  const client = await person('client');
  const lawyer = await person('lawyer');
  const caseId = await publishedCase(client);
  const proposal = (await propose(lawyer, caseId, 300)).json().data;
  expect((await pay(client, await accept(client, proposal.id))).statusCode).toBe(303);
  return { client, lawyer, caseId, chatId: proposal.chatId as string, proposalId: proposal.id as string };
}

const chatMessages = (chatId: string) =>
  t.app.db.select().from(messages).where(eq(messages.chatId, chatId)).orderBy(asc(messages.seq));
const caseRow = async (id: string) => (await t.app.db.select().from(cases).where(eq(cases.id, id)))[0];
const profileOf = async (lawyerId: string) =>
  (await t.app.db.select().from(lawyerProfiles).where(eq(lawyerProfiles.userId, lawyerId)))[0];

describe('a case from start to finish', () => {
  it('walks every step: new, approved, proposed, paid, progressed, closed, rated', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    // the price is above 400 €: the client has given fiscal data for the invoice (docs/invoices.md)
    await createFiscalProfile(t.app, client.id);

    const created = await call(client.token, 'POST', '/api/cases/new-case', {
      title: '  Herencia de mi abuela  ',
      description: ' Somos tres hermanos y no hay testamento. ',
      // the first web client's payload: extra fields are the server's to decide
      userId: client.id,
      status: 'ACTIVO',
      category: 'Abogado Fiscal',
      lawyerId: '',
      ratingId: '',
    });
    expect(created.statusCode).toBe(200);
    const fresh = created.json().data;
    expect(fresh).toMatchObject({
      title: 'Herencia de mi abuela',
      description: 'Somos tres hermanos y no hay testamento.',
      status: 'PENDIENTE DE VALIDACIÓN',
      category: 'Por calificar',
      progressStep: 0,
      userId: client.id,
      lawyerId: null,
      lawyerAssigned: null,
      casePrice: null,
      code: caseCode(fresh.id),
    });

    // not on the board before validation
    const before = await call(lawyer.token, 'GET', '/api/cases/pending-cases');
    expect(before.json().data.map((c: { id: string }) => c.id)).not.toContain(fresh.id);

    const approved = await call(adminToken, 'POST', `/api/admin/cases/${fresh.id}/approve`, {
      category: 'Abogado Sucesiones y testamentos',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'PENDIENTE DE ASIGNACIÓN',
      category: 'Abogado Sucesiones y testamentos',
      progressStep: 1,
    });
    // the client's mail leaves through the notification outbox (docs/notifications.md)
    await t.app.notifications.drainOutbox();
    const mail = outbox(t.config.dataDir).find((m) => m.raw.includes(client.mail));
    const approvedText = es.notifications.events['case.approved'].body({
      caseTitle: 'Herencia de mi abuela',
    });
    expect(decodeQuotedPrintable(mail?.raw ?? '')).toContain(approvedText);

    const board = await call(lawyer.token, 'GET', '/api/cases/pending-cases?search=herencia');
    expect(board.statusCode).toBe(200);
    const card = board.json().data.find((c: { id: string }) => c.id === fresh.id);
    expect(card).toMatchObject({ title: 'Herencia de mi abuela', proposalsCount: 0, myProposal: null });
    // no client contact data on the board
    expect(JSON.stringify(board.json())).not.toContain(client.mail);
    expect(JSON.stringify(board.json())).not.toContain(client.phoneNumber);

    const proposed = await propose(
      lawyer,
      fresh.id,
      '1250,5',
      '  Puedo tramitar la declaración de herederos.  ',
    );
    expect(proposed.statusCode).toBe(200);
    const proposal = proposed.json().data;
    expect(proposal).toMatchObject({
      price: 1250.5,
      status: 'PENDIENTE',
      message: 'Puedo tramitar la declaración de herederos.',
    });
    const [proposalMessage] = await chatMessages(proposal.chatId);
    expect(proposalMessage).toMatchObject({
      type: '2',
      senderId: lawyer.id,
      proposalId: proposal.id,
      caseId: fresh.id,
      proposalAmountCents: 125050,
    });

    const again = await propose(lawyer, fresh.id, 900);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(es.proposals.alreadyPending);

    const sessionId = await accept(client, proposal.id);
    const checkout = await call(client.token, 'GET', `/payment/sandbox/${sessionId}`);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.headers['content-type']).toContain('text/html');
    expect(checkout.body).toContain('1.250,50 €');
    expect(checkout.body).toContain(es.payment.sandboxBadge);
    // still waiting for the provider: nothing moved yet
    expect((await caseRow(fresh.id))?.status).toBe('PENDIENTE DE ASIGNACIÓN');

    const paid = await pay(client, sessionId);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('/payment-success');

    const active = (await call(client.token, 'GET', `/api/cases/user/case/${fresh.id}`)).json().data;
    expect(active).toMatchObject({
      status: 'ACTIVO',
      progressStep: 2,
      lawyerId: lawyer.id,
      lawyerAssigned: `${lawyer.name} ${lawyer.surname}`,
      casePrice: 1250.5,
      chatId: proposal.chatId,
      chatWith: lawyer.id,
    });
    expect(active.assignationDate).not.toBeNull();
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.caseId, fresh.id));
    expect(payment).toMatchObject({ status: 'COMPLETADO', amountCents: 125050, feeCents: 12505 });
    expect((await chatMessages(proposal.chatId)).map((m) => m.type)).toEqual(['2', '10']);
    expect((await profileOf(lawyer.id))?.activeCases).toBe(1);

    // the lawyer moves the timeline forward only
    const step4 = await call(lawyer.token, 'PUT', `/api/cases/${fresh.id}/progress`, { progressStep: 4 });
    expect(step4.statusCode).toBe(200);
    expect(step4.json().data.progressStep).toBe(4);
    const back = await call(lawyer.token, 'PUT', `/api/cases/${fresh.id}/progress`, { progressStep: 3 });
    expect(back.statusCode).toBe(409);
    expect(back.json().error).toMatchObject({ code: 'INVALID_TRANSITION', message: es.cases.stepBackwards });
    const tooFar = await call(lawyer.token, 'PUT', `/api/cases/${fresh.id}/progress`, { progressStep: 7 });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json().error.fields.progressStep).toBe(es.cases.invalidStep);

    const close = await call(lawyer.token, 'POST', `/api/cases/close-case/${fresh.id}`);
    expect(close.statusCode).toBe(200);
    expect(close.json().data.closureRequested).toBe(true);
    expect((await call(lawyer.token, 'POST', `/api/cases/close-case/${fresh.id}`)).statusCode).toBe(409);

    const confirmed = await call(
      client.token,
      'POST',
      `/api/cases/confirm-close-case/${fresh.id}/${proposal.chatId}`,
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      status: 'FINALIZADO',
      progressStep: 7,
      closureRequested: false,
    });
    expect(confirmed.json().data.finishDate).not.toBeNull();
    expect((await chatMessages(proposal.chatId)).map((m) => m.type)).toEqual(['2', '10', '8', '5', '7', '9']);
    const profile = await profileOf(lawyer.id);
    expect(profile).toMatchObject({ activeCases: 0, finishedCases: 1 });

    // the rating prompt is for the client only
    const lawyerHistory = await call(lawyer.token, 'GET', `/api/chat/${client.id}/${lawyer.id}`);
    expect(lawyerHistory.json().data.messages.map((m: { type: string }) => m.type)).not.toContain('9');

    const wrongLawyer = await call(client.token, 'POST', '/api/rating/new-rating', {
      caseId: fresh.id,
      lawyerId: client.id,
      stars: 4,
    });
    expect(wrongLawyer.statusCode).toBe(400);
    expect(wrongLawyer.json().error).toMatchObject({
      message: es.ratings.notTheLawyer,
      fields: { lawyerId: es.ratings.notTheLawyer },
    });
    const rated = await call(client.token, 'POST', '/api/rating/new-rating', {
      caseId: fresh.id,
      lawyerId: lawyer.id,
      stars: 4,
      title: 'Muy resolutiva',
      description: 'Todo en plazo.',
    });
    expect(rated.statusCode).toBe(200);
    expect(rated.json().data).toMatchObject({ stars: 4, lawyerId: lawyer.id, caseId: fresh.id });
    // the answer is the stored rating, date included
    const written = (await call(client.token, 'GET', `/api/rating/user-rating/${client.id}`)).json().data;
    expect(written.find((r: { id: string }) => r.id === rated.json().data.id)).toMatchObject(
      rated.json().data,
    );
    const twice = await call(client.token, 'POST', '/api/rating/new-rating', { caseId: fresh.id, stars: 5 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(es.ratings.alreadyRated);
    const detail = (await call(client.token, 'GET', `/api/lawyers/lawyer/detail/${lawyer.id}`)).json().data;
    expect(detail.lawyer).toMatchObject({ rating: 4, totalRatings: 1 });
    expect((await call(client.token, 'GET', `/api/cases/user/case/${fresh.id}`)).json().data.ratingId).toBe(
      rated.json().data.id,
    );
  });
});

describe('transitions the state machine refuses (409)', () => {
  it('approving or discarding twice, proposing on an unpublished or taken case, rating an unfinished one', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const pending = await newCase(client);
    // a lawyer cannot see a case awaiting validation at all
    expect((await propose(lawyer, pending.id)).statusCode).toBe(404);
    expect(
      (await call(adminToken, 'POST', `/api/admin/cases/${pending.id}/discard`, { reason: 'Spam' }))
        .statusCode,
    ).toBe(200);
    const approveDiscarded = await call(adminToken, 'POST', `/api/admin/cases/${pending.id}/approve`, {
      category: 'Abogado Civil',
    });
    expect(approveDiscarded.statusCode).toBe(409);
    expect(approveDiscarded.json().error.code).toBe('INVALID_TRANSITION');

    const { caseId, client: owner, lawyer: assigned } = await activeCase();
    expect(
      (await call(adminToken, 'POST', `/api/admin/cases/${caseId}/approve`, { category: 'Abogado Civil' }))
        .statusCode,
    ).toBe(409);
    const late = await propose(lawyer, caseId);
    expect(late.statusCode).toBe(404);
    const early = await call(owner.token, 'POST', '/api/rating/new-rating', { caseId, stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('INVALID_TRANSITION');
    // closing needs a request first
    const noRequest = await call(owner.token, 'POST', `/api/cases/discard-close-case/${caseId}`);
    expect(noRequest.statusCode).toBe(409);
    expect(noRequest.json().error.message).toBe(es.cases.closureNotRequested);
    expect((await call(assigned.token, 'POST', `/api/cases/close-case/${caseId}`)).statusCode).toBe(200);
    const discarded = await call(owner.token, 'POST', `/api/cases/discard-close-case/${caseId}`);
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().data).toMatchObject({ status: 'ACTIVO', closureRequested: false });
  });

  it('a second acceptance of a proposal is refused; a cancelled checkout lets the client accept again', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const caseId = await publishedCase(client);
    const proposal = (await propose(lawyer, caseId, 120)).json().data;
    const first = await accept(client, proposal.id);
    const second = await call(client.token, 'POST', `/api/proposal/accept-proposal/${proposal.id}`);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('INVALID_TRANSITION');

    const cancelled = await call(client.token, 'POST', `/payment/sandbox/${first}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/payment-error?reason=cancelled');
    const again = await accept(client, proposal.id);
    expect(again).not.toBe(first);
    // the cancelled checkout cannot be paid any more
    expect((await pay(client, first)).headers.location).toBe('/payment-error');
    expect((await caseRow(caseId))?.status).toBe('PENDIENTE DE ASIGNACIÓN');
  });
});

describe('who may do what', () => {
  it('answers 401 to anonymous callers and 403 to the wrong role', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const someId = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call(null, 'POST', '/api/cases/new-case', { title: 'a', description: 'b' })).statusCode,
    ).toBe(401);
    expect((await call(null, 'GET', '/api/cases/pending-cases')).statusCode).toBe(401);
    expect(
      (await call(lawyer.token, 'POST', '/api/cases/new-case', { title: 'a', description: 'b' })).statusCode,
    ).toBe(403);
    expect((await call(client.token, 'GET', '/api/cases/pending-cases')).statusCode).toBe(403);
    expect(
      (
        await call(client.token, 'POST', `/api/proposal/create-proposal-to-case/${someId}`, {
          price: 1,
          message: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(lawyer.token, 'POST', `/api/proposal/accept-proposal/${someId}`)).statusCode).toBe(
      403,
    );
    expect(
      (await call(client.token, 'POST', `/api/admin/cases/${someId}/approve`, { category: 'Abogado Civil' }))
        .statusCode,
    ).toBe(403);
    expect((await call(lawyer.token, 'GET', '/api/admin/cases')).statusCode).toBe(403);
  });

  it("hides other people's cases, lists and proposals", async () => {
    const { caseId, client, lawyer, chatId, proposalId } = await activeCase();
    const stranger = await person('client');
    const otherLawyer = await person('lawyer');
    for (const who of [stranger, otherLawyer]) {
      const res = await call(who.token, 'GET', `/api/cases/user/case/${caseId}`);
      expect(res.statusCode).toBe(404);
    }
    expect((await call(stranger.token, 'GET', `/api/cases/user/${client.id}`)).statusCode).toBe(403);
    expect((await call(otherLawyer.token, 'GET', `/api/cases/lawyer/${lawyer.id}`)).statusCode).toBe(403);
    expect(
      (await call(otherLawyer.token, 'PUT', `/api/cases/${caseId}/progress`, { progressStep: 5 })).statusCode,
    ).toBe(404);
    expect((await call(otherLawyer.token, 'POST', `/api/cases/close-case/${caseId}`)).statusCode).toBe(404);
    expect(
      (await call(stranger.token, 'POST', `/api/cases/confirm-close-case/${caseId}/${chatId}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(stranger.token, 'POST', `/api/proposal/reject-proposal/${proposalId}/${chatId}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(stranger.token, 'POST', '/api/rating/new-rating', { caseId, stars: 5 })).statusCode,
    ).toBe(404);

    // the owners and an admin see it; lists hold it
    expect((await call(client.token, 'GET', `/api/cases/user/case/${caseId}`)).statusCode).toBe(200);
    expect((await call(lawyer.token, 'GET', `/api/cases/user/case/${caseId}`)).statusCode).toBe(200);
    expect((await call(adminToken, 'GET', `/api/cases/user/case/${caseId}`)).statusCode).toBe(200);
    const mine = (await call(client.token, 'GET', `/api/cases/user/${client.id}?status=ACTIVO`)).json();
    expect(mine.meta.total).toBe(1);
    expect(mine.data[0].id).toBe(caseId);
    const theirs = (await call(lawyer.token, 'GET', `/api/cases/lawyer/${lawyer.id}`)).json();
    expect(theirs.data.map((c: { id: string }) => c.id)).toContain(caseId);
    expect(theirs.data[0].myProposal).toMatchObject({ id: proposalId, status: 'PAGADA', price: 300 });
    const none = (await call(client.token, 'GET', `/api/cases/user/${client.id}?status=FINALIZADO`)).json();
    expect(none).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('input the server refuses (400)', () => {
  it('checks case and proposal fields with their Spanish wording', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const blank = await call(client.token, 'POST', '/api/cases/new-case', { title: '   ', description: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields).toMatchObject({
      title: es.cases.titleRequired,
      description: es.cases.descriptionRequired,
    });
    const long = await call(client.token, 'POST', '/api/cases/new-case', {
      title: 'Largo',
      description: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.description).toBe(es.validation.descriptionTooLong);
    const forged = await call(client.token, 'POST', '/api/cases/new-case', {
      title: 'Mío',
      description: 'Mío',
      userId: (await person('client')).id,
    });
    expect(forged.statusCode).toBe(403);

    const caseId = await publishedCase(client);
    for (const price of [0, -5, 12.345, 'doce', null]) {
      const res = await propose(lawyer, caseId, price as number);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.price).toBe(es.validation.price);
    }
    const noMessage = await propose(lawyer, caseId, 100, '  ');
    expect(noMessage.json().error.fields.message).toBe(es.proposals.messageRequired);
    const stars = await call(client.token, 'POST', '/api/rating/new-rating', { caseId, stars: 6 });
    expect(stars.statusCode).toBe(400);
    expect(stars.json().error.fields.stars).toBe(es.ratings.starsRequired);
    const badCategory = await call(adminToken, 'POST', `/api/admin/cases/${caseId}/approve`, {
      category: 'Abogado Pirata',
    });
    expect(badCategory.statusCode).toBe(400);
  });
});

describe('a case addressed to one lawyer', () => {
  it('opens the chat, skips the board, and only that lawyer may propose once it is validated', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const other = await person('lawyer');
    const res = await call(client.token, 'POST', '/api/cases/create-case-chat', {
      lawyerId: lawyer.id,
      title: 'Despido improcedente',
      description: 'Me han despedido sin preaviso.',
    });
    expect(res.statusCode).toBe(200);
    const { case: addressed, chatId } = res.json().data;
    expect(addressed).toMatchObject({
      status: 'PENDIENTE DE VALIDACIÓN',
      category: 'Por calificar',
      chatId,
      chatWith: lawyer.id,
      addressedLawyerName: `${lawyer.name} ${lawyer.surname}`,
    });
    expect((await chatMessages(chatId)).map((m) => m.type)).toEqual(['8']);
    // the addressed lawyer sees it in their cases but cannot propose before validation
    const theirs = (await call(lawyer.token, 'GET', `/api/cases/lawyer/${lawyer.id}`)).json().data;
    expect(theirs.map((c: { id: string }) => c.id)).toContain(addressed.id);
    expect((await propose(lawyer, addressed.id)).statusCode).toBe(409);

    await call(adminToken, 'POST', `/api/admin/cases/${addressed.id}/approve`, {
      category: 'Abogado Laboral',
    });
    const board = (await call(other.token, 'GET', '/api/cases/pending-cases?pageSize=100')).json().data;
    expect(board.map((c: { id: string }) => c.id)).not.toContain(addressed.id);
    expect((await propose(other, addressed.id)).statusCode).toBe(404);
    expect((await propose(lawyer, addressed.id)).statusCode).toBe(200);
    // the approval notice (type 11) is the client's only
    const types = (await chatMessages(chatId)).map((m) => m.type);
    expect(types).toEqual(['8', '11', '2']);

    const unverified = await createLawyer(t.app, { verified: false });
    const refused = await call(client.token, 'POST', '/api/cases/create-case-chat', {
      lawyerId: unverified.id,
      title: 'x',
      description: 'y',
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe('rejections and discards', () => {
  it('a rejected proposal tells both; the wrong chat id hides it', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const caseId = await publishedCase(client);
    const proposal = (await propose(lawyer, caseId, 80)).json().data;
    const wrongChat = await call(
      client.token,
      'POST',
      `/api/proposal/reject-proposal/${proposal.id}/${caseId}`,
    );
    expect(wrongChat.statusCode).toBe(404);
    const rejected = await call(
      client.token,
      'POST',
      `/api/proposal/reject-proposal/${proposal.id}/${proposal.chatId}`,
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.status).toBe('RECHAZADA');
    const last = (await chatMessages(proposal.chatId)).at(-1);
    expect(last).toMatchObject({ type: '8', senderId: null, text: es.caseMessages.proposalRejected('80 €') });
    expect(
      (await call(client.token, 'POST', `/api/proposal/reject-proposal/${proposal.id}/${proposal.chatId}`))
        .statusCode,
    ).toBe(409);
    // after a rejection the lawyer may propose again
    expect((await propose(lawyer, caseId, 70)).statusCode).toBe(200);
  });

  it('a discarded case keeps its reason, is audited and mailed', async () => {
    const client = await person('client');
    const pending = await newCase(client, 'Caso dudoso');
    const res = await call(adminToken, 'POST', `/api/admin/cases/${pending.id}/discard`, {
      reason: 'No es un asunto legal.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('DESCARTADO');
    const [row] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, pending.id), eq(auditLog.action, 'case.discard')));
    expect(row?.reason).toBe('No es un asunto legal.');
    await t.app.notifications.drainOutbox();
    expect(
      outbox(t.config.dataDir).some(
        (m) =>
          m.raw.includes(client.mail) &&
          decodeQuotedPrintable(m.raw).includes('Motivo: No es un asunto legal.'),
      ),
    ).toBe(true);
    const queue = (await call(adminToken, 'GET', '/api/admin/cases?status=DESCARTADO')).json();
    expect(queue.data.map((c: { id: string }) => c.id)).toContain(pending.id);
  });

  it("the case's answer carries the discard reason to its client, not to the lawyer it was addressed to", async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const created = await call(client.token, 'POST', '/api/cases/create-case-chat', {
      lawyerId: lawyer.id,
      title: 'Consulta repetida',
      description: 'La misma consulta que ya envié.',
    });
    const caseId = created.json().data.case.id as string;
    expect(created.json().data.case.discardReason).toBeNull();
    const reason = 'Caso duplicado: continúa en el que ya tienes abierto.';
    const discarded = await call(adminToken, 'POST', `/api/admin/cases/${caseId}/discard`, { reason });
    expect(discarded.json().data).toMatchObject({ status: 'DESCARTADO', discardReason: reason });
    const forClient = await call(client.token, 'GET', `/api/cases/user/case/${caseId}`);
    expect(forClient.statusCode).toBe(200);
    expect(forClient.json().data).toMatchObject({ status: 'DESCARTADO', discardReason: reason });
    const mine = (await call(client.token, 'GET', `/api/cases/user/${client.id}`)).json().data;
    expect(mine.find((c: { id: string }) => c.id === caseId)?.discardReason).toBe(reason);
    const theirs = (await call(lawyer.token, 'GET', `/api/cases/lawyer/${lawyer.id}`)).json().data as {
      id: string;
      discardReason: string | null;
    }[];
    expect(theirs.find((c) => c.id === caseId)).toMatchObject({ discardReason: null });
  });
});

describe('the client corrects or withdraws a case while it waits for validation', () => {
  it('edits the title and description with the same rules as a new case; once published, no more', async () => {
    const client = await person('client');
    const pending = await newCase(client, 'Fianza', 'El casero no devuelve.');
    const edited = await call(client.token, 'PUT', `/api/cases/${pending.id}`, {
      title: '  Fianza del piso de alquiler ',
      description: 'El casero no me devuelve la fianza de 900 € tras dejar el piso.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      status: 'PENDIENTE DE VALIDACIÓN',
      title: 'Fianza del piso de alquiler',
      description: 'El casero no me devuelve la fianza de 900 € tras dejar el piso.',
    });
    const blank = await call(client.token, 'PUT', `/api/cases/${pending.id}`, {
      title: '  ',
      description: 'x',
    });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json())).toContain(es.cases.titleRequired);
    const long = await call(client.token, 'PUT', `/api/cases/${pending.id}`, {
      title: 'Fianza',
      description: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
    // another client's case is not theirs to see
    const other = await person('client');
    const foreign = await call(other.token, 'PUT', `/api/cases/${pending.id}`, {
      title: 'Mío',
      description: 'Ahora es mío.',
    });
    expect(foreign.statusCode).toBe(404);

    await call(adminToken, 'POST', `/api/admin/cases/${pending.id}/approve`, { category: 'Abogado Civil' });
    const late = await call(client.token, 'PUT', `/api/cases/${pending.id}`, {
      title: 'Otro título',
      description: 'Otra descripción.',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('INVALID_TRANSITION');
  });

  it('a withdrawn case ends discarded with the reason, leaves the review queue and tells the addressed lawyer', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const created = await call(client.token, 'POST', '/api/cases/create-case-chat', {
      lawyerId: lawyer.id,
      title: 'Herencia de mi tía',
      description: 'Quiero saber si me conviene aceptar la herencia.',
    });
    const { case: addressed, chatId } = created.json().data;
    const withdrawn = await call(client.token, 'POST', `/api/cases/${addressed.id}/withdraw`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({
      status: 'DESCARTADO',
      discardReason: es.cases.withdrawnReason,
    });
    const last = (await chatMessages(chatId)).at(-1);
    expect(last).toMatchObject({
      type: MESSAGE_TYPE.NOTICE,
      senderId: null,
      text: es.caseMessages.withdrawn('Herencia de mi tía'),
    });
    const queue = (
      await call(adminToken, 'GET', '/api/admin/cases?status=PENDIENTE%20DE%20VALIDACI%C3%93N&pageSize=100')
    ).json();
    expect(queue.data.map((c: { id: string }) => c.id)).not.toContain(addressed.id);
    const approve = await call(adminToken, 'POST', `/api/admin/cases/${addressed.id}/approve`, {
      category: 'Abogado Civil',
    });
    expect(approve.statusCode).toBe(409);
    expect((await call(client.token, 'POST', `/api/cases/${addressed.id}/withdraw`)).statusCode).toBe(409);
  });
});

describe('at the same time', () => {
  it("two lawyers' proposals paid at once: one wins, the other is refused or refunded", async () => {
    const client = await person('client');
    const first = await person('lawyer');
    const second = await person('lawyer');
    const caseId = await publishedCase(client);
    const a = (await propose(first, caseId, 100)).json().data;
    const b = (await propose(second, caseId, 110)).json().data;
    const [sessionA, sessionB] = [await accept(client, a.id), await accept(client, b.id)];
    const answers = await Promise.all([pay(client, sessionA), pay(client, sessionB)]);
    expect(answers.map((r) => r.headers.location).sort()).toEqual(['/payment-error', '/payment-success']);
    const row = await caseRow(caseId);
    expect(row?.status).toBe('ACTIVO');
    const rows = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
    // the loser's 'Pagar' either found its checkout closed (no money taken) or raced past that check and
    // had its money given back at once
    const loser = rows.find((p) => p.status !== 'COMPLETADO');
    expect(rows.filter((p) => p.status === 'COMPLETADO')).toHaveLength(1);
    expect(['CANCELADO', 'REEMBOLSADO']).toContain(loser?.status);
    if (loser?.status === 'REEMBOLSADO') expect(loser.providerRefundId).toMatch(/^sbx_re_/);
    const winner = rows.find((p) => p.status === 'COMPLETADO');
    expect(row?.lawyerId).toBe(winner?.lawyerId);
    const states = await t.app.db.select().from(proposals).where(eq(proposals.caseId, caseId));
    expect(states.map((p) => p.status).sort()).toEqual(['PAGADA', 'RECHAZADA']);
  });

  it('two checkouts for one case: the first paid closes the other, whose Pagar takes nothing; money still arriving is refunded', async () => {
    const client = await person('client');
    // one of the prices is above 400 €: the client has given fiscal data (docs/invoices.md)
    await createFiscalProfile(t.app, client.id);
    const first = await person('lawyer');
    const second = await person('lawyer');
    const caseId = await publishedCase(client);
    const a = (await propose(first, caseId, 300)).json().data;
    const b = (await propose(second, caseId, 550)).json().data;
    const [sessionA, sessionB] = [await accept(client, a.id), await accept(client, b.id)];
    expect((await pay(client, sessionA)).headers.location).toBe('/payment-success');

    const sandbox = t.app.payments.provider as SandboxProvider;
    const [other] = await t.app.db.select().from(payments).where(eq(payments.providerSessionId, sessionB));
    expect(other?.status).toBe('CANCELADO');
    expect(sandbox.charge(sessionB)).toBeNull();
    expect((await pay(client, sessionB)).headers.location).toBe('/payment-error');
    expect(sandbox.refunds.filter((refund) => refund.paymentId === other?.id)).toEqual([]);

    // a confirmation that still arrives for it (a provider's late one) is given back at once
    const late = await t.app.payments.complete({
      provider: 'sandbox',
      sessionId: sessionB,
      providerPaymentId: 'sbx_pi_late',
    });
    expect(late.status).toBe('refunded');
    const [refunded] = await t.app.db.select().from(payments).where(eq(payments.providerSessionId, sessionB));
    expect(refunded).toMatchObject({
      status: 'REEMBOLSADO',
      providerRefundId: expect.stringMatching(/^sbx_re_/),
    });
    expect(sandbox.refunds.filter((refund) => refund.paymentId === other?.id)).toMatchObject([
      { providerPaymentId: 'sbx_pi_late', amountCents: 55_000 },
    ]);
    const notices = (await chatMessages(b.chatId)).filter((m) => m.type === MESSAGE_TYPE.CLIENT_NOTICE);
    expect(notices.map((m) => m.text)).toEqual([
      es.caseMessages.refunded(caseCode(caseId), formatEuros(550)),
    ]);
    expect(
      (await sentMails(t.app)).some(
        (m) => m.raw.includes(client.mail) && readMail(m.raw).subject?.startsWith('Te hemos devuelto'),
      ),
    ).toBe(true);
    expect((await caseRow(caseId))?.lawyerId).toBe(first.id);
  });

  it('the same payment confirmed many times at once records one payment', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const caseId = await publishedCase(client);
    const proposal = (await propose(lawyer, caseId, 60)).json().data;
    const session = await accept(client, proposal.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(client, session)));
    expect(answers.every((r) => r.headers.location === '/payment-success')).toBe(true);
    const rows = await t.app.db.select().from(payments).where(eq(payments.caseId, caseId));
    expect(rows.filter((p) => p.status === 'COMPLETADO')).toHaveLength(1);
    expect((await chatMessages(proposal.chatId)).filter((m) => m.type === '10')).toHaveLength(1);
    expect((await profileOf(lawyer.id))?.activeCases).toBe(1);
  });

  it('a double click on confirm closure finishes the case once', async () => {
    const { caseId, client, lawyer, chatId } = await activeCase();
    await call(lawyer.token, 'POST', `/api/cases/close-case/${caseId}`);
    const answers = await Promise.all([
      call(client.token, 'POST', `/api/cases/confirm-close-case/${caseId}/${chatId}`),
      call(client.token, 'POST', `/api/cases/confirm-close-case/${caseId}/${chatId}`),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await chatMessages(chatId)).filter((m) => m.type === '7')).toHaveLength(1);
    expect(await profileOf(lawyer.id)).toMatchObject({ activeCases: 0, finishedCases: 1 });
  });

  it('two ratings at once: one is stored', async () => {
    const { caseId, client, lawyer, chatId } = await activeCase();
    await call(lawyer.token, 'POST', `/api/cases/close-case/${caseId}`);
    await call(client.token, 'POST', `/api/cases/confirm-close-case/${caseId}/${chatId}`);
    const answers = await Promise.all(
      [5, 3].map((stars) => call(client.token, 'POST', '/api/rating/new-rating', { caseId, stars })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await profileOf(lawyer.id))?.ratingCount).toBe(1);
  });
});

describe('the board', () => {
  it('finds words with or without accents, ignores stop words, and sorts by the lowest proposal', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const other = await person('lawyer');
    const token = `t${Date.now().toString(36)}`;
    const a = await publishedCase(client, `Reclamación de fianza ${token}`);
    const b = await publishedCase(client, `Fianza del piso ${token}`);
    const ids = async (query: string) =>
      (await call(lawyer.token, 'GET', `/api/cases/pending-cases?pageSize=100&${query}`))
        .json()
        .data.map((c: { id: string }) => c.id);
    expect(await ids(`search=reclamacion ${token}`)).toEqual([a]);
    expect(await ids(`search=RECLAMACIÓN ${token}`)).toEqual([a]);
    expect((await ids(`search=fianza del piso ${token}`)).sort()).toEqual([b].sort());
    expect((await ids(`search=fian ${token}`)).sort()).toEqual([a, b].sort());

    expect((await propose(lawyer, a, 300)).statusCode).toBe(200);
    expect((await propose(other, a, 120)).statusCode).toBe(200);
    expect((await propose(lawyer, b, 200)).statusCode).toBe(200);
    const cheapest = (
      await call(lawyer.token, 'GET', `/api/cases/pending-cases?search=${token}&sort=price_asc`)
    ).json();
    expect(cheapest.data.map((c: { id: string }) => c.id)).toEqual([a, b]);
    expect(cheapest.data[0]).toMatchObject({
      proposalsCount: 2,
      lowestProposal: 120,
      myProposal: { price: 300 },
    });
    const dearest = (
      await call(lawyer.token, 'GET', `/api/cases/pending-cases?search=${token}&sort=price_desc`)
    ).json();
    expect(dearest.data.map((c: { id: string }) => c.id)).toEqual([b, a]);
    expect(dearest.meta).toMatchObject({ total: 2, totalIsExact: true });
  });

  it('sorts cases as cases: oldest first, and fewest proposals first (newest first among equals)', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const other = await person('lawyer');
    const token = `s${Date.now().toString(36)}`;
    const first = await publishedCase(client, `Herencia ${token}`);
    const second = await publishedCase(client, `Despido ${token}`);
    const third = await publishedCase(client, `Multa ${token}`);
    expect((await propose(lawyer, third, 200)).statusCode).toBe(200);
    expect((await propose(other, third, 150)).statusCode).toBe(200);
    expect((await propose(lawyer, first, 300)).statusCode).toBe(200);
    const ids = async (sort: string) => {
      const res = await call(lawyer.token, 'GET', `/api/cases/pending-cases?search=${token}&sort=${sort}`);
      expect(res.statusCode).toBe(200);
      return res.json().data.map((c: { id: string }) => c.id);
    };
    expect(await ids('recent')).toEqual([third, second, first]);
    expect(await ids('oldest')).toEqual([first, second, third]);
    expect(await ids('proposals_asc')).toEqual([second, first, third]);
    // a broad request walks the sort's index instead of sorting the matches: the same order
    const broad = createBoardRepository(t.app.db, { countLimit: 1 });
    const page = (sort: 'oldest' | 'proposals_asc') =>
      broad.board({ search: token, sort, page: 1, pageSize: 20 }, { limit: 20, offset: 0 });
    expect((await page('oldest')).rows.map((row) => row.id)).toEqual([first, second, third]);
    expect((await page('proposals_asc')).rows.map((row) => row.id)).toEqual([second, first, third]);

    const unknown = await call(lawyer.token, 'GET', '/api/cases/pending-cases?sort=rating');
    expect(unknown.statusCode).toBe(400);
  });

  it('counts its matches up to a limit, then says there are more and still pages the same', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const token = `c${Date.now().toString(36)}`;
    const older = await publishedCase(client, `Deuda de la comunidad ${token}`);
    const newer = await publishedCase(client, `Deuda del alquiler ${token}`);
    const query = { search: token, sort: 'recent' as const, page: 1, pageSize: 20 };
    const expected = (await call(lawyer.token, 'GET', `/api/cases/pending-cases?search=${token}`)).json();
    expect(expected.data.map((c: { id: string }) => c.id)).toEqual([newer, older]);

    const limited = createBoardRepository(t.app.db, { countLimit: 1 });
    const all = await limited.board(query, { limit: 20, offset: 0 });
    expect({ total: all.total, exact: all.exact }).toEqual({ total: 1, exact: false });
    expect(all.rows.map((row) => row.id)).toEqual([newer, older]);
    expect((await limited.board(query, { limit: 1, offset: 1 })).rows.map((row) => row.id)).toEqual([older]);

    const exact = createBoardRepository(t.app.db, { countLimit: 2 });
    const both = await exact.board(query, { limit: 20, offset: 0 });
    expect({ total: both.total, exact: both.exact }).toEqual({ total: 2, exact: true });
    expect(both.rows.map((row) => row.id)).toEqual([newer, older]);
    expect((await exact.board(query, { limit: 20, offset: 20 })).rows).toEqual([]);
  });
});

describe('creating a case with an Idempotency-Key', () => {
  const create = (
    who: Person,
    key?: string,
    url = '/api/cases/new-case',
    payload?: Record<string, unknown>,
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(who.token), ...(key ? { 'idempotency-key': key } : {}) },
      payload: payload ?? { title: 'Despido improcedente', description: 'Me despidieron sin causa.' },
    });
  const casesOf = (userId: string) => t.app.db.select().from(cases).where(eq(cases.userId, userId));

  it('a retried creation answers the first case, even two at once; another key or person makes a new one', async () => {
    const client = await person('client');
    const key = `crear-${Date.now()}`;
    const [x, y] = await Promise.all([create(client, key), create(client, key)]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    expect(y.json().data.id).toBe(x.json().data.id);
    const again = await create(client, key);
    expect(again.json().data).toEqual(x.json().data);
    expect(await casesOf(client.id)).toHaveLength(1);

    expect((await create(client, `${key}-otra`)).json().data.id).not.toBe(x.json().data.id);
    const other = await person('client');
    expect((await create(other, key)).json().data.userId).toBe(other.id);
    // without a key every creation is a new case, as before
    await create(client);
    await create(client);
    expect(await casesOf(client.id)).toHaveLength(4);

    // after 24 hours the key is free again
    await t.app.db
      .update(caseCreationKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(caseCreationKeys.userId, client.id));
    expect((await create(client, key)).json().data.id).not.toBe(x.json().data.id);

    const bad = await create(client, 'con espacios');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { 'idempotency-key': es.cases.idempotencyKey },
    });
  });

  it('a retried case for a lawyer answers the first case and chat, told once', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const payload = { title: 'Herencia', description: 'Tres hermanos sin testamento.', lawyerId: lawyer.id };
    const first = await create(client, 'caso-para-lucia-1', '/api/cases/create-case-chat', payload);
    const retry = await create(client, 'caso-para-lucia-1', '/api/cases/create-case-chat', payload);
    expect(first.statusCode).toBe(200);
    expect(retry.json().data).toEqual(first.json().data);
    expect(await casesOf(client.id)).toHaveLength(1);
    const told = (await chatMessages(first.json().data.chatId)).filter((m) => m.type === MESSAGE_TYPE.NOTICE);
    expect(told).toHaveLength(1);
  });
});
