import { and, asc, count, desc, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { consultations, lawyerAvailability, lawyerProfiles, users } from '../../db/schema/index.ts';

export type ConsultationRow = typeof consultations.$inferSelect;
export type AvailabilityRow = typeof lawyerAvailability.$inferSelect;

const ACTIVE = ['PENDIENTE_PAGO', 'RESERVADA'] as const;

const lawyer = alias(users, 'lawyer');
const client = alias(users, 'client');

/** A consultation with its two parties' names, the lawyer's phone and the office (what the views need). */
const detailColumns = {
  row: consultations,
  lawyerName: lawyer.name,
  lawyerSurname: lawyer.surname,
  lawyerPhone: lawyer.phoneNumber,
  lawyerMail: lawyer.mail,
  clientName: client.name,
  clientSurname: client.surname,
  clientMail: client.mail,
  officeAddress: lawyerAvailability.officeAddress,
};

/** The consultations and lawyer_availability tables: written by this module only. */
export function createConsultationsRepository(db: Db) {
  const detail = () =>
    db
      .select(detailColumns)
      .from(consultations)
      .innerJoin(lawyer, eq(lawyer.id, consultations.lawyerId))
      .innerJoin(client, eq(client.id, consultations.clientId))
      .leftJoin(lawyerAvailability, eq(lawyerAvailability.lawyerId, consultations.lawyerId));

  return {
    async availability(lawyerId: string): Promise<AvailabilityRow | undefined> {
      const [row] = await db
        .select()
        .from(lawyerAvailability)
        .where(eq(lawyerAvailability.lawyerId, lawyerId));
      return row;
    },

    async saveAvailability(values: typeof lawyerAvailability.$inferInsert) {
      const { lawyerId, ...rest } = values;
      const [row] = await db
        .insert(lawyerAvailability)
        .values(values)
        .onConflictDoUpdate({ target: lawyerAvailability.lawyerId, set: { ...rest, updatedAt: new Date() } })
        .returning();
      return row;
    },

    /** The lawyer's profile facts a booking needs: verified, the first visit's price; undefined for a non-lawyer. */
    async bookableLawyer(lawyerId: string) {
      const [row] = await db
        .select({
          id: users.id,
          bannedAt: users.bannedAt,
          verifiedAt: lawyerProfiles.verifiedAt,
          priceFirstVisitCents: lawyerProfiles.priceFirstVisitCents,
          firstVisitFree: lawyerProfiles.firstVisitFree,
        })
        .from(users)
        .innerJoin(lawyerProfiles, eq(lawyerProfiles.userId, users.id))
        .where(eq(users.id, lawyerId));
      return row;
    },

    /** The lawyer's slots held (pending payment or reserved) overlapping [from, to). */
    busy(lawyerId: string, from: Date, to: Date) {
      return db
        .select({ start: consultations.startAt, end: consultations.endAt })
        .from(consultations)
        .where(
          and(
            eq(consultations.lawyerId, lawyerId),
            inArray(consultations.status, [...ACTIVE]),
            lt(consultations.startAt, to),
            gt(consultations.endAt, from),
          ),
        );
    },

    async insert(values: typeof consultations.$inferInsert) {
      const [row] = await db.insert(consultations).values(values).returning();
      if (!row) throw new Error('consultation not inserted');
      return row;
    },

    async update(id: string, values: Partial<typeof consultations.$inferInsert>) {
      const [row] = await db.update(consultations).set(values).where(eq(consultations.id, id)).returning();
      return row;
    },

    /** The row locked for a change of status (cancel, paid). */
    async lock(id: string) {
      const [row] = await db.select().from(consultations).where(eq(consultations.id, id)).for('update');
      return row;
    },

    async byPayment(paymentId: string) {
      const [row] = await db.select().from(consultations).where(eq(consultations.paymentId, paymentId));
      return row;
    },

    async detail(id: string) {
      const [row] = await detail().where(eq(consultations.id, id));
      return row;
    },

    /** The caller's consultations as client or lawyer, soonest first (past ones after, latest first). */
    async page(
      userId: string,
      when: 'upcoming' | 'past' | 'all',
      now: Date,
      range: { limit: number; offset: number },
    ) {
      const mine = or(eq(consultations.clientId, userId), eq(consultations.lawyerId, userId));
      const upcoming = and(inArray(consultations.status, [...ACTIVE]), gt(consultations.endAt, now));
      const filter =
        when === 'upcoming'
          ? and(mine, upcoming)
          : when === 'past'
            ? and(mine, sql`not (${upcoming})`)
            : mine;
      const [rows, [total]] = await Promise.all([
        detail()
          .where(filter)
          .orderBy(
            // the ones still ahead first, soonest first; then the rest, latest first
            desc(sql`(${upcoming})`),
            sql`case when (${upcoming}) then ${consultations.startAt} end asc`,
            desc(consultations.startAt),
          )
          .limit(range.limit)
          .offset(range.offset),
        db.select({ total: count() }).from(consultations).where(filter),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** Reserved consultations starting within `ahead` of now whose reminder of that kind was not sent yet. */
    dueReminders(kind: '24' | '1', now: Date, ahead: number, limit = 100) {
      const column = kind === '24' ? consultations.reminded24At : consultations.reminded1At;
      return db
        .select()
        .from(consultations)
        .where(
          and(
            eq(consultations.status, 'RESERVADA'),
            gt(consultations.startAt, now),
            lte(consultations.startAt, new Date(now.getTime() + ahead)),
            isNull(column),
          ),
        )
        .orderBy(asc(consultations.startAt))
        .limit(limit);
    },

    /** Marks a reminder sent; false when another process did it first. */
    async markReminded(id: string, kind: '24' | '1', at: Date) {
      const column = kind === '24' ? consultations.reminded24At : consultations.reminded1At;
      const set = kind === '24' ? { reminded24At: at } : { reminded1At: at };
      const done = await db
        .update(consultations)
        .set(set)
        .where(and(eq(consultations.id, id), isNull(column)))
        .returning({ id: consultations.id });
      return done.length > 0;
    },

    /** Every consultation of a person (the GDPR export). */
    ofPerson(userId: string) {
      return db
        .select()
        .from(consultations)
        .where(or(eq(consultations.clientId, userId), eq(consultations.lawyerId, userId)))
        .orderBy(asc(consultations.startAt));
    },
  };
}

export type ConsultationsRepository = ReturnType<typeof createConsultationsRepository>;
export type ConsultationDetail = NonNullable<Awaited<ReturnType<ConsultationsRepository['detail']>>>;
