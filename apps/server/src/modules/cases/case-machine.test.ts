import { randomBytes } from 'node:crypto';
import { CASE_STATUS, CASE_STATUSES, type CaseStatus, STEP_BY_STATUS } from '@l4l/shared/constants/cases';
import { PROPOSAL_STATUS } from '@l4l/shared/constants/proposals';
import { ROLE } from '@l4l/shared/constants/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app.ts';
import { bearer, createAdmin, createLawyer, createUser, signIn } from '../../../test/factories.ts';
import { cases, chats, messages, payments, proposals } from '../../db/schema/index.ts';
import { CASE_MACHINE, type CaseActionName, type CaseActor, roleFor } from './case-machine.ts';

/**
 * Walks the case machine's table against the real app: every action a person takes, from every case
 * status, by every kind of caller. The allowed ones succeed and leave the status and messages the table
 * says; every other answers as the routes do: 401 without a session, 403 for a role that never takes the
 * action, 404 for a case the caller is not tied to, 409 for a status the action may not start from.
 */

let t: Awaited<ReturnType<typeof buildTestApp>>;
afterAll(async () => t.close());

/** The callers: the case's client, another client, its assigned lawyer, a lawyer who proposed, others. */
const CALLERS = [
  'anonymous',
  'admin',
  'client',
  'otherClient',
  'caseLawyer',
  'proposer',
  'stranger',
] as const;
type Caller = (typeof CALLERS)[number];
const ROLE_OF: Record<Exclude<Caller, 'anonymous'>, string> = {
  admin: ROLE.ADMIN,
  client: ROLE.USUARIO,
  otherClient: ROLE.USUARIO,
  caseLawyer: ROLE.ABOGADO,
  proposer: ROLE.ABOGADO,
  stranger: ROLE.ABOGADO,
};

const people = {} as Record<Exclude<Caller, 'anonymous'>, { id: string; token: string }>;
let pairChat: string;
let proposerChat: string;

beforeAll(async () => {
  t = await buildTestApp();
  const made = {
    admin: await createAdmin(t.app),
    client: await createUser(t.app),
    otherClient: await createUser(t.app),
    caseLawyer: await createLawyer(t.app),
    proposer: await createLawyer(t.app),
    stranger: await createLawyer(t.app),
  };
  for (const [name, user] of Object.entries(made)) {
    people[name as keyof typeof people] = { id: user.id, token: await signIn(t.app, user) };
  }
  const [pair, offer] = await t.app.db
    .insert(chats)
    .values([
      { userId: made.client.id, lawyerId: made.caseLawyer.id },
      { userId: made.client.id, lawyerId: made.proposer.id },
    ])
    .returning({ id: chats.id });
  pairChat = pair?.id as string;
  proposerChat = offer?.id as string;
});

/**
 * A case in the given status: assigned to `caseLawyer` once paid (ACTIVO, FINALIZADO), with an open
 * proposal of `proposer`, and a closure requested when the action needs one to get past its own check.
 */
async function caseIn(status: CaseStatus, action: CaseActionName) {
  const assigned = status === CASE_STATUS.ACTIVO || status === CASE_STATUS.FINALIZADO;
  const [row] = await t.app.db
    .insert(cases)
    .values({
      userId: people.client.id,
      lawyerId: assigned ? people.caseLawyer.id : null,
      title: `Caso ${action} ${status}`,
      description: 'Un caso para recorrer la máquina de estados.',
      category: 'Abogado Civil',
      status,
      progressStep: STEP_BY_STATUS[status],
      closureRequestedAt: action === 'confirmClosure' || action === 'discardClosure' ? new Date() : null,
    })
    .returning({ id: cases.id });
  const caseId = row?.id as string;
  const [proposal] = await t.app.db
    .insert(proposals)
    .values({
      caseId,
      lawyerId: people.proposer.id,
      chatId: proposerChat,
      priceCents: 30_000,
      message: 'Lo llevo yo.',
      status: PROPOSAL_STATUS.PENDING,
      // the client asked for a new price: the lawyer has a counter-offer to decline
      counterOfferCents: action === 'declineCounter' ? 25_000 : null,
    })
    .returning({ id: proposals.id });
  if (action === 'dispute' && assigned) {
    // a dispute is about money paid: the case's completed payment
    await t.app.db.insert(payments).values({
      caseId,
      proposalId: proposal?.id as string,
      userId: people.client.id,
      lawyerId: people.caseLawyer.id,
      provider: 'sandbox',
      providerSessionId: `sbx_${randomBytes(24).toString('base64url')}`,
      amountCents: 30_000,
      feeCents: 3_000,
      status: 'COMPLETADO',
      completedAt: new Date(),
    });
  }
  return { caseId, proposalId: proposal?.id as string };
}

