import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { cases, disputes, payoutAccounts, transfers } from '../../db/schema/index.ts';

const exists = async (query: Promise<unknown[]>) => (await query).length > 0;

/**
 * docs/domain.md, Privacy rights: a lawyer's payout account and transfers, exported (the erasure leaves the
 * money's records, kept for 6 years), and the money that keeps an account from being erased.
 */
export const moneyPrivacy = {
  async exportFor(userId: string, db: Db) {
    const [account] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.lawyerId, userId));
    const owed = await db
      .select()
      .from(transfers)
      .where(eq(transfers.lawyerId, userId))
      .orderBy(asc(transfers.createdAt));
    return {
      /** the lawyer's account at the payment provider: where their transfers go */
      payoutAccount: account ? withoutLawyer(account) : null,
      /** what the lawyer was owed for each finished case, and whether it was sent */
      transfers: owed.map(withoutLawyer),
    };
  },

  /** A dispute on one of the person's cases is open: an administrator must be able to reach both parties. */
  hasOpenDispute(userId: string, db: Db) {
    return exists(
      db
        .select({ id: disputes.id })
        .from(disputes)
        .innerJoin(cases, eq(cases.id, disputes.caseId))
        .where(and(or(eq(cases.userId, userId), eq(cases.lawyerId, userId)), eq(disputes.status, 'open')))
        .limit(1),
    );
  },

  /** The lawyer is owed a transfer not yet sent: the money is theirs, and it needs the payout account. */
  isOwedTransfer(userId: string, db: Db) {
    return exists(
      db
        .select({ id: transfers.id })
        .from(transfers)
        .where(and(eq(transfers.lawyerId, userId), eq(transfers.status, 'PENDIENTE')))
        .limit(1),
    );
  },
};

function withoutLawyer<T extends { lawyerId: string }>({ lawyerId: _owner, ...rest }: T) {
  return rest;
}
