import { PROPOSAL_STATUS } from '@l4l/shared/constants/proposals';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { cases, proposals } from '../../db/schema/index.ts';
import { createBoardRepository } from '../cases/index.ts';
import { createProposalsRepository } from './proposals.repository.ts';

/** The proposal is the person's (a lawyer's) or on one of their cases (a client's). */
const theirs = (userId: string) => or(eq(proposals.lawyerId, userId), eq(cases.userId, userId));

/**
 * docs/domain.md, Privacy rights: the proposals a person made (a lawyer) or received on their cases (a
 * client), exported; an accepted one keeps the account from being erased, and the erasure rejects the
 * pending ones.
 */
export const proposalsPrivacy = {
  exportFor(userId: string, db: Db) {
    return db
      .select({
        id: proposals.id,
        caseId: proposals.caseId,
        lawyerId: proposals.lawyerId,
        priceCents: proposals.priceCents,
        message: proposals.message,
        status: proposals.status,
        createdAt: proposals.createdAt,
        decidedAt: proposals.decidedAt,
        rejectReason: proposals.rejectReason,
      })
      .from(proposals)
      .innerJoin(cases, eq(cases.id, proposals.caseId))
      .where(theirs(userId))
      .orderBy(asc(proposals.createdAt));
  },

  /** A proposal of theirs, or on their case, is accepted: its checkout may still complete and activate the case. */
  async hasCheckoutOpen(userId: string, db: Db) {
    const accepted = await db
      .select({ id: proposals.id })
      .from(proposals)
      .innerJoin(cases, eq(cases.id, proposals.caseId))
      .where(and(eq(proposals.status, PROPOSAL_STATUS.ACCEPTED), theirs(userId)))
      .limit(1);
    return accepted.length > 0;
  },

  /**
   * The pending proposals on the client's `discardedCases` are rejected, and so are a lawyer's own (the
   * lawyer is gone), each case they were on recounted on the board.
   */
  async eraseFor(userId: string, tx: Db, discardedCases: string[]) {
    const repository = createProposalsRepository(tx);
    const board = createBoardRepository(tx);
    await repository.rejectPendingOnCases(discardedCases);
    for (const caseId of await repository.rejectPendingOfLawyer(userId)) {
      await board.refreshProposalFigures(caseId);
    }
  },
};
