import { OPEN_PROPOSAL_STATUSES, PROPOSAL_STATUS } from '@l4l/shared/constants/proposals';
import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { proposals, users } from '../../db/schema/index.ts';

export type ProposalRow = typeof proposals.$inferSelect;

/** The proposals table: written by this module only. */
export function createProposalsRepository(db: Db) {
  return {
    async findProposal(id: string) {
      const [row] = await db.select().from(proposals).where(eq(proposals.id, id));
      return row;
    },

    /** The proposal row, locked until the transaction ends (its case is locked first, always). */
    async lockProposal(id: string) {
      const [row] = await db.select().from(proposals).where(eq(proposals.id, id)).for('update');
      return row;
    },

    /**
     * The open-proposal rule: null when the lawyer already has an open proposal on the case (the unique
     * partial index over OPEN_PROPOSAL_STATUSES decides, races included).
     */
    async insertProposal(values: typeof proposals.$inferInsert) {
      const [row] = await db.insert(proposals).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async setProposal(id: string, values: Partial<typeof proposals.$inferInsert>) {
      const [row] = await db.update(proposals).set(values).where(eq(proposals.id, id)).returning();
      return row;
    },

    /**
     * (+) Records the client's counter-offer on a proposal: at most one per proposal, so null when it has
     * one already.
     */
    async setCounterOffer(id: string, cents: number) {
      const [row] = await db
        .update(proposals)
        .set({ counterOfferCents: cents })
        .where(and(eq(proposals.id, id), isNull(proposals.counterOfferCents)))
        .returning();
      return row ?? null;
    },

    /** The counter-offer waiting on a proposal, answered: null when there was none. */
    async clearCounterOffer(id: string) {
      const [row] = await db
        .update(proposals)
        .set({ counterOfferCents: null })
        .where(and(eq(proposals.id, id), isNotNull(proposals.counterOfferCents)))
        .returning();
      return row ?? null;
    },

    /** An accepted proposal whose checkout closed unpaid is pending again (one still accepted only). */
    async releaseAccepted(id: string) {
      await db
        .update(proposals)
        .set({ status: PROPOSAL_STATUS.PENDING, decidedAt: null })
        .where(and(eq(proposals.id, id), eq(proposals.status, PROPOSAL_STATUS.ACCEPTED)));
    },

    /** The other open proposals of a case, rejected once one of them is paid; returns them. */
    async rejectOthers(caseId: string, paidId: string) {
      return db
        .update(proposals)
        .set({ status: PROPOSAL_STATUS.REJECTED, decidedAt: new Date() })
        .where(
          and(
            eq(proposals.caseId, caseId),
            ne(proposals.id, paidId),
            inArray(proposals.status, [...OPEN_PROPOSAL_STATUSES]),
          ),
        )
        .returning();
    },

    /** The pending proposals on these cases, rejected (their cases ended without an assignment). */
    async rejectPendingOnCases(caseIds: string[]) {
      if (caseIds.length === 0) return;
      await db
        .update(proposals)
        .set({ status: PROPOSAL_STATUS.REJECTED, decidedAt: new Date() })
        .where(and(inArray(proposals.caseId, caseIds), eq(proposals.status, PROPOSAL_STATUS.PENDING)));
    },

    /** A lawyer's pending proposals, rejected (the lawyer is gone); answers the cases they were on. */
    async rejectPendingOfLawyer(lawyerId: string): Promise<string[]> {
      const rejected = await db
        .update(proposals)
        .set({ status: PROPOSAL_STATUS.REJECTED, decidedAt: new Date() })
        .where(and(eq(proposals.lawyerId, lawyerId), eq(proposals.status, PROPOSAL_STATUS.PENDING)))
        .returning({ caseId: proposals.caseId });
      return [...new Set(rejected.map((row) => row.caseId))];
    },

    async lawyerName(id: string) {
      const [row] = await db
        .select({ name: users.name, surname: users.surname })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },
  };
}

export type ProposalsRepository = ReturnType<typeof createProposalsRepository>;