/** The request of each action a person takes, on that case. */
function requestOf(action: CaseActionName, target: { caseId: string; proposalId: string }) {
  const { caseId, proposalId } = target;
  switch (action) {
    case 'edit':
      return {
        method: 'PUT',
        url: `/api/cases/${caseId}`,
        payload: { title: 'Título corregido', description: 'La descripción, con los datos que faltaban.' },
      };
    case 'withdraw':
      return { method: 'POST', url: `/api/cases/${caseId}/withdraw` };
    case 'approve':
      return {
        method: 'POST',
        url: `/api/admin/cases/${caseId}/approve`,
        payload: { category: 'Abogado Civil' },
      };
    case 'discard':
      return {
        method: 'POST',
        url: `/api/admin/cases/${caseId}/discard`,
        payload: { reason: 'No procede.' },
      };
    case 'propose':
      return {
        method: 'POST',
        url: `/api/proposal/create-proposal-to-case/${caseId}`,
        payload: { price: 120, message: 'Mi propuesta.' },
      };
    case 'withdrawProposal':
      return { method: 'POST', url: `/api/proposal/${proposalId}/withdraw` };
    case 'replaceProposal':
      return { method: 'POST', url: `/api/proposal/${proposalId}/replace`, payload: { price: 280 } };
    case 'counterOffer':
      return {
        method: 'POST',
        url: `/api/proposal/${proposalId}/counter-offer`,
        payload: { price: 250, message: '¿Lo dejamos en 250 €?' },
      };
    case 'declineCounter':
      return { method: 'POST', url: `/api/proposal/${proposalId}/decline-counter-offer` };
    case 'accept':
      return { method: 'POST', url: `/api/proposal/accept-proposal/${proposalId}` };
    case 'reject':
      return { method: 'POST', url: `/api/proposal/reject-proposal/${proposalId}/${proposerChat}` };
    case 'progress':
      return { method: 'PUT', url: `/api/cases/${caseId}/progress`, payload: { progressStep: 3 } };
    case 'requestClosure':
      return { method: 'POST', url: `/api/cases/close-case/${caseId}` };
    case 'confirmClosure':
      return { method: 'POST', url: `/api/cases/confirm-close-case/${caseId}/${pairChat}` };
    case 'discardClosure':
      return { method: 'POST', url: `/api/cases/discard-close-case/${caseId}` };
    case 'dispute':
      return {
        method: 'POST',
        url: `/api/cases/${caseId}/dispute`,
        payload: { reason: 'El abogado no ha terminado el trabajo.' },
      };
    case 'rate':
      return {
        method: 'POST',
        url: '/api/rating/new-rating',
        payload: { caseId, stars: 5, title: 'Muy bien', description: 'Claro y rápido.' },
      };
    default:
      throw new Error(`${action} is not a person's action`);
  }
}

/** The actions on a lawyer's own proposal: only its lawyer (`proposer`) is tied to them. */
const ON_OWN_PROPOSAL: readonly CaseActionName[] = ['withdrawProposal', 'replaceProposal', 'declineCounter'];

/** Whether the caller is tied to the case the way the action's actor must be (else the case is hidden). */
function tied(action: CaseActionName, caller: Caller, status: CaseStatus): boolean {
  const by: CaseActor = CASE_MACHINE[action].by;
  if (ON_OWN_PROPOSAL.includes(action)) return caller === 'proposer';
  const assigned = status === CASE_STATUS.ACTIVO || status === CASE_STATUS.FINALIZADO;
  switch (by) {
    case 'admin':
      return true;
    case 'client':
      return caller === 'client';
    case 'case-lawyer':
      return caller === 'caseLawyer' && assigned;
    case 'lawyer':
      // the board's cases for any lawyer; otherwise the lawyer's own: proposed on, or assigned
      return (
        status === CASE_STATUS.PENDIENTE_ASIGNACION ||
        caller === 'proposer' ||
        (caller === 'caseLawyer' && assigned)
      );
    default:
      return false;
  }
}

