import { CASE_STEPS, caseCode } from '@l4l/shared/constants/cases';
import { UNCLASSIFIED_CATEGORY } from '@l4l/shared/constants/categories';
import { MESSAGE_TYPE } from '@l4l/shared/constants/messages';
import { ROLE } from '@l4l/shared/constants/roles';
import type { PageEnvelope } from '@l4l/shared/envelope';
import { formatEuros } from '@l4l/shared/format';
import type {
  BoardCase,
  BoardQuery,
  Case,
  MyCasesQuery,
  Proposal,
  ProposalInput,
} from '@l4l/shared/schemas/cases';
import { centsToEuros, eurosToCents } from '@l4l/shared/schemas/common';
import { es } from '@l4l/shared/texts/es';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { proposals } from '../../db/schema/index.ts';
import { AppError, forbidden, invalidTransition, notFound } from '../../lib/app-error.ts';
import { MicroCache } from '../../lib/micro-cache.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import { composeMail, type Mailer } from '../../plugins/mailer.ts';
import type { Chat } from '../chat/chat.plugin.ts';
import type { PostedMessage, PostMessageInput } from '../chat/chat.service.ts';
import type { PaymentRow, PaymentsService } from '../payments/payments.service.ts';
import { afterAction, assertTransition, PROPOSAL_STATUS } from './case-machine.ts';
import {
  type BoardRow,
  type CaseRow,
  type CasesRepository,
  createCasesRepository,
  type Viewer,
} from './cases.repository.ts';

type Post = (input: PostMessageInput) => Promise<PostedMessage>;
type ProposalRow = typeof proposals.$inferSelect;
type Paging = { page: number; pageSize: number };

const fullName = (name: string | null, surname: string | null) => `${name ?? ''} ${surname ?? ''}`.trim();
const euros = (cents: number) => formatEuros(centsToEuros(cents));
const range = ({ page, pageSize }: Paging) => ({ limit: pageSize, offset: (page - 1) * pageSize });
const iso = (date: Date | null) => date?.toISOString() ?? null;

type StoredProposal = { id: string; priceCents: number; status: Proposal['status'] } | null;
const toMyProposal = (stored: StoredProposal) =>
  stored ? { id: stored.id, price: centsToEuros(stored.priceCents), status: stored.status } : null;

export function toCase(row: CaseRow): Case {
  return {
    id: row.id,
    code: caseCode(row.id),
    status: row.status,
    progressStep: row.progressStep,
    title: row.title,
    description: row.description,
    category: row.category,
    creationDate: row.creationDate.toISOString(),
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    finishDate: iso(row.finishDate),
    assignationDate: iso(row.assignationDate),
    casePrice: row.casePriceCents === null ? null : centsToEuros(row.casePriceCents),
    userId: row.userId,
    userFullName: fullName(row.clientName, row.clientSurname),
    lawyerId: row.lawyerId,
    lawyerAssigned: row.lawyerId ? fullName(row.lawyerName, row.lawyerSurname) : null,
    addressedLawyerId: row.addressedLawyerId,
    addressedLawyerName: row.addressedLawyerId ? fullName(row.addressedName, row.addressedSurname) : null,
    ratingId: row.ratingId,
    closureRequested: row.closureRequestedAt !== null,
    chatId: row.chatId,
    chatWith: row.chatWith,
    myProposal: toMyProposal(row.myProposal as StoredProposal),
  };
}

function toBoardCase(row: BoardRow & { myProposal: StoredProposal }): BoardCase {
  return {
    id: row.id,
    code: caseCode(row.id),
    status: row.status,
    title: row.title,
    description: row.description,
    category: row.category,
    creationDate: row.creationDate.toISOString(),
    proposalsCount: row.proposalsCount,
    lowestProposal: row.lowestProposalCents === null ? null : centsToEuros(row.lowestProposalCents),
    myProposal: toMyProposal(row.myProposal),
  };
}

