import type { CaseStatus } from '@l4l/shared/constants/cases';
import { and, asc, count, desc, eq, gt, lt, lte, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  caseCreationKeys,
  cases,
  chats,
  disputes,
  lawyerProfiles,
  proposals,
  ratings,
  users,
} from '../../db/schema/index.ts';
import { moveCaseCounters } from '../lawyers/index.ts';
import type { PageRange } from './board.repository.ts';

const client = alias(users, 'case_client');
const assigned = alias(users, 'assigned_lawyer');
const addressed = alias(users, 'addressed_lawyer');

/** Who reads a case decides the chat and proposal columns: a client sees theirs, a lawyer theirs. */
export type Viewer = { id: string; side: 'client' | 'lawyer' | 'admin' };

/**
 * Columns of the outer `cases` row, always qualified: Drizzle leaves the table name out of a query over one
 * table, where a bare "id" inside a subquery would mean the subquery's own row.
 */
const outer = {
  id: sql.raw('"cases"."id"'),
  userId: sql.raw('"cases"."user_id"'),
  lawyerId: sql.raw('"cases"."lawyer_id"'),
  addressedLawyerId: sql.raw('"cases"."addressed_lawyer_id"'),
};

function viewerColumns(viewer: Viewer) {
  const counterpart =
    viewer.side === 'lawyer'
      ? sql<string | null>`${outer.userId}`
      : sql`coalesce(${outer.lawyerId}, ${outer.addressedLawyerId})`;
  const chatId =
    viewer.side === 'lawyer'
      ? sql<
          string | null
        >`(select c.id from ${chats} c where c.user_id = ${outer.userId} and c.lawyer_id = ${viewer.id})`
      : viewer.side === 'client'
        ? sql<
            string | null
          >`(select c.id from ${chats} c where c.user_id = ${outer.userId} and c.lawyer_id = coalesce(${outer.lawyerId}, ${outer.addressedLawyerId}))`
        : sql<string | null>`null`;
  const myProposal =
    viewer.side === 'lawyer'
      ? sql<{
          id: string;
          priceCents: number;
          status: string;
        } | null>`(select json_build_object('id', p.id, 'priceCents', p.price_cents, 'status', p.status) from ${proposals} p where p.case_id = ${outer.id} and p.lawyer_id = ${viewer.id} order by p.created_at desc limit 1)`
      : sql<null>`null`;
  return {
    chatWith: viewer.side === 'admin' ? sql<string | null>`null` : counterpart.mapWith(String),
    chatId,
    myProposal,
  };
}

/**
 * A client's contact column as `viewer` reads it: the assigned lawyer (docs/domain.md, Money: the client's
 * contact data) and administrators read it, anyone else reads null.
 */
function contactOf(viewer: Viewer, column: SQLWrapper) {
  if (viewer.side === 'admin') return sql<string | null>`${column}`;
  if (viewer.side === 'client') return sql<string | null>`null`;
  return sql<string | null>`case when ${cases.lawyerId} = ${viewer.id} then ${column} end`;
}

function caseColumns(viewer: Viewer) {
  return {
    id: cases.id,
    status: cases.status,
    progressStep: cases.progressStep,
    title: cases.title,
    description: cases.description,
    category: cases.category,
    creationDate: cases.creationDate,
    startDate: cases.startDate,
    endDate: cases.endDate,
    finishDate: cases.finishDate,
    assignationDate: cases.assignationDate,
    casePriceCents: cases.casePriceCents,
    userId: cases.userId,
    clientName: client.name,
    clientSurname: client.surname,
    // how to reach the client: for the case's lawyer once it is theirs (paid), and for administrators
    clientMail: contactOf(viewer, client.mail),
    clientPhone: contactOf(viewer, client.phoneNumber),
    lawyerId: cases.lawyerId,
    lawyerName: assigned.name,
    lawyerSurname: assigned.surname,
    addressedLawyerId: cases.addressedLawyerId,
    addressedName: addressed.name,
    addressedSurname: addressed.surname,
    closureRequestedAt: cases.closureRequestedAt,
    // written by an administrator for the client (and mailed to them): not the lawyers' business
    discardReason: viewer.side === 'lawyer' ? sql<string | null>`null` : cases.discardReason,
    ratingId: sql<
      string | null
    >`(select ${ratings.id} from ${ratings} where ${ratings.caseId} = ${cases.id})`,
    disputeOpen: sql<boolean>`exists (select 1 from ${disputes} where ${disputes.caseId} = ${cases.id} and ${disputes.status} = 'open')`,
    ...viewerColumns(viewer),
  };
}

const creationKey = (userId: string, key: string) =>
  and(eq(caseCreationKeys.userId, userId), eq(caseCreationKeys.key, key));

