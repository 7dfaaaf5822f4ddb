import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { chats } from '../src/db/schema/index.ts';
import { buildTestApp } from './app.ts';
import {
  bearer,
  createAdmin,
  createLawyer,
  createUser,
  SANDBOX_PAYOUT_DETAILS,
  signIn,
} from './factories.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
export type Person = { id: string; headers: { authorization: string } };

/** People and paid cases for the money tests (docs/money.md), through the real routes. */
export function moneyHelpers(current: () => TestApp) {
  const app = () => current().app;

  async function person(kind: 'client' | 'lawyer' | 'admin'): Promise<Person> {
    const user =
      kind === 'client'
        ? await createUser(app())
        : kind === 'lawyer'
          ? await createLawyer(app())
          : await createAdmin(app());
    return { id: user.id, headers: bearer(await signIn(app(), user)) };
  }

  /** `lawyer` proposes `price` euros for the case: the proposal's id. */
  async function propose(lawyer: Person, caseId: string, price: number) {
    const proposal = await app().inject({
      method: 'POST',
      url: `/api/proposal/create-proposal-to-case/${caseId}`,
      headers: lawyer.headers,
      payload: { price, message: 'Me encargo yo.' },
    });
    expect(proposal.statusCode, proposal.body).toBe(200);
    return proposal.json().data.id as string;
  }

  /** The client accepts the proposal: its checkout session. */
  async function accept(client: Person, proposalId: string) {
    const accepted = await app().inject({
      method: 'POST',
      url: `/api/proposal/accept-proposal/${proposalId}`,
      headers: client.headers,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    return new URL(accepted.json().data).pathname.split('/').pop() as string;
  }

  /** An administrator decides a dispute: the answer. */
  const resolveDispute = (
    admin: Person,
    disputeId: string,
    decision: { outcome: 'release' | 'refund'; note: string; amount?: number },
  ) =>
    app().inject({
      method: 'POST',
      url: `/api/admin/disputes/${disputeId}/resolve`,
      headers: admin.headers,
      payload: decision,
    });

  /** A case of `client`, approved by `admin`: open to proposals. */
  async function publishedCase(client: Person, admin: Person) {
    const created = await app().inject({
      method: 'POST',
      url: '/api/cases/new-case',
      headers: client.headers,
      payload: { title: 'Reclamación de una fianza', description: 'El casero no devuelve la fianza.' },
    });
    const caseId = created.json().data.id as string;
    await app().inject({
      method: 'POST',
      url: `/api/admin/cases/${caseId}/approve`,
      headers: admin.headers,
      payload: { category: 'Abogado Civil' },
    });
    return caseId;
  }

  /** A published case of `client` with a proposal of `lawyer` at `price` euros, accepted: its checkout. */
  async function accepted(client: Person, lawyer: Person, admin: Person, price: number) {
    const caseId = await publishedCase(client, admin);
    const proposalId = await propose(lawyer, caseId, price);
    const sessionId = await accept(client, proposalId);
    return { caseId, proposalId, sessionId };
  }

  /** The same, paid through the sandbox (its charge id is what refunds give back). */
  async function paidCase(client: Person, lawyer: Person, admin: Person, price: number) {
    const checkout = await accepted(client, lawyer, admin, price);
    const paid = await app().payments.payInSandbox(checkout.sessionId);
    expect(paid.status).toBe('completed');
    return checkout;
  }

  async function pairChat(client: Person, lawyer: Person) {
    const [row] = await app()
      .db.select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.userId, client.id), eq(chats.lawyerId, lawyer.id)));
    return row?.id as string;
  }

  const requestClosure = (lawyer: Person, caseId: string) =>
    app().inject({ method: 'POST', url: `/api/cases/close-case/${caseId}`, headers: lawyer.headers });

  const confirmClosure = async (client: Person, lawyer: Person, caseId: string) =>
    app().inject({
      method: 'POST',
      url: `/api/cases/confirm-close-case/${caseId}/${await pairChat(client, lawyer)}`,
      headers: client.headers,
    });

  /** The lawyer sets up the sandbox payout account and submits its page. */
  async function enablePayouts(lawyer: Person) {
    const link = await app().inject({
      method: 'POST',
      url: '/api/payouts/account/onboarding',
      headers: lawyer.headers,
    });
    expect(link.statusCode, link.body).toBe(200);
    const id = (link.json().data.url as string).split('/').pop() as string;
    const done = await app().inject({
      method: 'POST',
      url: `/api/payouts/sandbox/${id}/complete`,
      headers: lawyer.headers,
      payload: SANDBOX_PAYOUT_DETAILS,
    });
    expect(done.statusCode, done.body).toBe(200);
    return id;
  }

  /** The ledger check answers balanced, and names what is not when it is not. */
  async function expectBalanced(admin: Person) {
    const check = await app().inject({
      method: 'GET',
      url: '/api/admin/ledger/check',
      headers: admin.headers,
    });
    expect(check.statusCode).toBe(200);
    expect(check.json().data.problems).toEqual([]);
    expect(check.json().data.balanced).toBe(true);
    return check.json().data;
  }

  /** An administrator's refund of `amount` euros (all that is left without one): the answer. */
  const refund = (admin: Person, paymentId: string, reason: string, amount?: number) =>
    app().inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refund`,
      headers: admin.headers,
      payload: amount === undefined ? { reason } : { amount, reason },
    });

  const get = async (who: Person, url: string) => {
    const res = await app().inject({ method: 'GET', url, headers: who.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  return {
    person,
    publishedCase,
    propose,
    accept,
    resolveDispute,
    accepted,
    paidCase,
    pairChat,
    requestClosure,
    confirmClosure,
    enablePayouts,
    expectBalanced,
    refund,
    get,
  };
}

/**
 * A money test file's app, administrator and client, made before its tests and closed after them, with
 * the ledger checked balanced after each test.
 */
export function useMoneyApp() {
  const suite = {} as { t: TestApp; admin: Person; client: Person };
  const h = moneyHelpers(() => suite.t);
  beforeAll(async () => {
    suite.t = await buildTestApp();
    suite.admin = await h.person('admin');
    suite.client = await h.person('client');
  });
  afterAll(() => suite.t.close());
  afterEach(async () => {
    await h.expectBalanced(suite.admin);
  });
  return { suite, h };
}