export function toProposal(row: ProposalRow): Proposal {
  return {
    id: row.id,
    caseId: row.caseId,
    lawyerId: row.lawyerId,
    chatId: row.chatId,
    price: centsToEuros(row.priceCents),
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

const viewerOf = (actor: AuthUser): Viewer => ({
  id: actor.id,
  side: actor.role === ROLE.ADMIN ? 'admin' : actor.role === ROLE.ABOGADO ? 'lawyer' : 'client',
});

/** A lawyer takes part in a case when it is theirs, addressed to them, or carries a proposal of theirs. */
function takesPart(row: CaseRow, actor: AuthUser): boolean {
  if (actor.role === ROLE.ADMIN) return true;
  if (actor.role === ROLE.USUARIO) return row.userId === actor.id;
  return row.lawyerId === actor.id || row.addressedLawyerId === actor.id || row.myProposal !== null;
}

/**
 * Cases from start to finish (docs/api/http.md, Cases, Proposals and Ratings): every change of a case goes
 * through the state machine of `case-machine.ts` under a lock on the case row, inside one transaction with
 * the chat messages it writes (delivered after the commit).
 */
export function createCasesService(deps: {
  db: Db;
  chat: Chat;
  payments: () => PaymentsService;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** how long a board page may be served again; 0: never cached (tests) */
  boardCacheMs: number;
}) {
  const { db, chat } = deps;
  const repository = createCasesRepository(db);
  // ADR 0006: many lawyers read the same board pages; they change only as cases are published or taken
  // (pages asked for all the time are read again in the background before they expire: no caller waits)
  const boardPages = new MicroCache<Awaited<ReturnType<CasesRepository['board']>>>(deps.boardCacheMs, 500, {
    refreshAheadMs: deps.boardCacheMs / 2,
  });
  // and each lawyer's own proposals on a page, forgotten in this process as soon as one of them changes
  const ownProposals = new MicroCache<Awaited<ReturnType<CasesRepository['latestProposalsOf']>>>(
    deps.boardCacheMs,
    5000,
    { refreshAheadMs: deps.boardCacheMs / 2 },
  );
  const withoutProposals = new WeakMap<object, PageEnvelope<BoardCase>>();
  const ownVersion = new Map<string, number>();
  const proposalsChanged = (...lawyerIds: string[]) => {
    if (ownVersion.size > 50_000) ownVersion.clear();
    for (const id of lawyerIds) ownVersion.set(id, (ownVersion.get(id) ?? 0) + 1);
  };

  async function readCase(id: string, viewer: Viewer, executor: CasesRepository = repository): Promise<Case> {
    const row = await executor.findCase(id, viewer);
    if (!row) throw notFound(es.cases.notFound);
    return toCase(row);
  }

  /** The case as the actor may see it, or 404 (its existence is not revealed). */
  async function visibleCase(actor: AuthUser, id: string, executor: CasesRepository = repository) {
    const row = await executor.findCase(id, viewerOf(actor));
    if (!row || !takesPart(row, actor)) throw notFound(es.cases.notFound);
    return row;
  }

  /**
   * Locks a proposal's case, then the proposal: every writer takes the case first (payments too), so
   * concurrent actions on one case queue instead of deadlocking.
   */
  async function lockProposalAndCase(tx: CasesRepository, proposalId: string) {
    const found = await tx.findProposal(proposalId);
    const row = found && (await tx.lockCase(found.caseId));
    const proposal = row && (await tx.lockProposal(proposalId));
    if (!row || !proposal) throw notFound(es.proposals.notFound);
    return { proposal, row };
  }

  /** Locks the case and checks who acts: its client, or the lawyer assigned to it. */
  async function lockOwnCase(tx: CasesRepository, actor: AuthUser, id: string, as: 'client' | 'case-lawyer') {
    const row = await tx.lockCase(id);
    const owner = row && (as === 'client' ? row.userId : row.lawyerId);
    if (!row || owner !== actor.id) throw notFound(es.cases.notFound);
    return row;
  }

  async function sendMail(to: string, name: string, content: Parameters<typeof composeMail>[0]) {
    try {
      await deps.mailer.send({ to, ...composeMail({ ...content, name }) });
    } catch (error) {
      deps.log.error({ err: error }, 'case mail not sent');
    }
  }

  async function page<T>(
    result: Promise<{ rows: CaseRow[]; total: number }>,
    paging: Paging,
    map: (row: CaseRow) => T,
  ): Promise<PageEnvelope<T>> {
    const { rows, total } = await result;
    return { data: rows.map(map), meta: { total, page: paging.page, pageSize: paging.pageSize } };
  }

  const service = {
    /** A general case: waits for validation, category 'Por calificar'. */
    async createCase(actor: AuthUser, input: { title: string; description: string; userId?: string }) {
      if (input.userId && input.userId !== actor.id) throw forbidden(es.cases.notYourCase);
      const id = await repository.insertCase({
        userId: actor.id,
        title: input.title,
        description: input.description,
        category: UNCLASSIFIED_CATEGORY,
      });
      return readCase(id, viewerOf(actor));
    },

    /** A case addressed to one lawyer from their profile, and the chat with them (told of the case). */
    async createCaseChat(
      actor: AuthUser,
      input: { title: string; description: string; lawyerId: string; userId?: string },
    ): Promise<{ case: Case; chatId: string }> {
      if (input.userId && input.userId !== actor.id) throw forbidden(es.cases.notYourCase);
      const lawyer = await repository.person(input.lawyerId);
      if (!lawyer || lawyer.role !== ROLE.ABOGADO || !lawyer.verifiedAt || lawyer.bannedAt) {
        throw notFound(es.cases.lawyerUnavailable);
      }
      const opened = await chat.openChat(actor.id, input.lawyerId);
      const id = await chat.transaction(async (tx, post) => {
        const caseId = await createCasesRepository(tx).insertCase({
          userId: actor.id,
          addressedLawyerId: input.lawyerId,
          title: input.title,
          description: input.description,
          category: UNCLASSIFIED_CATEGORY,
        });
        await post({
          chatId: opened.id,
          senderId: null,
          type: MESSAGE_TYPE.NOTICE,
          text: es.caseMessages.addressed(input.title),
          caseId,
        });
        return caseId;
      });
      return { case: await readCase(id, viewerOf(actor)), chatId: opened.id };
    },

    getCase: async (actor: AuthUser, id: string) => toCase(await visibleCase(actor, id)),

    clientCases: (userId: string, query: MyCasesQuery) =>
      page(repository.clientCases(userId, query.status, range(query)), query, toCase),

    lawyerCases: (lawyerId: string, query: MyCasesQuery) =>
      page(repository.lawyerCases(lawyerId, query.status, range(query)), query, toCase),

    adminCases: (admin: AuthUser, query: MyCasesQuery) =>
      page(repository.adminCases(admin.id, query.status, range(query)), query, toCase),

    /**
     * The board: the same page for every lawyer, served again for a few seconds (ADR 0006), with the
     * caller's own proposals read fresh.
     */
    async board(actor: AuthUser, query: BoardQuery): Promise<PageEnvelope<BoardCase>> {
      const key = JSON.stringify([
        query.search ?? '',
        query.category ?? '',
        query.sort,
        query.page,
        query.pageSize,
      ]);
      const cached = await boardPages.get(key, () => repository.board(query, range(query)));
      const { rows, total } = cached;
      const ids = rows.map((row) => row.id);
      const proposals = await ownProposals.get(`${actor.id}:${ownVersion.get(actor.id) ?? 0}:${key}`, () =>
        repository.latestProposalsOf(actor.id, ids),
      );
      const envelope = (myProposal: (id: string) => StoredProposal) => ({
        data: rows.map((row) => toBoardCase({ ...row, myProposal: myProposal(row.id) })),
        meta: { total, page: query.page, pageSize: query.pageSize },
      });
      // most lawyers have no proposal on a page: they all get the same answer object, which the route
      // serializes once (lib/rendered-json.ts)
      if (proposals.length === 0) {
        let shared = withoutProposals.get(cached);
        if (!shared) {
          shared = envelope(() => null);
          withoutProposals.set(cached, shared);
        }
        return shared;
      }
      const mine = new Map(proposals.map((p) => [p.caseId, p]));
      return envelope((id) => mine.get(id) ?? null);
    },

    /** An administrator publishes a case with its category (the client is told by mail, and in the chat). */
    async approve(admin: AuthUser, id: string, category: string): Promise<Case> {
      const client = await chat.transaction(async (txDb, post) => {
        const tx = createCasesRepository(txDb);
        const row = await tx.lockCase(id);
        if (!row) throw notFound(es.cases.notFound);
        assertTransition('approve', row.status);
        await tx.updateCase(id, {
          ...afterAction('approve', row),
          category,
          validatedAt: new Date(),
          validatedBy: admin.id,
        });
        // a general case is published on the board; one addressed to a lawyer stays with them
        if (!row.addressedLawyerId) await tx.addToBoard(row, category);
        await tx.audit({
          adminId: admin.id,
          action: 'case.approve',
          targetType: 'case',
          targetId: id,
          details: { category },
        });
        await noticeToClient(tx, post, row, es.caseMessages.approved(row.title));
        return { person: await tx.person(row.userId), title: row.title };
      });
      if (client.person) {
        await sendMail(client.person.mail, client.person.name, {
          subject: es.mail.caseApproved.subject,
          name: client.person.name,
          paragraphs: [es.mail.caseApproved.body(client.title)],
          action: { label: es.mail.caseApproved.action, url: `${deps.publicUrl}/dashboard/casos` },
        });
      }
      return readCase(id, viewerOf(admin));
    },

    /** An administrator turns a case down, with a reason the client reads. */
    async discard(admin: AuthUser, id: string, reason: string | undefined): Promise<Case> {
      const client = await chat.transaction(async (txDb, post) => {
        const tx = createCasesRepository(txDb);
        const row = await tx.lockCase(id);
        if (!row) throw notFound(es.cases.notFound);
        assertTransition('discard', row.status);
        await tx.updateCase(id, {
          ...afterAction('discard', row),
          discardReason: reason || null,
          validatedAt: new Date(),
          validatedBy: admin.id,
        });
        await tx.audit({
          adminId: admin.id,
          action: 'case.discard',
          targetType: 'case',
          targetId: id,
          reason: reason || null,
        });
        await noticeToClient(tx, post, row, es.caseMessages.discarded(row.title, reason));
        return { person: await tx.person(row.userId), title: row.title };
      });
      if (client.person) {
        await sendMail(client.person.mail, client.person.name, {
          subject: es.mail.caseDiscarded.subject,
          name: client.person.name,
          paragraphs: [
            es.mail.caseDiscarded.body(client.title),
            ...(reason ? [es.mail.caseDiscarded.reason(reason)] : []),
            es.mail.caseDiscarded.help,
          ],
          action: { label: es.mail.caseDiscarded.action, url: `${deps.publicUrl}/dashboard/begincase` },
        });
      }
      return readCase(id, viewerOf(admin));
    },

    /** A lawyer's offer: one pending per lawyer and case; opens (or reuses) the chat with the client. */
    async propose(actor: AuthUser, caseId: string, input: ProposalInput & { price: number }) {
      const opened = await (async () => {
        const row = await repository.findCase(caseId, viewerOf(actor));
        // a lawyer sees the board's cases, those addressed to them and those they already took part in
        const onBoard =
          row?.status === 'PENDIENTE DE ASIGNACIÓN' &&
          (!row.addressedLawyerId || row.addressedLawyerId === actor.id);
        if (!row || !(onBoard || takesPart(row, actor))) throw notFound(es.cases.notFound);
        assertTransition('propose', row.status);
        return chat.openChat(row.userId, actor.id);
      })();
      const stored = await chat.transaction(async (txDb, post) => {
        const tx = createCasesRepository(txDb);
        const row = await tx.lockCase(caseId);
        if (!row) throw notFound(es.cases.notFound);
        assertTransition('propose', row.status);
        const proposal = await tx.insertProposal({
          caseId,
          lawyerId: actor.id,
          chatId: opened.id,
          priceCents: eurosToCents(input.price),
          message: input.message.trim(),
        });
        if (!proposal) throw new AppError('CONFLICT', { message: es.proposals.alreadyPending });
        await tx.refreshProposalFigures(caseId);
        await post({
          chatId: opened.id,
          senderId: actor.id,
          type: MESSAGE_TYPE.PROPOSAL,
          text: proposal.message,
          proposalId: proposal.id,
          caseId,
          proposalAmountCents: proposal.priceCents,
        });
        return proposal;
      });
      proposalsChanged(actor.id);
      return toProposal(stored);
    },

    /**
     * The client accepts a proposal: the proposal is held for payment and the provider's checkout opens.
     * The case changes only when the provider confirms the payment (`activateFromPayment`).
     */
    async accept(actor: AuthUser, proposalId: string): Promise<string> {
      const held = await db.transaction(async (txDb) => {
        const tx = createCasesRepository(txDb as Db);
        const { proposal, row } = await lockProposalAndCase(tx, proposalId);
        if (row.userId !== actor.id) throw notFound(es.proposals.notFound);
        assertTransition('accept', row.status);
        if (proposal.status !== PROPOSAL_STATUS.PENDING) throw invalidTransition(es.proposals.notPending);
        await tx.setProposal(proposal.id, { status: PROPOSAL_STATUS.ACCEPTED, decidedAt: new Date() });
        const lawyer = await tx.person(proposal.lawyerId);
        return { proposal, row, lawyerName: fullName(lawyer?.name ?? null, lawyer?.surname ?? null) };
      });
      try {
        return await deps.payments().openCheckout({
          proposalId: held.proposal.id,
          caseId: held.row.id,
          caseCode: caseCode(held.row.id),
          caseTitle: held.row.title,
          lawyerName: held.lawyerName,
          amountCents: held.proposal.priceCents,
          userId: held.row.userId,
          lawyerId: held.proposal.lawyerId,
        });
      } catch (error) {
        await repository.setProposal(held.proposal.id, { status: PROPOSAL_STATUS.PENDING, decidedAt: null });
        throw error;
      }
    },

    /** The client turns a proposal down; both read a notice in their chat. */
    async reject(actor: AuthUser, proposalId: string, chatId: string): Promise<Proposal> {
      const updated = await chat.transaction(async (txDb, post) => {
        const tx = createCasesRepository(txDb);
        const { proposal, row } = await lockProposalAndCase(tx, proposalId);
        if (row.userId !== actor.id || (proposal.chatId && proposal.chatId !== chatId)) {
          throw notFound(es.proposals.notFound);
        }
        assertTransition('reject', row.status);
        if (proposal.status !== PROPOSAL_STATUS.PENDING && proposal.status !== PROPOSAL_STATUS.ACCEPTED) {
          throw invalidTransition(es.proposals.notPending);
        }
        const rejected = await tx.setProposal(proposal.id, {
          status: PROPOSAL_STATUS.REJECTED,
          decidedAt: new Date(),
        });
        await tx.cancelPendingPayments([proposal.id]);
        await tx.refreshProposalFigures(row.id);
        if (proposal.chatId) {
          await post({
            chatId: proposal.chatId,
            senderId: null,
            type: MESSAGE_TYPE.NOTICE,
            text: es.caseMessages.proposalRejected(euros(proposal.priceCents)),
            proposalId: proposal.id,
            caseId: row.id,
          });
        }
        return rejected ?? proposal;
      });
      proposalsChanged(updated.lawyerId);
      return toProposal(updated);
    },

    /**
     * The payment of an accepted proposal is confirmed (payments feature, in its transaction): the case
     * becomes ACTIVO with its lawyer and price, the other proposals are turned down, and the chats say so.
     */
    async activateFromPayment(txDb: Db, post: Post, payment: PaymentRow): Promise<'activated' | 'conflict'> {
      const tx = createCasesRepository(txDb);
      const row = await tx.lockCase(payment.caseId);
      const proposal = await tx.lockProposal(payment.proposalId);
      if (!row || !proposal || row.status !== 'PENDIENTE DE ASIGNACIÓN') return 'conflict';
      if (proposal.status !== PROPOSAL_STATUS.ACCEPTED && proposal.status !== PROPOSAL_STATUS.PENDING) {
        return 'conflict';
      }
      const now = payment.completedAt ?? new Date();
      await tx.setProposal(proposal.id, { status: PROPOSAL_STATUS.PAID, decidedAt: now });
      const others = await tx.rejectOtherProposals(row.id, proposal.id);
      await tx.cancelPendingPayments(others.map((other) => other.id));
      await tx.updateCase(row.id, {
        ...afterAction('activate', row),
        lawyerId: proposal.lawyerId,
        casePriceCents: payment.amountCents,
        assignationDate: now,
        startDate: now,
      });
      await tx.moveLawyerCounters(proposal.lawyerId, { active: 1, finished: 0 });
      await tx.removeFromBoard(row.id);
      proposalsChanged(proposal.lawyerId, ...others.map((other) => other.lawyerId));
      await tx.refreshClientFigures(row.userId);
      const code = caseCode(row.id);
      const chatId = proposal.chatId ?? (await tx.chatOfPair(row.userId, proposal.lawyerId));
      if (chatId) {
        await post({
          chatId,
          senderId: null,
          type: MESSAGE_TYPE.PROPOSAL_ACCEPTED,
          text: es.caseMessages.paid(code, euros(payment.amountCents)),
          proposalId: proposal.id,
          caseId: row.id,
          proposalAmountCents: payment.amountCents,
        });
      }
      for (const other of others) {
        if (!other.chatId) continue;
        await post({
          chatId: other.chatId,
          senderId: null,
          type: MESSAGE_TYPE.NOTICE,
          text: es.caseMessages.takenByOther(code),
          proposalId: other.id,
          caseId: row.id,
        });
      }
      return 'activated';
    },

    /** The case's lawyer moves the timeline forward (steps 3–6). */
    async progress(actor: AuthUser, id: string, step: number): Promise<Case> {
      await chat.transaction(async (txDb, post) => {
        const tx = createCasesRepository(txDb);
        const row = await lockOwnCase(tx, actor, id, 'case-lawyer');
        assertTransition('progress', row.status);
        if (step <= row.progressStep) throw invalidTransition(es.cases.stepBackwards);
        await tx.updateCase(id, { progressStep: step });
        await postToPair(
          tx,
          post,
          row,
          MESSAGE_TYPE.NOTICE,
          es.caseMessages.progressed(caseCode(id), CASE_STEPS[step] ?? ''),
        );
      });
      return readCase(id, viewerOf(actor));
    },

    /** The case's lawyer asks the client to close it (type 5 in their chat). */
    async requestClosure(actor: AuthUser, id: string): Promise<Case> {
      await chat.transaction(async (txDb, post) => {
        const tx = createCasesRepository(txDb);
        const row = await lockOwnCase(tx, actor, id, 'case-lawyer');
        assertTransition('requestClosure', row.status);
        if (row.closureRequestedAt) throw invalidTransition(es.cases.closureAlreadyRequested);
        await tx.updateCase(id, { closureRequestedAt: new Date() });
        await postToPair(
          tx,
          post,
          row,
          MESSAGE_TYPE.CLOSURE_REQUEST,
          es.caseMessages.closureRequested(caseCode(id)),
        );
      });
      return readCase(id, viewerOf(actor));
    },

    /** The client confirms the closure: FINALIZADO, step 7; the chat says so and asks for a rating. */
    async confirmClosure(actor: AuthUser, id: string, chatId: string): Promise<Case> {
      await chat.transaction(async (txDb, post) => {
        const tx = createCasesRepository(txDb);
        const row = await lockOwnCase(tx, actor, id, 'client');
        assertTransition('confirmClosure', row.status);
        if (!row.closureRequestedAt) throw invalidTransition(es.cases.closureNotRequested);
        const lawyerId = row.lawyerId as string;
        const pairChat = await tx.chatOfPair(row.userId, lawyerId);
        if (!pairChat || pairChat !== chatId) throw notFound(es.chat.chatNotFound);
        const now = new Date();
        await tx.updateCase(id, {
          ...afterAction('confirmClosure', row),
          closureRequestedAt: null,
          finishDate: now,
          endDate: now,
        });
        await tx.moveLawyerCounters(lawyerId, { active: -1, finished: 1 });
        await tx.refreshClientFigures(row.userId);
        const code = caseCode(id);
        const lawyer = await tx.person(lawyerId);
        await post({
          chatId,
          senderId: null,
          type: MESSAGE_TYPE.CLOSURE_CONFIRMED,
          text: es.caseMessages.closureConfirmed(code),
          caseId: id,
        });
        await post({
          chatId,
          senderId: null,
          type: MESSAGE_TYPE.RATING_PROMPT,
          text: es.caseMessages.ratingPrompt(fullName(lawyer?.name ?? null, lawyer?.surname ?? null), code),
          caseId: id,
        });
      });
      return readCase(id, viewerOf(actor));
    },

    /** The client withdraws the lawyer's closure request; the case stays ACTIVO. */
    async discardClosure(actor: AuthUser, id: string): Promise<Case> {
      await chat.transaction(async (txDb, post) => {
        const tx = createCasesRepository(txDb);
        const row = await lockOwnCase(tx, actor, id, 'client');
        assertTransition('discardClosure', row.status);
        if (!row.closureRequestedAt) throw invalidTransition(es.cases.closureNotRequested);
        await tx.updateCase(id, { closureRequestedAt: null });
        await postToPair(tx, post, row, MESSAGE_TYPE.NOTICE, es.caseMessages.closureDiscarded(caseCode(id)));
      });
      return readCase(id, viewerOf(actor));
    },

    /** The client rates the lawyer of a finished case, once (the unique key on case_id decides races). */
    async rate(
      actor: AuthUser,
      input: {
        caseId: string;
        lawyerId?: string;
        userId?: string;
        stars: number;
        title: string;
        description: string;
      },
    ) {
      if (input.userId && input.userId !== actor.id) throw forbidden();
      return db.transaction(async (txDb) => {
        const tx = createCasesRepository(txDb as Db);
        const row = await lockOwnCase(tx, actor, input.caseId, 'client');
        assertTransition('rate', row.status);
        const lawyerId = row.lawyerId as string;
        if (input.lawyerId && input.lawyerId !== lawyerId) {
          throw new AppError('VALIDATION_ERROR', {
            message: es.ratings.notTheLawyer,
            fields: { lawyerId: es.ratings.notTheLawyer },
          });
        }
        const stored = await tx.insertRating({
          caseId: row.id,
          userId: actor.id,
          lawyerId,
          stars: input.stars,
          title: input.title,
          description: input.description,
        });
        if (!stored) throw new AppError('CONFLICT', { message: es.ratings.alreadyRated });
        return {
          id: stored.id,
          caseId: row.id,
          userId: actor.id,
          lawyerId,
          stars: input.stars,
          title: input.title,
          description: input.description,
          date: stored.date.toISOString(),
        };
      });
    },
  };

  /** A client-only notice (type 11) in the chat of an addressed case, when there is one. */
  async function noticeToClient(
    tx: CasesRepository,
    post: Post,
    row: { id: string; userId: string; addressedLawyerId: string | null },
    text: string,
  ) {
    if (!row.addressedLawyerId) return;
    const chatId = await tx.chatOfPair(row.userId, row.addressedLawyerId);
    if (chatId)
      await post({ chatId, senderId: null, type: MESSAGE_TYPE.CLIENT_NOTICE, text, caseId: row.id });
  }

  /** A platform message in the chat of the case's client and lawyer. */
  async function postToPair(
    tx: CasesRepository,
    post: Post,
    row: { id: string; userId: string; lawyerId: string | null },
    type: (typeof MESSAGE_TYPE)[keyof typeof MESSAGE_TYPE],
    text: string,
  ) {
    if (!row.lawyerId) return;
    const chatId = await tx.chatOfPair(row.userId, row.lawyerId);
    if (chatId) await post({ chatId, senderId: null, type, text, caseId: row.id });
  }

  return service;
}

export type CasesService = ReturnType<typeof createCasesService>;