/** The answer the routes give: the table decides, in the order 401, 403, 404, 409. */
function expected(action: CaseActionName, status: CaseStatus, caller: Caller): number | 'CONFLICT' {
  const entry = CASE_MACHINE[action];
  if (caller === 'anonymous') return 401;
  if (ROLE_OF[caller] !== roleFor(action)) return 403;
  if (!tied(action, caller, status)) return 404;
  if (!(entry.from as readonly CaseStatus[]).includes(status)) return 409;
  // the open-proposal rule: the proposer's open proposal stands, a second one is refused
  if (action === 'propose' && caller === 'proposer') return 'CONFLICT';
  return 200;
}

const PERSON_ACTIONS = (Object.keys(CASE_MACHINE) as CaseActionName[]).filter(
  (action) => !['provider', 'platform'].includes(CASE_MACHINE[action].by) && action !== 'create',
);

describe('the case machine, walked from its table', () => {
  for (const action of PERSON_ACTIONS) {
    it(`${action}: every status, every caller`, async () => {
      const entry = CASE_MACHINE[action];
      const failures: string[] = [];
      for (const status of CASE_STATUSES) {
        for (const caller of CALLERS) {
          const target = await caseIn(status, action);
          const request = requestOf(action, target);
          const res = await t.app.inject({
            method: request.method as 'POST' | 'PUT',
            url: request.url,
            ...(caller === 'anonymous' ? {} : { headers: bearer(people[caller].token) }),
            ...('payload' in request ? { payload: request.payload } : {}),
          });
          const want = expected(action, status, caller);
          const code = res.statusCode >= 400 ? res.json().error?.code : undefined;
          const got = want === 'CONFLICT' ? (res.statusCode === 409 ? code : res.statusCode) : res.statusCode;
          if (got !== want || (want === 409 && code !== 'INVALID_TRANSITION')) {
            failures.push(`${status} by ${caller}: expected ${want}, got ${res.statusCode} ${code ?? ''}`);
            continue;
          }
          if (want !== 200) continue;
          const [after] = await t.app.db.select().from(cases).where(eq(cases.id, target.caseId));
          const to: CaseStatus | undefined = 'to' in entry ? entry.to : undefined;
          if (after?.status !== (to ?? status)) {
            failures.push(`${status} by ${caller}: left the case ${after?.status}, the table says ${to}`);
          }
          const written = await t.app.db
            .select({ type: messages.type })
            .from(messages)
            .where(eq(messages.caseId, target.caseId));
          const allowed = Object.values(entry.writes) as string[];
          const stray = written.filter((message) => !allowed.includes(message.type));
          if (stray.length > 0) {
            failures.push(
              `${status} by ${caller}: wrote types ${stray.map((m) => m.type)} beyond ${allowed}`,
            );
          }
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('activate: only a case awaiting assignment is activated by its payment; any other refunds it', async () => {
    const failures: string[] = [];
    for (const status of CASE_STATUSES) {
      const { caseId, proposalId } = await caseIn(status, 'activate');
      const accepted = await t.app.inject({
        method: 'POST',
        url: `/api/proposal/accept-proposal/${proposalId}`,
        headers: bearer(people.client.token),
      });
      // accepting follows the table too; hold the proposal's checkout directly where it may not
      let sessionId: string;
      if (accepted.statusCode === 200) {
        sessionId = new URL(accepted.json().data).pathname.split('/').pop() as string;
      } else {
        sessionId = `sbx_${randomBytes(24).toString('base64url')}`;
        await t.app.db.insert(payments).values({
          caseId,
          proposalId,
          userId: people.client.id,
          lawyerId: people.proposer.id,
          provider: 'sandbox',
          providerSessionId: sessionId,
          amountCents: 30_000,
          feeCents: 3_000,
        });
      }
      const paid = await t.app.inject({
        method: 'POST',
        url: `/payment/sandbox/${sessionId}/pay`,
        headers: bearer(people.client.token),
      });
      const allowed = (CASE_MACHINE.activate.from as readonly CaseStatus[]).includes(status);
      const [after] = await t.app.db.select().from(cases).where(eq(cases.id, caseId));
      const [payment] = await t.app.db
        .select()
        .from(payments)
        .where(eq(payments.providerSessionId, sessionId));
      const seen = `${paid.headers.location} ${after?.status} ${payment?.status}`;
      const want = allowed
        ? `/payment-success ${CASE_MACHINE.activate.to} COMPLETADO`
        : `/payment-error ${status} REEMBOLSADO`;
      if (seen !== want) failures.push(`${status}: expected ${want}, got ${seen}`);
    }
    expect(failures).toEqual([]);
  });
});