export function createCasesRepository(db: Db) {
  function selectCases(viewer: Viewer) {
    return db
      .select(caseColumns(viewer))
      .from(cases)
      .innerJoin(client, eq(client.id, cases.userId))
      .leftJoin(assigned, eq(assigned.id, cases.lawyerId))
      .leftJoin(addressed, eq(addressed.id, cases.addressedLawyerId));
  }

  async function page(viewer: Viewer, where: SQL | undefined, order: SQL[], range: PageRange) {
    const [rows, totals] = await Promise.all([
      selectCases(viewer)
        .where(where)
        .orderBy(...order)
        .limit(range.limit)
        .offset(range.offset),
      db.select({ total: count() }).from(cases).where(where),
    ]);
    return { rows, total: totals[0]?.total ?? 0 };
  }

  const withStatus = (where: SQL | undefined, status: CaseStatus | undefined) =>
    status ? and(where, eq(cases.status, status)) : where;

  return {
    async findCase(id: string, viewer: Viewer) {
      const [row] = await selectCases(viewer).where(eq(cases.id, id));
      return row;
    },

    /** ACTIVO cases with a closure request older than `before` (docs/money.md, Auto-finish). */
    async closuresDue(before: Date, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: cases.id })
        .from(cases)
        .where(
          and(
            eq(cases.status, 'ACTIVO'),
            lt(cases.closureRequestedAt, before),
            // a case the client disputed waits for the administrators instead (docs/money.md, Disputes)
            sql`not exists (select 1 from ${disputes} where ${disputes.caseId} = ${cases.id} and ${disputes.status} = 'open')`,
          ),
        )
        .orderBy(asc(cases.closureRequestedAt))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** The case row, locked until the transaction ends: two actions on one case run one after the other. */
    async lockCase(id: string) {
      const [row] = await db.select().from(cases).where(eq(cases.id, id)).for('update');
      return row;
    },

    async insertCase(values: typeof cases.$inferInsert) {
      const [row] = await db.insert(cases).values(values).returning({ id: cases.id });
      if (!row) throw new Error('case not stored');
      return row.id;
    },

    async updateCase(id: string, values: Partial<typeof cases.$inferInsert>) {
      await db
        .update(cases)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(cases.id, id));
    },

    clientCases(userId: string, status: CaseStatus | undefined, range: PageRange) {
      return page(
        { id: userId, side: 'client' },
        withStatus(eq(cases.userId, userId), status),
        [desc(cases.creationDate), desc(cases.id)],
        range,
      );
    },

    /** Assigned to the lawyer, addressed to them, or with a proposal of theirs. */
    lawyerCases(lawyerId: string, status: CaseStatus | undefined, range: PageRange) {
      const mine = or(
        eq(cases.lawyerId, lawyerId),
        eq(cases.addressedLawyerId, lawyerId),
        sql`exists (select 1 from ${proposals} p where p.case_id = ${outer.id} and p.lawyer_id = ${lawyerId})`,
      );
      return page(
        { id: lawyerId, side: 'lawyer' },
        withStatus(mine, status),
        [desc(cases.creationDate), desc(cases.id)],
        range,
      );
    },

    /** Cases by status for the administrators; those awaiting validation oldest first (the 48 h promise). */
    adminCases(adminId: string, status: CaseStatus | undefined, range: PageRange) {
      const order =
        status === 'PENDIENTE DE VALIDACIÓN'
          ? [asc(cases.creationDate), asc(cases.id)]
          : [desc(cases.creationDate), desc(cases.id)];
      return page({ id: adminId, side: 'admin' }, withStatus(undefined, status), order, range);
    },

    /** The case an earlier creation with this key made, if it is younger than `since`. */
    async caseOfCreationKey(userId: string, key: string, since: Date) {
      const [row] = await db
        .select({ caseId: caseCreationKeys.caseId })
        .from(caseCreationKeys)
        .where(and(creationKey(userId, key), gt(caseCreationKeys.createdAt, since)));
      return row?.caseId ?? null;
    },

    /**
     * Keeps the key of a creation; false when another creation holds it already (the primary key decides
     * a race: the second waits for the first to commit). A key older than `since` is free again.
     */
    async claimCreationKey(userId: string, key: string, caseId: string, since: Date) {
      await db
        .delete(caseCreationKeys)
        .where(and(creationKey(userId, key), lte(caseCreationKeys.createdAt, since)));
      const claimed = await db
        .insert(caseCreationKeys)
        .values({ userId, key, caseId })
        .onConflictDoNothing()
        .returning({ caseId: caseCreationKeys.caseId });
      return claimed.length > 0;
    },

    async person(id: string) {
      const [row] = await db
        .select({
          id: users.id,
          role: users.role,
          name: users.name,
          surname: users.surname,
          mail: users.mail,
          bannedAt: users.bannedAt,
          verifiedAt: lawyerProfiles.verifiedAt,
        })
        .from(users)
        .leftJoin(lawyerProfiles, eq(lawyerProfiles.userId, users.id))
        .where(eq(users.id, id));
      return row;
    },

    async chatOfPair(userId: string, lawyerId: string) {
      const [row] = await db
        .select({ id: chats.id })
        .from(chats)
        .where(and(eq(chats.userId, userId), eq(chats.lawyerId, lawyerId)));
      return row?.id ?? null;
    },

    /** Moves the lawyer's counters (theirs to write): a case becomes active, or an active one finishes. */
    moveLawyerCounters: (lawyerId: string, change: { active: number; finished: number }) =>
      moveCaseCounters(db, lawyerId, change),
  };
}

export type CasesRepository = ReturnType<typeof createCasesRepository>;
export type CaseRow = NonNullable<Awaited<ReturnType<CasesRepository['findCase']>>>;
export type LockedCase = NonNullable<Awaited<ReturnType<CasesRepository['lockCase']>>>;
