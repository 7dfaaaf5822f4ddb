import type { CaseStatus } from '@l4l/shared/constants/cases';
import type { BoardQuery } from '@l4l/shared/schemas/cases';
import { searchableText } from '@l4l/shared/search';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  auditLog,
  boardEntries,
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
    addressedName: addressed.name,
    addressedSurname: addressed.surname,
    closureRequestedAt: cases.closureRequestedAt,
    ratingId: sql<
      string | null
    >`(select ${ratings.id} from ${ratings} where ${ratings.caseId} = ${cases.id})`,
    ...viewerColumns(viewer),
  };
}

export type PageRange = { limit: number; offset: number };

/**
 * Spanish words the 'spanish' configuration never stores: left out of a search that has other words, so
 * 'fianza del piso' finds 'Fianza del piso'.
 */
const STOP_WORDS = new Set(
  'a al con de del e el en la las lo los mi mis o para por que se su sus u un una unos unas y'.split(' '),
);

/** Every word a prefix, both sides accent-free (ADR 0006): 'reclamacion fian' finds 'Reclamación de fianza'. */
function textMatches(search: string | undefined): SQL | undefined {
  const words = searchableText(search)
    .split(' ')
    .filter((word) => /^[a-z0-9]+$/.test(word));
  const meaningful = words.filter((word) => !STOP_WORDS.has(word));
  const terms = (meaningful.length > 0 ? meaningful : words).slice(0, 5);
  if (terms.length === 0) return undefined;
  const query = sql.join(
    terms.map((term) => sql`(to_tsquery('spanish', ${`${term}:*`}) || to_tsquery('simple', ${`${term}:*`}))`),
    sql` && `,
  );
  return sql`${boardEntries.searchVector} @@ (${query})`;
}

const b = boardEntries;

/** How the board sorts (ADR 0006, Board sorts); each one has its index. */
const BOARD_ORDER: Record<BoardQuery['sort'], SQL[]> = {
  recent: [desc(b.createdAt), desc(b.caseId)],
  category: [asc(b.category), desc(b.createdAt), desc(b.caseId)],
  price_asc: [sql`${b.lowestProposalCents} asc nulls last`, desc(b.createdAt), desc(b.caseId)],
  price_desc: [sql`${b.lowestProposalCents} desc nulls last`, desc(b.createdAt), desc(b.caseId)],
  finished: [desc(b.clientFinishedCases), desc(b.createdAt), desc(b.caseId)],
  active: [desc(b.clientActiveCases), desc(b.createdAt), desc(b.caseId)],
};

/**
 * A search matches a few thousand cases at most: read them through the search index, then sort. The sort
 * columns are wrapped (`+ 0`) so that the planner cannot walk a sort index instead, testing the search on
 * every published case on the way (bench/board.mjs).
 */
function boardOrderOfMatches(sort: BoardQuery['sort']): SQL[] {
  const created = sql`${b.createdAt} + interval '0 seconds' desc`;
  const byFigure = (figure: SQL) => [figure, created, desc(b.caseId)];
  switch (sort) {
    case 'category':
      return byFigure(sql`${b.category} || '' asc`);
    case 'price_asc':
      return byFigure(sql`${b.lowestProposalCents} + 0 asc nulls last`);
    case 'price_desc':
      return byFigure(sql`${b.lowestProposalCents} + 0 desc nulls last`);
    case 'finished':
      return byFigure(sql`${b.clientFinishedCases} + 0 desc`);
    case 'active':
      return byFigure(sql`${b.clientActiveCases} + 0 desc`);
    default:
      return [created, desc(b.caseId)];
  }
}

