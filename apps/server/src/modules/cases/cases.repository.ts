import type { CaseStatus } from '@l4l/shared/constants/cases';
import type { BoardQuery } from '@l4l/shared/schemas/cases';
import { searchableText } from '@l4l/shared/search';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  auditLog,
  cases,
  chats,
  lawyerProfiles,
  payments,
  proposals,
  ratings,
  users,
} from '../../db/schema/index.ts';

const client = alias(users, 'case_client');
const assigned = alias(users, 'assigned_lawyer');

/** Who reads a case decides the chat and proposal columns: a client sees theirs, a lawyer theirs. */
export type Viewer = { id: string; side: 'client' | 'lawyer' | 'admin' };

function viewerColumns(viewer: Viewer) {
  const counterpart =
    viewer.side === 'lawyer'
      ? sql<string | null>`${cases.userId}`
      : sql`coalesce(${cases.lawyerId}, ${cases.addressedLawyerId})`;
  const chatId =
    viewer.side === 'lawyer'
      ? sql<
          string | null
        >`(select ${chats.id} from ${chats} where ${chats.userId} = ${cases.userId} and ${chats.lawyerId} = ${viewer.id})`
      : viewer.side === 'client'
        ? sql<
            string | null
          >`(select ${chats.id} from ${chats} where ${chats.userId} = ${cases.userId} and ${chats.lawyerId} = coalesce(${cases.lawyerId}, ${cases.addressedLawyerId}))`
        : sql<string | null>`null`;
  const myProposal =
    viewer.side === 'lawyer'
      ? sql<{
          id: string;
          priceCents: number;
          status: string;
        } | null>`(select json_build_object('id', p.id, 'priceCents', p.price_cents, 'status', p.status) from ${proposals} p where p.case_id = ${cases.id} and p.lawyer_id = ${viewer.id} order by p.created_at desc limit 1)`
      : sql<null>`null`;
  return {
    chatWith: viewer.side === 'admin' ? sql<string | null>`null` : counterpart.mapWith(String),
    chatId,
    myProposal,
  };
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
    lawyerId: cases.lawyerId,
    lawyerName: assigned.name,
    lawyerSurname: assigned.surname,
    addressedLawyerId: cases.addressedLawyerId,
    closureRequestedAt: cases.closureRequestedAt,
    ratingId: sql<
      string | null
    >`(select ${ratings.id} from ${ratings} where ${ratings.caseId} = ${cases.id})`,
    ...viewerColumns(viewer),
  };
}

export type PageRange = { limit: number; offset: number };

/** Every term a prefix, accent-free (the stored words keep theirs; 'spanish' stems both alike). */
function textMatches(search: string | undefined): SQL | undefined {
  const terms = searchableText(search)
    .split(' ')
    .filter((term) => /^[\p{L}\p{N}]+$/u.test(term))
    .slice(0, 5);
  if (terms.length === 0) return undefined;
  const query = sql.join(
    terms.map((term) => sql`(to_tsquery('spanish', ${`${term}:*`}) || to_tsquery('simple', ${`${term}:*`}))`),
    sql` && `,
  );
  return sql`to_tsvector('spanish', ${cases.title} || ' ' || ${cases.description}) @@ (${query})`;
}

const pendingProposals = sql<number>`(select count(*)::int from ${proposals} p where p.case_id = ${cases.id} and p.status in ('PENDIENTE', 'ACEPTADA'))`;
const lowestProposal = sql<
  number | null
>`(select min(p.price_cents) from ${proposals} p where p.case_id = ${cases.id} and p.status in ('PENDIENTE', 'ACEPTADA'))`;
const clientFinished = sql<number>`(select count(*) from ${cases} c2 where c2.user_id = ${cases.userId} and c2.status = 'FINALIZADO')`;
const clientActive = sql<number>`(select count(*) from ${cases} c2 where c2.user_id = ${cases.userId} and c2.status = 'ACTIVO')`;

/** How the board sorts (spec §6 lawyer sort options; the figures are the case's own, see ADR 0006). */
const BOARD_ORDER: Record<BoardQuery['sort'], SQL[]> = {
  recent: [desc(cases.creationDate), desc(cases.id)],
  category: [asc(cases.category), desc(cases.creationDate), desc(cases.id)],
  price_asc: [sql`${lowestProposal} asc nulls last`, desc(cases.creationDate), desc(cases.id)],
  price_desc: [sql`${lowestProposal} desc nulls last`, desc(cases.creationDate), desc(cases.id)],
  finished: [sql`${clientFinished} desc`, desc(cases.creationDate), desc(cases.id)],
  active: [sql`${clientActive} desc`, desc(cases.creationDate), desc(cases.id)],
};

