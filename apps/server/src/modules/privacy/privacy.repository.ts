import { CASE_STATUS } from '@l4l/shared/constants/cases';
import { PROPOSAL_STATUS } from '@l4l/shared/constants/proposals';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { erasedLawyerSlug } from '../../db/lawyer-slugs.ts';
import {
  academicExperiences,
  auditLog,
  cases,
  chats,
  consultations,
  disputes,
  documents,
  emailVerifications,
  fiscalProfiles,
  invoices,
  lawyerAvailability,
  lawyerProfiles,
  mailChangeTokens,
  messageDigests,
  messages,
  mfaChallenges,
  notificationMails,
  notificationPreferences,
  notifications,
  passwordResetTokens,
  payments,
  payoutAccounts,
  proposals,
  ratings,
  transfers,
  uploads,
  users,
  workExperiences,
} from '../../db/schema/index.ts';
import { createBoardRepository } from '../cases/index.ts';
import { createProposalsRepository } from '../proposals/index.ts';

const counterpart = alias(users, 'counterpart');

/** What stops an erasure (docs/domain.md, Privacy rights), the first one found. */
export type ErasureBlocker = 'activeCase' | 'openDispute' | 'paymentInProgress' | 'moneyHeld';

/** The pseudonymised account: what its row keeps once erased. */
export type ErasedValues = Pick<
  typeof users.$inferInsert,
  'mail' | 'name' | 'surname' | 'username' | 'phoneNumber' | 'photoUrl'
>;

/**
 * docs/domain.md, Privacy rights. The export reads what the person's rows are across the features; the
 * erasure writes them in one transaction (docs/decisions/0015-privacy-rights.md says why this one action
 * reaches into other features' tables instead of asking each of them).
 */
