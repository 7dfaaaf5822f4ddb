import { asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { fiscalProfiles, invoices } from '../../db/schema/index.ts';

const withoutOwner = ({ userId: _owner, ...rest }: typeof fiscalProfiles.$inferSelect) => rest;

/**
 * docs/domain.md, Privacy rights: the invoicing data of a person. The fiscal profile is exported and erased;
 * the invoices are exported and stay as issued (an invoice is immutable once issued).
 */
export const invoicesPrivacy = {
  async exportFor(userId: string, db: Db) {
    const [profile] = await db.select().from(fiscalProfiles).where(eq(fiscalProfiles.userId, userId));
    return {
      fiscalProfile: profile ? withoutOwner(profile) : null,
      /** the invoices the person issued (through the platform) or received */
      invoices: await db
        .select({
          id: invoices.id,
          numSerie: invoices.numSerie,
          kind: invoices.kind,
          type: invoices.type,
          issuedAt: invoices.issuedAt,
          issuerName: invoices.issuerName,
          issuerNif: invoices.issuerNif,
          recipientName: invoices.recipientName,
          recipientNif: invoices.recipientNif,
          baseCents: invoices.baseCents,
          vatCents: invoices.vatCents,
          irpfCents: invoices.irpfCents,
          totalCents: invoices.totalCents,
          caseId: invoices.caseId,
        })
        .from(invoices)
        .where(or(eq(invoices.issuerUserId, userId), eq(invoices.recipientUserId, userId)))
        .orderBy(asc(invoices.issuedAt)),
    };
  },

  async eraseFor(userId: string, tx: Db) {
    await tx.delete(fiscalProfiles).where(eq(fiscalProfiles.userId, userId));
  },
};
