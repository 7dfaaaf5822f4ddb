import { LIMITS } from '@l4l/shared/constants/limits';
import type { LawyerSort } from '@l4l/shared/constants/sort';
import {
  type AnyColumn,
  and,
  arrayOverlaps,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  lte,
  notExists,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { boundedCount, boundedCountQuery } from '../../db/bounded-count.ts';
import type { Db } from '../../db/database.ts';
import { lawyerProfiles, users } from '../../db/schema/index.ts';
import { wordsMatch } from '../../db/word-prefix.ts';

const banned = alias(users, 'banned');

/** The profile side of a lawyer card: everything a directory page filters, sorts or shows. */
const profileColumns = {
  userId: lawyerProfiles.userId,
  description: lawyerProfiles.description,
  categories: lawyerProfiles.categories,
  province: lawyerProfiles.province,
  priceHourCents: lawyerProfiles.priceHourCents,
  priceFirstVisitCents: lawyerProfiles.priceFirstVisitCents,
  firstVisitFree: lawyerProfiles.firstVisitFree,
  ratingSum: lawyerProfiles.ratingSum,
  ratingCount: lawyerProfiles.ratingCount,
  activeCases: lawyerProfiles.activeCases,
  finishedCases: lawyerProfiles.finishedCases,
  ratingAvg: lawyerProfiles.ratingAvg,
  responseMinutes: lawyerProfiles.responseMinutes,
  professionalTitle: lawyerProfiles.professionalTitle,
};

/**
 * What a lawyer card needs (docs/api/http.md, Lawyers), also the base of the detail; the slug links a
 * card of the server-rendered directory to the lawyer's page.
 */
export const cardColumns = {
  id: users.id,
  name: users.name,
  surname: users.surname,
  photoUrl: users.photoUrl,
  slug: lawyerProfiles.slug,
  ...profileColumns,
};

/** The card's columns in a raw statement, each under its key's name. */
export const cardSelection = sql.join(
  Object.entries(cardColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
  sql`, `,
);

/** A directory card as the page queries answer it. */
export type DirectoryCard = {
  [K in keyof typeof cardColumns]: (typeof cardColumns)[K]['_']['notNull'] extends true
    ? (typeof cardColumns)[K]['_']['data']
    : (typeof cardColumns)[K]['_']['data'] | null;
};

/** The columns a directory sort reads, from the table or from a subquery over it. */
export type SortKeys = Record<
  'userId' | 'ratingAvg' | 'ratingCount' | 'priceHourCents' | 'finishedCases' | 'activeCases',
  AnyColumn | SQLWrapper
>;

/** Each sort of the directory (docs/product.md, Home), with a stable tiebreak on the id; each one has its index. */
export const ORDER_BY: Record<LawyerSort, (keys: SortKeys) => SQL[]> = {
  rating: (k) => [desc(k.ratingAvg), desc(k.ratingCount), asc(k.userId)],
  price_asc: (k) => [asc(k.priceHourCents), asc(k.userId)],
  price_desc: (k) => [desc(k.priceHourCents), asc(k.userId)],
  finished: (k) => [desc(k.finishedCases), asc(k.userId)],
  active: (k) => [desc(k.activeCases), asc(k.userId)],
};

export type DirectoryFilter = {
  /** words of the name, each matched as a prefix (db/word-prefix.ts) */
  terms: string[];
  categories: string[];
  /** the province asked for, and 'Toda España' for lawyers who act everywhere; none: every province */
  provinces: string[];
  /** the hourly price's bounds, in cents, both inclusive */
  minPriceCents?: number;
  maxPriceCents?: number;
  /** true: only lawyers whose first consultation is free */
  firstVisitFree?: boolean;
};

export type PageRange = { limit: number; offset: number };

/** A directory page: its cards and the bounded count of ADR 0020 (`exact` false: more than `total`). */
export type DirectoryPage = { rows: DirectoryCard[]; total: number; exact: boolean };

/**
 * A directory page whose cards come rendered: each the JSON bytes of its list item, as the answer's schema
 * renders it (what the index in memory keeps, docs/decisions/0042-directory-index-in-memory.md).
 */
export type RenderedDirectoryPage = { items: Uint8Array[]; total: number; exact: boolean };

/**
 * The one seam of the directory's search (docs/decisions/0023-search-words-by-prefix.md): PostgreSQL
 * answers it here; a search engine's adapter would implement the same, and pass the same equivalence test.
 */
export type DirectorySearch = {
  directory(
    filter: DirectoryFilter,
    sort: LawyerSort,
    range: PageRange,
  ): Promise<DirectoryPage | RenderedDirectoryPage>;
};

export const narrows = (filter: DirectoryFilter) =>
  filter.terms.length > 0 ||
  filter.categories.length > 0 ||
  filter.provinces.length > 0 ||
  filter.minPriceCents !== undefined ||
  filter.maxPriceCents !== undefined ||
  filter.firstVisitFree === true;

/** How far a directory count goes before it says "more than" (docs/decisions/0020-bounded-search-counts.md). */
export type LawyersRepositoryOptions = { countLimit?: number };

export function createLawyersRepository(
  db: Db,
  { countLimit = LIMITS.searchCountLimit }: LawyersRepositoryOptions = {},
) {
  /**
   * docs/api/http.md, Lawyers: only verified, unbanned lawyers are listed. "Not banned" is an anti-join against the few
   * banned accounts (a small partial index), so filtering and counting never read the users table.
   */
  const listed = and(
    isNotNull(lawyerProfiles.verifiedAt),
    notExists(
      db
        .select({ id: banned.id })
        .from(banned)
        .where(and(eq(banned.id, lawyerProfiles.userId), isNotNull(banned.bannedAt))),
    ),
  );

  const cards = () =>
    db.select(cardColumns).from(lawyerProfiles).innerJoin(users, eq(users.id, lawyerProfiles.userId));

  /** A card plus the colegiación and the public page's slug: what a profile page shows. */
  const listedProfiles = () =>
    db
      .select({
        ...cardColumns,
        lawyerAssociation: lawyerProfiles.lawyerAssociation,
        membershipNumber: lawyerProfiles.membershipNumber,
        updatedAt: lawyerProfiles.updatedAt,
      })
      .from(lawyerProfiles)
      .innerJoin(users, eq(users.id, lawyerProfiles.userId));

  function directoryWhere(filter: DirectoryFilter) {
    return and(
      listed,
      wordsMatch(lawyerProfiles.searchVector, filter.terms),
      filter.categories.length ? arrayOverlaps(lawyerProfiles.categories, filter.categories) : undefined,
      filter.provinces.length ? inArray(lawyerProfiles.province, filter.provinces) : undefined,
      filter.minPriceCents === undefined
        ? undefined
        : gte(lawyerProfiles.priceHourCents, filter.minPriceCents),
      filter.maxPriceCents === undefined
        ? undefined
        : lte(lawyerProfiles.priceHourCents, filter.maxPriceCents),
      filter.firstVisitFree ? eq(lawyerProfiles.firstVisitFree, true) : undefined,
    );
  }

  /**
   * A filtered request in one statement: its matches (through the filters' indexes, as a MATERIALIZED
   * CTE) counted up to `countLimit + 1`, and, when that count is at most `countLimit`, the page sorted from
   * those same matches, so the index bitmaps are built once. Past the limit the page part does not run
   * (its condition on the count is checked once, before it reads anything) and the answer is one row with
   * the count alone. Sorting the matches themselves, instead of walking a sort index testing every lawyer
   * (half a second at a million), is what a narrow filter needs.
   */
  function countedNarrowPageQuery(filter: DirectoryFilter, sort: LawyerSort, range: PageRange) {
    const found = db
      .select({
        user_id: lawyerProfiles.userId,
        rating_avg: lawyerProfiles.ratingAvg,
        rating_count: lawyerProfiles.ratingCount,
        price_hour_cents: lawyerProfiles.priceHourCents,
        finished_cases: lawyerProfiles.finishedCases,
        active_cases: lawyerProfiles.activeCases,
      })
      .from(lawyerProfiles)
      .where(directoryWhere(filter));
    const order = sql.join(
      ORDER_BY[sort]({
        userId: sql`m.user_id`,
        ratingAvg: sql`m.rating_avg`,
        ratingCount: sql`m.rating_count`,
        priceHourCents: sql`m.price_hour_cents`,
        finishedCases: sql`m.finished_cases`,
        activeCases: sql`m.active_cases`,
      }),
      sql`, `,
    );
    const card = sql.join(
      Object.entries(cardColumns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
      sql`, `,
    );
    return sql`with matches as materialized (${found}),
      counted as (select count(*)::int as total from (select 1 from matches limit ${countLimit + 1}) as bounded)
      select counted.total as "matchCount", page.* from counted left join lateral (
        select ${card}, p.position from (
          select m.user_id, row_number() over (order by ${order}) as position from matches m
          where counted.total <= ${countLimit} order by ${order} limit ${range.limit} offset ${range.offset}
        ) as p
        join ${lawyerProfiles} on ${lawyerProfiles.userId} = p.user_id
        join ${users} on ${users.id} = p.user_id
      ) as page on true
      order by page.position`;
  }

  async function countedNarrowPage(filter: DirectoryFilter, sort: LawyerSort, range: PageRange) {
    const result = (await db.execute(countedNarrowPageQuery(filter, sort, range))) as unknown as {
      rows: Array<DirectoryCard & { matchCount: number | string; position: unknown }>;
    };
    const total = Number(result.rows[0]?.matchCount ?? 0);
    // a page past the last match, or a count past the limit, is one row with the count alone
    const rows = result.rows.flatMap(({ matchCount: _count, position: _position, ...card }) =>
      card.id === null ? [] : [card as DirectoryCard],
    );
    return { total, rows };
  }

  /**
   * A broad filter's page (or no filter): many lawyers match, so the page is read off the sort's index,
   * testing each lawyer until the page is full.
   */
  function broadPageQuery(filter: DirectoryFilter, sort: LawyerSort, range: PageRange) {
    return cards()
      .where(directoryWhere(filter))
      .orderBy(...ORDER_BY[sort](lawyerProfiles))
      .limit(range.limit)
      .offset(range.offset);
  }

  const matches = (filter: DirectoryFilter) =>
    db.select({ userId: lawyerProfiles.userId }).from(lawyerProfiles).where(directoryWhere(filter));
  const countMatches = (filter: DirectoryFilter) => boundedCount(db, matches(filter), countLimit);

  return {
    /**
     * One page of listed lawyers and how many there are in all, exactly up to `countLimit`; past it,
     * `total` is `countLimit` and `exact` false.
     */
    async directory(filter: DirectoryFilter, sort: LawyerSort, range: PageRange): Promise<DirectoryPage> {
      if (!narrows(filter)) {
        const [rows, counted] = await Promise.all([
          broadPageQuery(filter, sort, range),
          countMatches(filter),
        ]);
        return { rows, ...counted };
      }
      const counted = await countedNarrowPage(filter, sort, range);
      if (counted.total <= countLimit) return { rows: counted.rows, total: counted.total, exact: true };
      return { rows: await broadPageQuery(filter, sort, range), total: countLimit, exact: false };
    },

    /** The queries `directory` runs for this request, not yet run (the benchmark EXPLAINs them). */
    async directoryQueries(filter: DirectoryFilter, sort: LawyerSort, range: PageRange) {
      if (!narrows(filter)) {
        return {
          count: boundedCountQuery(matches(filter), countLimit),
          page: broadPageQuery(filter, sort, range),
        };
      }
      const narrow = (await countedNarrowPage(filter, sort, range)).total <= countLimit;
      return {
        count: countedNarrowPageQuery(filter, sort, range),
        page: narrow ? countedNarrowPageQuery(filter, sort, range) : broadPageQuery(filter, sort, range),
      };
    },

    /** Featured lawyers first, then the best rated, at most `limit` (the landing page). */
    async featured(limit: number) {
      const chosen = await cards()
        .where(and(listed, eq(lawyerProfiles.featured, true)))
        .orderBy(...ORDER_BY.rating(lawyerProfiles))
        .limit(limit);
      if (chosen.length >= limit) return chosen;
      const bestRated = await cards()
        .where(and(listed, eq(lawyerProfiles.featured, false)))
        .orderBy(...ORDER_BY.rating(lawyerProfiles))
        .limit(limit - chosen.length);
      return [...chosen, ...bestRated];
    },

    /** A listed lawyer's card plus what the public profile shows. */
    async findListed(id: string) {
      const [row] = await listedProfiles()
        .where(and(eq(lawyerProfiles.userId, id), listed))
        .limit(1);
      return row;
    },

    /** docs/domain.md, Public lawyer pages: the listed lawyer whose page is /abogados/{slug}. */
    async findListedBySlug(slug: string) {
      const [row] = await listedProfiles()
        .where(and(eq(lawyerProfiles.slug, slug), listed))
        .limit(1);
      return row;
    },

    /** The public pages' slugs of these lawyers, by id (a lawyer without one is left out). */
    async slugsOf(ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: lawyerProfiles.userId, slug: lawyerProfiles.slug })
        .from(lawyerProfiles)
        .where(and(inArray(lawyerProfiles.userId, ids), isNotNull(lawyerProfiles.slug)));
      return new Map(rows.map((row) => [row.id, row.slug!]));
    },

    /** Every listed lawyer's page and when its profile last changed (the sitemap), by slug. */
    listedPages() {
      return db
        .select({ slug: lawyerProfiles.slug, updatedAt: lawyerProfiles.updatedAt })
        .from(lawyerProfiles)
        .where(and(listed, isNotNull(lawyerProfiles.slug)))
        .orderBy(asc(lawyerProfiles.slug));
    },

    /**
     * docs/domain.md, Public directory pages: each category a listed lawyer has, with the province they
     * work in ('Toda España' included) and the newest change among those lawyers.
     */
    directoryCombinations() {
      // one row per lawyer and category; the table is named inside the FROM, so its columns are SQL here
      const category = sql<string>`c.category`;
      const province = sql<string>`${lawyerProfiles.province}`;
      return db
        .select({
          category,
          province,
          updatedAt: sql<Date>`max(${lawyerProfiles.updatedAt})`.mapWith(lawyerProfiles.updatedAt),
        })
        .from(sql`${lawyerProfiles} cross join unnest(${lawyerProfiles.categories}) as c(category)`)
        .where(listed)
        .groupBy(category, province)
        .orderBy(category, province);
    },
  };
}

export type LawyersRepository = ReturnType<typeof createLawyersRepository>;
export type LawyerCardRow = Awaited<ReturnType<LawyersRepository['featured']>>[number];