export function createPrivacyRepository(db: Db) {
  const partyOf = (userId: string) => or(eq(cases.userId, userId), eq(cases.lawyerId, userId));
  const exists = async (query: Promise<unknown[]>) => (await query).length > 0;

  return {
    // ---- the export ----

    async person(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          role: users.role,
          mail: users.mail,
          name: users.name,
          surname: users.surname,
          username: users.username,
          phoneNumber: users.phoneNumber,
          photoUrl: users.photoUrl,
          signsInWithGoogle: sql<boolean>`${users.googleSub} is not null`,
          createdAt: users.createdAt,
          lastConnection: users.lastConnection,
        })
        .from(users)
        .where(and(eq(users.id, userId), sql`${users.erasedAt} is null`))
        .limit(1);
      return row;
    },

    async lawyerSheet(userId: string) {
      const [profile] = await db
        .select({
          description: lawyerProfiles.description,
          categories: lawyerProfiles.categories,
          province: lawyerProfiles.province,
          barAssociation: lawyerProfiles.lawyerAssociation,
          barNumber: lawyerProfiles.membershipNumber,
          priceHourCents: lawyerProfiles.priceHourCents,
          priceFirstVisitCents: lawyerProfiles.priceFirstVisitCents,
          firstVisitFree: lawyerProfiles.firstVisitFree,
          verifiedAt: lawyerProfiles.verifiedAt,
        })
        .from(lawyerProfiles)
        .where(eq(lawyerProfiles.userId, userId));
      if (!profile) return null;
      const academic = await db
        .select({
          center: academicExperiences.center,
          title: academicExperiences.title,
          startDate: academicExperiences.startDate,
          endDate: academicExperiences.endDate,
        })
        .from(academicExperiences)
        .where(eq(academicExperiences.lawyerId, userId));
      const work = await db
        .select({
          company: workExperiences.company,
          position: workExperiences.position,
          startDate: workExperiences.startDate,
          endDate: workExperiences.endDate,
        })
        .from(workExperiences)
        .where(eq(workExperiences.lawyerId, userId));
      return { ...profile, academicExperience: academic, workExperience: work };
    },

    async fiscalProfile(userId: string) {
      const [row] = await db.select().from(fiscalProfiles).where(eq(fiscalProfiles.userId, userId));
      if (!row) return null;
      const { userId: _owner, ...rest } = row;
      return rest;
    },

    /** The cases the person published, or was assigned as their lawyer. */
    cases(userId: string) {
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

    /** The proposals the person made (a lawyer) or received on their cases (a client). */
    proposals(userId: string) {
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
        .where(or(eq(proposals.lawyerId, userId), eq(cases.userId, userId)))
        .orderBy(asc(proposals.createdAt));
    },

    /** The person's chats, each with the other party's name. */
    chats(userId: string) {
      return db
        .select({
          id: chats.id,
          asLawyer: sql<boolean>`${chats.lawyerId} = ${userId}`,
          withId: counterpart.id,
          withName: sql<string>`trim(${counterpart.name} || ' ' || ${counterpart.surname})`,
          createdAt: chats.createdAt,
        })
        .from(chats)
        .innerJoin(
          counterpart,
          sql`${counterpart.id} = case when ${chats.userId} = ${userId} then ${chats.lawyerId} else ${chats.userId} end`,
        )
        .where(or(eq(chats.userId, userId), eq(chats.lawyerId, userId)))
        .orderBy(asc(chats.createdAt));
    },

    /**
     * The messages of the person's chats, as the person received them: a lawyer never received the
     * messages meant for the client alone (docs/domain.md, Chat messages).
     */
    messages(userId: string, chatIds: string[]) {
      if (chatIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          id: messages.id,
          chatId: messages.chatId,
          fromMe: sql<boolean>`coalesce(${messages.senderId} = ${userId}, false)`,
          senderId: messages.senderId,
          type: messages.type,
          text: messages.text,
          caseId: messages.caseId,
          proposalAmountCents: messages.proposalAmountCents,
          documentId: messages.documentId,
          createdAt: messages.createdAt,
          readAt: messages.readAt,
        })
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.chatId))
        .where(
          and(inArray(messages.chatId, chatIds), or(eq(chats.userId, userId), eq(messages.audience, 'ALL'))),
        )
        .orderBy(asc(messages.seq));
    },

    /** The ratings the person gave (a client) or received (a lawyer). */
    ratings(userId: string) {
      return db
        .select({
          id: ratings.id,
          caseId: ratings.caseId,
          lawyerId: ratings.lawyerId,
          given: sql<boolean>`${ratings.userId} = ${userId}`,
          stars: ratings.stars,
          title: ratings.title,
          description: ratings.description,
          createdAt: ratings.createdAt,
        })
        .from(ratings)
        .where(or(eq(ratings.userId, userId), eq(ratings.lawyerId, userId)))
        .orderBy(asc(ratings.createdAt));
    },

    /** First consultations as client or lawyer, and a lawyer's availability (docs/domain.md, First consultations). */
    consultations(userId: string) {
      return db
        .select({
          id: consultations.id,
          lawyerId: consultations.lawyerId,
          clientId: consultations.clientId,
          start: consultations.startAt,
          end: consultations.endAt,
          mode: consultations.mode,
          note: consultations.note,
          status: consultations.status,
          priceCents: consultations.priceCents,
          // a paid one's payment (its row is in `payments`) and what was given back
          paymentId: consultations.paymentId,
          refundedCents: consultations.refundedCents,
          cancelledBy: consultations.cancelledBy,
          cancelReason: consultations.cancelReason,
          createdAt: consultations.createdAt,
        })
        .from(consultations)
        .where(or(eq(consultations.clientId, userId), eq(consultations.lawyerId, userId)))
        .orderBy(asc(consultations.startAt));
    },

    async availability(userId: string) {
      const [row] = await db.select().from(lawyerAvailability).where(eq(lawyerAvailability.lawyerId, userId));
      return row ?? null;
    },

    payments(userId: string) {
      return db
        .select({
          id: payments.id,
          caseId: payments.caseId,
          consultationId: payments.consultationId,
          asClient: sql<boolean>`${payments.userId} = ${userId}`,
          provider: payments.provider,
          amountCents: payments.amountCents,
          feeCents: payments.feeCents,
          currency: payments.currency,
          status: payments.status,
          refundedCents: payments.refundedCents,
          createdAt: payments.createdAt,
          completedAt: payments.completedAt,
          refundedAt: payments.refundedAt,
        })
        .from(payments)
        .where(or(eq(payments.userId, userId), eq(payments.lawyerId, userId)))
        .orderBy(asc(payments.createdAt));
    },

    /** A lawyer's payout account at the payment provider: where their transfers go. */
    async payoutAccount(userId: string) {
      const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.lawyerId, userId));
      if (!row) return null;
      const { lawyerId: _owner, ...rest } = row;
      return rest;
    },

    /** What a lawyer was owed for each finished case, and whether it was sent. */
    async transfers(userId: string) {
      const rows = await db
        .select()
        .from(transfers)
        .where(eq(transfers.lawyerId, userId))
        .orderBy(asc(transfers.createdAt));
      return rows.map(({ lawyerId: _owner, ...rest }) => rest);
    },

    /** The invoices the person issued (through the platform) or received. */
    invoices(userId: string) {
      return db
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
        .orderBy(asc(invoices.issuedAt));
    },

    notifications(userId: string) {
      return db
        .select({
          id: notifications.id,
          type: notifications.type,
          title: notifications.title,
          body: notifications.body,
          createdAt: notifications.createdAt,
          readAt: notifications.readAt,
        })
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt));
    },

    notificationPreferences(userId: string) {
      return db
        .select({ type: notificationPreferences.type, email: notificationPreferences.email })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
    },

    /** The case documents the person uploaded, with the seal their bytes are opened with. */
    uploadedDocuments(userId: string) {
      return db
        .select({
          id: documents.id,
          caseId: documents.caseId,
          name: documents.name,
          mime: documents.mime,
          size: documents.size,
          createdAt: documents.createdAt,
          keyId: documents.keyId,
          wrappedKey: documents.wrappedKey,
        })
        .from(documents)
        .where(eq(documents.uploaderId, userId))
        .orderBy(asc(documents.createdAt));
    },

    /** The pictures the person uploaded: avatars and chat pictures. */
    uploads(userId: string) {
      return db
        .select({
          id: uploads.id,
          url: uploads.url,
          mime: uploads.mime,
          purpose: uploads.purpose,
          createdAt: uploads.createdAt,
        })
        .from(uploads)
        .where(eq(uploads.ownerId, userId))
        .orderBy(asc(uploads.createdAt));
    },

    // ---- the erasure (inside its transaction) ----

    /** Locks the account's row, so two erasures (or an erasure and a sign-up of the freed mail) run in turn. */
    async lockAccount(userId: string) {
      const [row] = await db
        .select({
          id: users.id,
          role: users.role,
          mail: users.mail,
          name: users.name,
          surname: users.surname,
          photoUrl: users.photoUrl,
          erasedAt: users.erasedAt,
        })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      return row;
    },

    /** docs/domain.md, Privacy rights: what must be settled before an account may go. */
    async blocker(userId: string): Promise<ErasureBlocker | null> {
      const active = db
        .select({ id: cases.id })
        .from(cases)
        .where(and(partyOf(userId), eq(cases.status, CASE_STATUS.ACTIVO)))
        .limit(1);
      if (await exists(active)) return 'activeCase';
      const dispute = db
        .select({ id: disputes.id })
        .from(disputes)
        .innerJoin(cases, eq(cases.id, disputes.caseId))
        .where(and(partyOf(userId), eq(disputes.status, 'open')))
        .limit(1);
      if (await exists(dispute)) return 'openDispute';
      const checkout = db
        .select({ id: proposals.id })
        .from(proposals)
        .innerJoin(cases, eq(cases.id, proposals.caseId))
        .where(
          and(
            eq(proposals.status, PROPOSAL_STATUS.ACCEPTED),
            or(eq(proposals.lawyerId, userId), eq(cases.userId, userId)),
          ),
        )
        .limit(1);
      if (await exists(checkout)) return 'paymentInProgress';
      const owed = db
        .select({ id: transfers.id })
        .from(transfers)
        .where(and(eq(transfers.lawyerId, userId), eq(transfers.status, 'PENDIENTE')))
        .limit(1);
      if (await exists(owed)) return 'moneyHeld';
      return null;
    },

    /** Pseudonymises the account: no password, no Google link, no second factor, a mail nobody has. */
    async pseudonymise(userId: string, values: ErasedValues) {
      await db
        .update(users)
        .set({
          ...values,
          passwordHash: null,
          googleSub: null,
          totpSecret: null,
          totpEnrolledAt: null,
          totpLastStep: null,
          erasedAt: new Date(),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId));
      // a pending link names the mail; its queued mail goes in removePersonalRecords
      for (const table of [passwordResetTokens, mailChangeTokens, emailVerifications, mfaChallenges]) {
        await db.delete(table).where(eq(table.userId, userId));
      }
    },

    /** Fiscal data, notifications, preferences and digests go; invoices keep their own copy as issued. */
    async removePersonalRecords(userId: string) {
      await db.delete(fiscalProfiles).where(eq(fiscalProfiles.userId, userId));
      // their outbox mails go with them (cascade), and the account mails not sent yet, which name addresses
      await db.delete(notifications).where(eq(notifications.userId, userId));
      await db.delete(notificationMails).where(eq(notificationMails.userId, userId));
      await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
      await db.delete(messageDigests).where(eq(messageDigests.userId, userId));
      // a lawyer's hours and office go; the notes a client wrote for their consultations too
      await db.delete(lawyerAvailability).where(eq(lawyerAvailability.lawyerId, userId));
      await db.update(consultations).set({ note: null }).where(eq(consultations.clientId, userId));
    },

    /**
     * A lawyer leaves the directory and the verification queue: the sheet is emptied and marked rejected
     * with `reason`, so no listing, profile page or new case reaches them.
     */
    async withdrawLawyer(userId: string, reason: string) {
      await db
        .update(lawyerProfiles)
        .set({
          description: '',
          lawyerAssociation: '',
          membershipNumber: '',
          searchText: '',
          // the page's address spelt the name: a new one that names nobody, at once
          slug: erasedLawyerSlug(userId),
          featured: false,
          verifiedAt: null,
          rejectedAt: new Date(),
          rejectionReason: reason,
          updatedAt: new Date(),
        })
        .where(eq(lawyerProfiles.userId, userId));
      await db.delete(academicExperiences).where(eq(academicExperiences.lawyerId, userId));
      await db.delete(workExperiences).where(eq(workExperiences.lawyerId, userId));
    },

    /**
     * The cases and proposals still in play end: the client's unassigned cases are discarded (and leave the
     * board), with the proposals on them; a lawyer's pending proposals are rejected, and the board recounts.
     */
    async closeOpenBusiness(userId: string, discardReason: string) {
      const board = createBoardRepository(db);
      const proposalsOf = createProposalsRepository(db);
      const now = new Date();
      const discarded = await db
        .update(cases)
        .set({ status: CASE_STATUS.DESCARTADO, discardReason, updatedAt: now })
        .where(
          and(
            eq(cases.userId, userId),
            inArray(cases.status, [CASE_STATUS.PDTEAVALIDACION, CASE_STATUS.PENDIENTE_ASIGNACION]),
          ),
        )
        .returning({ id: cases.id });
      const discardedIds = discarded.map((row) => row.id);
      await proposalsOf.rejectPendingOnCases(discardedIds);
      for (const id of discardedIds) await board.removeFromBoard(id);
      for (const caseId of await proposalsOf.rejectPendingOfLawyer(userId)) {
        await board.refreshProposalFigures(caseId);
      }
      // first consultations still ahead are cancelled, freeing the lawyer's slots
      await db
        .update(consultations)
        .set({ status: 'CANCELADA', cancelReason: discardReason, cancelledAt: now })
        .where(
          and(
            or(eq(consultations.clientId, userId), eq(consultations.lawyerId, userId)),
            inArray(consultations.status, ['PENDIENTE_PAGO', 'RESERVADA']),
            sql`${consultations.endAt} > ${now}`,
          ),
        );
    },

    /**
     * The person's avatars and case documents go from the database (the chat keeps its messages, without
     * the document); answers what to remove from the storage once committed.
     */
    async removeOwnFiles(userId: string) {
      const avatars = await db
        .delete(uploads)
        .where(and(eq(uploads.ownerId, userId), eq(uploads.purpose, 'avatar')))
        .returning({ url: uploads.url });
      const removed = await db
        .delete(documents)
        .where(eq(documents.uploaderId, userId))
        .returning({ id: documents.id });
      const documentIds = removed.map((row) => row.id);
      if (documentIds.length > 0) {
        await db.update(messages).set({ documentId: null }).where(inArray(messages.documentId, documentIds));
      }
      return { avatarUrls: avatars.map((row) => row.url), documentIds };
    },

    /**
     * The platform's own messages in the person's chats (a rating prompt names the lawyer) name them by the
     * pseudonym instead; what people wrote stays as written.
     */
    async renameInSystemMessages(userId: string, fullName: string, pseudonym: string) {
      if (fullName.trim() === '') return;
      const theirChats = db
        .select({ id: chats.id })
        .from(chats)
        .where(or(eq(chats.userId, userId), eq(chats.lawyerId, userId)));
      await db
        .update(messages)
        .set({ text: sql`replace(${messages.text}, ${fullName}, ${pseudonym})` })
        .where(
          and(
            inArray(messages.chatId, theirChats),
            isNull(messages.senderId),
            sql`strpos(${messages.text}, ${fullName}) > 0`,
          ),
        );
    },

    /** The erasure in the audit log: the person did it themselves (no administrator). */
    async audit(userId: string, details: Record<string, unknown>) {
      await db.insert(auditLog).values({
        adminId: null,
        action: 'user.erase',
        targetType: 'user',
        targetId: userId,
        details,
      });
    },
  };
}

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
