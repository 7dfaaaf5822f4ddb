import { caseCode } from '@l4l/shared/constants/cases';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import type { ChatMessage } from '@l4l/shared/schemas/chat';
import { es } from '@l4l/shared/texts/es';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createAdmin, createLawyer, createUser, signIn } from '../../../test/factories.ts';

/**
 * What the screens read about proposals: the case a proposal card names and the fee it shows the lawyer,
 * the reason a client may give when rejecting one, and the client's contact data once a case is paid.
 */

let t: Awaited<ReturnType<typeof buildTestApp>>;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await signIn(t.app, await createAdmin(t.app));
});
afterAll(async () => t.close());

const post = (token: string, url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function person(kind: 'client' | 'lawyer') {
  const user =
    kind === 'client'
      ? await createUser(t.app, { name: 'Marta', surname: 'Ruiz Gómez', phoneNumber: '698765432' })
      : await createLawyer(t.app);
  return { ...user, token: await signIn(t.app, user) };
}
type Person = Awaited<ReturnType<typeof person>>;

/** A case the client addressed to the lawyer from their profile, approved: open to that lawyer's proposal. */
async function addressedCase(client: Person, lawyer: Person, title: string) {
  const created = await post(client.token, '/api/cases/create-case-chat', {
    title,
    description: 'El casero no me devuelve la fianza.',
    lawyerId: lawyer.id,
  });
  expect(created.statusCode).toBe(200);
  const caseId: string = created.json().data.case.id;
  const approved = await post(adminToken, `/api/admin/cases/${caseId}/approve`, {
    category: 'Abogado Civil',
  });
  expect(approved.statusCode).toBe(200);
  return caseId;
}

async function propose(lawyer: Person, caseId: string, price: number) {
  const res = await post(lawyer.token, `/api/proposal/create-proposal-to-case/${caseId}`, {
    price,
    message: 'Me encargo de todo.',
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; chatId: string };
}

async function history(viewer: Person, client: Person, lawyer: Person): Promise<ChatMessage[]> {
  const res = await get(viewer.token, `/api/chat/${client.id}/${lawyer.id}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.messages;
}

describe('a proposal card in the chat', () => {
  it("names its case (title) and carries the platform's fee on its amount, for each of two cases", async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const first = await addressedCase(client, lawyer, 'Fianza del piso');
    const second = await addressedCase(client, lawyer, 'Bajante de la comunidad');
    await propose(lawyer, first, 350.5);
    await propose(lawyer, second, 200);

    const cards = (await history(lawyer, client, lawyer)).filter(
      (message) => message.type === MESSAGE_TYPE.PROPOSAL,
    );
    expect(cards).toHaveLength(2);
    // 10 % (PLATFORM_FEE_PERCENT's default) of 350,50 € is 35,05 €, and its IVA 7,36 € (7,3605 rounded):
    // the fee invoice's 42,41 €, kept from the 350,50 € (docs/money.md, The fee and its IVA)
    expect(cards[0]).toMatchObject({
      caseId: first,
      caseTitle: 'Fianza del piso',
      proposalAmount: 350.5,
      platformFee: 35.05,
      platformFeeVat: 7.36,
      platformFeeTotal: 42.41,
      lawyerReceives: 308.09,
    });
    expect(cards[1]).toMatchObject({ caseId: second, caseTitle: 'Bajante de la comunidad', platformFee: 20 });
    // other messages carry no fee
    const notices = (await history(client, client, lawyer)).filter(
      (message) => message.type !== MESSAGE_TYPE.PROPOSAL,
    );
    expect(notices.length).toBeGreaterThan(0);
    for (const notice of notices) expect(notice.platformFee).toBeNull();
  });
});

describe("rejecting a proposal with the client's reason", () => {
  it('stores the reason and the lawyer reads it in the chat and in the notification', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const caseId = await addressedCase(client, lawyer, 'Fianza del piso');
    const proposal = await propose(lawyer, caseId, 400);

    const rejected = await post(
      client.token,
      `/api/proposal/reject-proposal/${proposal.id}/${proposal.chatId}`,
      { reason: '  El precio se sale de mi presupuesto.  ' },
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({
      status: 'RECHAZADA',
      rejectReason: 'El precio se sale de mi presupuesto.',
    });

    const notice = (await history(lawyer, client, lawyer)).at(-1);
    expect(notice).toMatchObject({
      type: MESSAGE_TYPE.NOTICE,
      text: es.caseMessages.proposalRejected('400 €', 'El precio se sale de mi presupuesto.'),
    });
    const inbox = await get(lawyer.token, '/api/notifications');
    expect(inbox.statusCode).toBe(200);
    expect(JSON.stringify(inbox.json().data)).toContain('Motivo: El precio se sale de mi presupuesto.');
  });

  it('without a reason (no body, or a blank one) rejects as before', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const caseId = await addressedCase(client, lawyer, 'Fianza del piso');
    const proposal = await propose(lawyer, caseId, 400);
    const rejected = await post(
      client.token,
      `/api/proposal/reject-proposal/${proposal.id}/${proposal.chatId}`,
      { reason: '   ' },
    );
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data.rejectReason).toBeNull();
    expect((await history(lawyer, client, lawyer)).at(-1)?.text).toBe(
      es.caseMessages.proposalRejected('400 €'),
    );
  });

  it('refuses a reason over 500 characters, in Spanish, and leaves the proposal pending', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const caseId = await addressedCase(client, lawyer, 'Fianza del piso');
    const proposal = await propose(lawyer, caseId, 400);
    const refused = await post(
      client.token,
      `/api/proposal/reject-proposal/${proposal.id}/${proposal.chatId}`,
      { reason: 'a'.repeat(501) },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.reason).toBe(es.proposals.rejectReasonTooLong(500));
    const card = (await history(client, client, lawyer)).find(
      (message) => message.proposalId === proposal.id,
    );
    expect(card?.proposalStatus).toBe('PENDIENTE');
  });
});

describe("the client's contact data on the case", () => {
  it('reaches the case lawyer only once the case is paid, never another lawyer or the client', async () => {
    const client = await person('client');
    const lawyer = await person('lawyer');
    const caseId = await addressedCase(client, lawyer, 'Fianza del piso');
    const proposal = await propose(lawyer, caseId, 300);

    const before = await get(lawyer.token, `/api/cases/user/case/${caseId}`);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ clientMail: null, clientPhone: null });

    const accepted = await post(client.token, `/api/proposal/accept-proposal/${proposal.id}`);
    expect(accepted.statusCode).toBe(200);
    const sessionId = new URL(accepted.json().data).pathname.split('/').pop();
    expect((await post(client.token, `/payment/sandbox/${sessionId}/pay`)).statusCode).toBe(303);

    const after = await get(lawyer.token, `/api/cases/user/case/${caseId}`);
    expect(after.json().data).toMatchObject({
      status: 'ACTIVO',
      code: caseCode(caseId),
      userFullName: 'Marta Ruiz Gómez',
      clientMail: client.mail,
      clientPhone: '698765432',
    });
    const own = await get(client.token, `/api/cases/user/case/${caseId}`);
    expect(own.json().data).toMatchObject({ clientMail: null, clientPhone: null });
  });
});
