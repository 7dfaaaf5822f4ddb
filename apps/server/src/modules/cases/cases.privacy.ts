import { CASE_STATUS } from '@l4l/shared/constants/cases';
import { PROPOSAL_STATUS } from '@l4l/shared/constants/proposals';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { cases, proposals } from '../../db/schema/index.ts';
import { createBoardRepository } from './board.repository.ts';
import { afterAction, authorize, CASE_MACHINE, PLATFORM } from './case-machine.ts';
import { createCasesRepository } from './cases.repository.ts';

const partyOf = (userId: string) => or(eq(cases.userId, userId), eq(cases.lawyerId, userId));

/**
 * docs/domain.md, Privacy rights: the cases a person published or was assigned, exported; an `ACTIVO` one
 * keeps the account from being erased, and the erasure discards the client's cases still open.
 */
export const casesPrivacy = {
  exportFor(userId: string, db: Db) {
    return db
      .select({
        id: cases.id,
        title: cases.title,
        description: cases.description,
        category: cases.category,
        status: cases.status,
        progressStep: cases.progressStep,
        casePriceCents: cases.casePriceCents,
        asClient: sql<boolean>`${cases.userId} = ${userId}`,
        creationDate: cases.creationDate,
        startDate: cases.startDate,
        finishDate: cases.finishDate,
        discardReason: cases.discardReason,
      })
      .from(cases)
      .where(partyOf(userId))
      .orderBy(asc(cases.creationDate));
  },

  /** A case of theirs is `ACTIVO` (as client or lawyer): the other party is owed the service or the payment. */
  async hasActiveCase(userId: string, db: Db) {
    const active = await db
      .select({ id: cases.id })
      .from(cases)
      .where(and(partyOf(userId), eq(cases.status, CASE_STATUS.ACTIVO)))
      .limit(1);
    return active.length > 0;
  },

  /**
   * Locks, in one order, the cases an erasure may change or an acceptance could race it on: the client's
   * cases still open, and the cases of the lawyer's proposals still open. Taken before the account's row,
   * as an acceptance takes the case before anything of a person: the two queue instead of deadlocking, and
   * the erasure's rules then read an acceptance that came first.
   */
  async lockForErasure(userId: string, tx: Db) {
    const proposedOn = tx
      .select({ caseId: proposals.caseId })
      .from(proposals)
      .where(
        and(
          eq(proposals.lawyerId, userId),
          inArray(proposals.status, [PROPOSAL_STATUS.PENDING, PROPOSAL_STATUS.ACCEPTED]),
        ),
      );
    await tx
      .select({ id: cases.id })
      .from(cases)
      .where(
        or(
          and(eq(cases.userId, userId), inArray(cases.status, [...CASE_MACHINE.discardOnErasure.from])),
          inArray(cases.id, proposedOn),
        ),
      )
      .orderBy(asc(cases.id))
      .for('update');
  },

  /**
   * The machine's `discardOnErasure` on each of the client's cases still waiting for validation or
   * assignment, locked first: DESCARTADO with `reason`, and off the board. Answers the cases discarded.
   */
  async eraseFor(userId: string, tx: Db, reason: string): Promise<string[]> {
    const open = await tx
      .select()
      .from(cases)
      .where(and(eq(cases.userId, userId), inArray(cases.status, [...CASE_MACHINE.discardOnErasure.from])))
      .orderBy(asc(cases.id))
      .for('update');
    const repository = createCasesRepository(tx);
    const board = createBoardRepository(tx);
    for (const row of open) {
      authorize('discardOnErasure', PLATFORM, row);
      await repository.updateCase(row.id, { ...afterAction('discardOnErasure', row), discardReason: reason });
      await board.removeFromBoard(row.id);
    }
    return open.map((row) => row.id);
  },
};