/** Counts a case's open proposals and their lowest price, from the proposals themselves. */
const openProposals = (caseId: SQL | string) => ({
  count: sql`(select count(*) from ${proposals} p where p.case_id = ${caseId} and p.status in ('PENDIENTE', 'ACEPTADA'))`,
  lowest: sql`(select min(p.price_cents) from ${proposals} p where p.case_id = ${caseId} and p.status in ('PENDIENTE', 'ACEPTADA'))`,
});
const clientCases = (userId: string, status: CaseStatus) =>
  sql`(select count(*) from ${cases} c where c.user_id = ${userId} and c.status = ${status})`;

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

    /**
     * One page of the board: published general cases (not addressed to one lawyer), no client data, the
     * same for every lawyer (their own proposals are read apart, `latestProposalsOf`) and its total.
     */
    async board(query: BoardQuery, range: PageRange) {
      const where = and(
        query.category ? eq(b.category, query.category) : undefined,
        textMatches(query.search),
      );
      // the page is chosen on the narrow board table alone, then its few cases are read
      const page = db
        .select({
          caseId: b.caseId,
          proposalsCount: b.proposalsCount,
          lowestProposalCents: b.lowestProposalCents,
        })
        .from(b)
        .where(where)
        .orderBy(...(query.search ? boardOrderOfMatches(query.sort) : BOARD_ORDER[query.sort]))
        .limit(range.limit)
        .offset(range.offset);
      const [picked, totals] = await Promise.all([page, db.select({ total: count() }).from(b).where(where)]);
      const details = picked.length
        ? await db
            .select({
              id: cases.id,
              status: cases.status,
              title: cases.title,
              description: cases.description,
              category: cases.category,
              creationDate: cases.creationDate,
            })
            .from(cases)
            .where(
              inArray(
                cases.id,
                picked.map((row) => row.caseId),
              ),
            )
        : [];
      const byId = new Map(details.map((row) => [row.id, row]));
      const rows = picked.flatMap((row) => {
        const detail = byId.get(row.caseId);
        return detail
          ? [{ ...detail, proposalsCount: row.proposalsCount, lowestProposalCents: row.lowestProposalCents }]
          : [];
      });
      return { rows, total: totals[0]?.total ?? 0 };
    },

    /** The lawyer's latest proposal on each of these cases. */
    async latestProposalsOf(lawyerId: string, caseIds: string[]) {
      if (caseIds.length === 0) return [];
      return db
        .selectDistinctOn([proposals.caseId], {
          caseId: proposals.caseId,
          id: proposals.id,
          priceCents: proposals.priceCents,
          status: proposals.status,
        })
        .from(proposals)
        .where(and(eq(proposals.lawyerId, lawyerId), inArray(proposals.caseId, caseIds)))
        .orderBy(proposals.caseId, desc(proposals.createdAt));
    },

    /** A published general case joins the board (ADR 0006). */
    async addToBoard(
      row: { id: string; userId: string; creationDate: Date; title: string; description: string },
      category: string,
    ) {
      const open = openProposals(row.id);
      await db.insert(boardEntries).values({
        caseId: row.id,
        userId: row.userId,
        createdAt: row.creationDate,
        category,
        searchText: searchableText(row.title, row.description),
        proposalsCount: sql`${open.count}`,
        lowestProposalCents: sql`${open.lowest}`,
        clientFinishedCases: sql`${clientCases(row.userId, 'FINALIZADO')}`,
        clientActiveCases: sql`${clientCases(row.userId, 'ACTIVO')}`,
      });
    },

    async removeFromBoard(caseId: string) {
      await db.delete(boardEntries).where(eq(boardEntries.caseId, caseId));
    },

    /** Recounts a case's open proposals and their lowest price on the board, after one is added or decided. */
    async refreshProposalFigures(caseId: string) {
      const open = openProposals(caseId);
      await db
        .update(boardEntries)
        .set({ proposalsCount: sql`${open.count}`, lowestProposalCents: sql`${open.lowest}` })
        .where(eq(boardEntries.caseId, caseId));
    },

    /** The client's finished and active counts, as their published cases show them on the board. */
    async refreshClientFigures(userId: string) {
      await db
        .update(boardEntries)
        .set({
          clientFinishedCases: sql`${clientCases(userId, 'FINALIZADO')}`,
          clientActiveCases: sql`${clientCases(userId, 'ACTIVO')}`,
        })
        .where(eq(boardEntries.userId, userId));
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
        .returning({ id: ratings.id, date: ratings.createdAt });
      if (!row) return null;
      await db
        .update(lawyerProfiles)
        .set({
          ratingSum: sql`${lawyerProfiles.ratingSum} + ${values.stars}`,
          ratingCount: sql`${lawyerProfiles.ratingCount} + 1`,
        })
        .where(eq(lawyerProfiles.userId, values.lawyerId));
      return row;
    },

    async audit(entry: Omit<typeof auditLog.$inferInsert, 'id' | 'createdAt'>) {
      await db.insert(auditLog).values(entry);
    },
  };
}

export type CasesRepository = ReturnType<typeof createCasesRepository>;
export type CaseRow = NonNullable<Awaited<ReturnType<CasesRepository['findCase']>>>;
export type BoardRow = Awaited<ReturnType<CasesRepository['board']>>['rows'][number];