export function createCasesRepository(db: Db) {
  function selectCases(viewer: Viewer) {
    return db
      .select(caseColumns(viewer))
      .from(cases)
      .innerJoin(client, eq(client.id, cases.userId))
      .leftJoin(assigned, eq(assigned.id, cases.lawyerId));
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
        sql`exists (select 1 from ${proposals} p where p.case_id = ${cases.id} and p.lawyer_id = ${lawyerId})`,
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

    /** The board: published general cases (not addressed to one lawyer), no client data. */
    async board(lawyerId: string, query: BoardQuery, range: PageRange) {
      const where = and(
        eq(cases.status, 'PENDIENTE DE ASIGNACIÓN'),
        isNull(cases.addressedLawyerId),
        query.category ? eq(cases.category, query.category) : undefined,
        textMatches(query.search),
      );
      const [rows, totals] = await Promise.all([
        db
          .select({
            id: cases.id,
            status: cases.status,
            title: cases.title,
            description: cases.description,
            category: cases.category,
            creationDate: cases.creationDate,
            proposalsCount: pendingProposals,
            lowestProposalCents: lowestProposal,
            myProposal: viewerColumns({ id: lawyerId, side: 'lawyer' }).myProposal,
          })
          .from(cases)
          .where(where)
          .orderBy(...BOARD_ORDER[query.sort])
          .limit(range.limit)
          .offset(range.offset),
        db.select({ total: count() }).from(cases).where(where),
      ]);
      return { rows, total: totals[0]?.total ?? 0 };
    },

    async findProposal(id: string) {
      const [row] = await db.select().from(proposals).where(eq(proposals.id, id));
      return row;
    },

    async lockProposal(id: string) {
      const [row] = await db.select().from(proposals).where(eq(proposals.id, id)).for('update');
      return row;
    },

    /** null: the lawyer already has a pending (or accepted) proposal on the case (unique partial index). */
    async insertProposal(values: typeof proposals.$inferInsert) {
      const [row] = await db.insert(proposals).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async setProposal(id: string, values: Partial<typeof proposals.$inferInsert>) {
      const [row] = await db.update(proposals).set(values).where(eq(proposals.id, id)).returning();
      return row;
    },

    /** The other open proposals of a case, rejected once one of them is paid; returns them. */
    async rejectOtherProposals(caseId: string, paidId: string) {
      return db
        .update(proposals)
        .set({ status: 'RECHAZADA', decidedAt: new Date() })
        .where(
          and(
            eq(proposals.caseId, caseId),
            ne(proposals.id, paidId),
            inArray(proposals.status, ['PENDIENTE', 'ACEPTADA']),
          ),
        )
        .returning();
    },

    async cancelPendingPayments(proposalIds: string[]) {
      if (proposalIds.length === 0) return;
      await db
        .update(payments)
        .set({ status: 'CANCELADO' })
        .where(and(inArray(payments.proposalId, proposalIds), eq(payments.status, 'PENDIENTE')));
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

    /** Moves the lawyer's counters: a case becomes active, or an active one finishes. */
    async moveLawyerCounters(lawyerId: string, change: { active: number; finished: number }) {
      await db
        .update(lawyerProfiles)
        .set({
          activeCases: sql`greatest(${lawyerProfiles.activeCases} + ${change.active}, 0)`,
          finishedCases: sql`greatest(${lawyerProfiles.finishedCases} + ${change.finished}, 0)`,
        })
        .where(eq(lawyerProfiles.userId, lawyerId));
    },

    /** null: the case already has its rating (unique key on case_id). */
    async insertRating(values: typeof ratings.$inferInsert) {
      const [row] = await db
        .insert(ratings)
        .values(values)
        .onConflictDoNothing()
        .returning({ id: ratings.id });
      if (!row) return null;
      await db
        .update(lawyerProfiles)
        .set({
          ratingSum: sql`${lawyerProfiles.ratingSum} + ${values.stars}`,
          ratingCount: sql`${lawyerProfiles.ratingCount} + 1`,
        })
        .where(eq(lawyerProfiles.userId, values.lawyerId));
      return row.id;
    },

    async audit(entry: Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>) {
      await db.insert(auditLog).values(entry);
    },
  };
}

export type CasesRepository = ReturnType<typeof createCasesRepository>;
export type CaseRow = NonNullable<Awaited<ReturnType<CasesRepository['findCase']>>>;
export type BoardRow = Awaited<ReturnType<CasesRepository['board']>>['rows'][number];
