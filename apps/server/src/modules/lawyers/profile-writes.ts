import { searchableText } from '@l4l/shared/search';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { lawyerProfiles } from '../../db/schema/index.ts';
import { assignLawyerSlugs } from './lawyer-slugs.ts';

/**
 * The writes other modules ask of a lawyer's profile, its owner's (docs/decisions/0026-table-ownership.md):
 * registration creates it, an administrator verifies or rejects it, cases move its counters, ratings its
 * rating summary, a renamed account its search text. Each runs on the executor it is given, so the
 * caller's transaction stays one transaction.
 */

/** The profile and its public page's slug (docs/domain.md, Public lawyer pages), given once here. */
export async function createLawyerProfile(db: Db, values: typeof lawyerProfiles.$inferInsert): Promise<void> {
  await db.insert(lawyerProfiles).values(values);
  await assignLawyerSlugs(db, values.userId);
}

/**
 * An unverified lawyer becomes verified; the administrator who verified them checked the colegiación too
 * (docs/domain.md, Colegiación).
 */
export async function verifyLawyer(db: Db, lawyerId: string, adminId: string): Promise<void> {
  await db
    .update(lawyerProfiles)
    .set({
      verifiedAt: new Date(),
      verifiedBy: adminId,
      rejectedAt: null,
      rejectionReason: null,
      barCheckedAt: new Date(),
      barCheckedBy: adminId,
    })
    .where(and(eq(lawyerProfiles.userId, lawyerId), isNull(lawyerProfiles.verifiedAt)));
}

/** An unverified lawyer is rejected, with the reason they are told. */
export async function rejectLawyer(db: Db, lawyerId: string, reason: string): Promise<void> {
  await db
    .update(lawyerProfiles)
    .set({ rejectedAt: new Date(), rejectionReason: reason, updatedAt: new Date() })
    .where(and(eq(lawyerProfiles.userId, lawyerId), isNull(lawyerProfiles.verifiedAt)));
}

/** Moves the lawyer's case counters: a case becomes active, or an active one finishes. */
export async function moveCaseCounters(
  db: Db,
  lawyerId: string,
  change: { active: number; finished: number },
): Promise<void> {
  await db
    .update(lawyerProfiles)
    .set({
      activeCases: sql`greatest(${lawyerProfiles.activeCases} + ${change.active}, 0)`,
      finishedCases: sql`greatest(${lawyerProfiles.finishedCases} + ${change.finished}, 0)`,
    })
    .where(eq(lawyerProfiles.userId, lawyerId));
}

/** Moves the lawyer's rating_sum / rating_count by one rating, up (+1) or down (-1). */
export async function countRating(db: Db, lawyerId: string, stars: number, sign: 1 | -1): Promise<void> {
  await db
    .update(lawyerProfiles)
    .set({
      ratingSum: sql`${lawyerProfiles.ratingSum} + ${sign * stars}`,
      ratingCount: sql`${lawyerProfiles.ratingCount} + ${sign}`,
    })
    .where(eq(lawyerProfiles.userId, lawyerId));
}

/**
 * A lawyer's search text follows their name (ADR 0002, accent-free search) when the account is renamed
 * outside the lawyer's own profile edit; nothing for anyone who is not a lawyer.
 */
export async function lawyerRenamed(db: Db, userId: string, name: string, surname: string): Promise<void> {
  await db
    .update(lawyerProfiles)
    .set({ searchText: searchableText(name, surname) })
    .where(eq(lawyerProfiles.userId, userId));
}
