import type { CaseStatus } from '@l4l/shared/constants/cases';
import { LIMITS } from '@l4l/shared/constants/limits';
import type { BoardQuery } from '@l4l/shared/schemas/cases';
import { searchWords } from '@l4l/shared/search';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, StatementSource } from '../../db/database.ts';
import { preparedByShape } from '../../db/prepared.ts';
import { cheaperRange } from '../../db/range-plan.ts';

type Sort = BoardQuery['sort'];
export type PageRange = { limit: number; offset: number };

/** Past every character: `key >= 'w:gar' and key < 'w:gar' || END` is the prefix's range in "C" order. */
const END = sql`chr(1114111)`;

/**
 * Each sort's order as board.repository.ts's BOARD_ORDER has it, on the columns board_entries and
 * board_search_words share; migration 0029 gives each one its indexes (docs/decisions/0033-board-search.md).
 */
const ORDER: Record<Sort, string> = {
  recent: 'created_at desc, case_id desc',
  oldest: 'created_at asc, case_id asc',
  proposals_asc: 'proposals_count asc, created_at desc, case_id desc',
  category: 'category asc, created_at desc, case_id desc',
  price_asc: 'lowest_proposal_cents asc nulls last, created_at desc, case_id desc',
  price_desc: 'lowest_proposal_cents desc nulls last, created_at desc, case_id desc',
  finished: 'client_finished_cases desc, created_at desc, case_id desc',
  active: 'client_active_cases desc, created_at desc, case_id desc',
};

/** The id and what the sort reads: all a range selects, so every read stays inside its sort's index. */
const SORT_COLUMNS: Record<Sort, string> = {
  recent: 'case_id, created_at',
  oldest: 'case_id, created_at',
  proposals_asc: 'case_id, proposals_count, created_at',
  category: 'case_id, category, created_at',
  price_asc: 'case_id, lowest_proposal_cents, created_at',
  price_desc: 'case_id, lowest_proposal_cents, created_at',
  finished: 'case_id, client_finished_cases, created_at',
  active: 'case_id, client_active_cases, created_at',
};
const orderOf = (sort: Sort) => sql.raw(ORDER[sort]);

/** Within one category, 'category' is 'recent' (the planner would not drop the constant column itself). */
const sortWithin = (category: string | undefined, sort: Sort): Sort =>
  category !== undefined && sort === 'category' ? 'recent' : sort;
const columnsOf = (sort: Sort) => sql.raw(SORT_COLUMNS[sort]);

/** How a request is read: its category's range (or the whole board's) in sort order, or one typed word's. */
type Plan = { by: 'facet' } | { by: 'word'; word: string };

/** A typed word matches as a prefix of a word of the search text (ADR 0023), read off the INCLUDEd text. */
const wordIn = (word: string) => sql`(' ' || search_text) like ${`% ${word}%`}`;
const and = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

/**
 * The page's ids with the figures a board card shows and their place on the page: sorted by it after the
 * read, so the statement itself sorts nothing (board.plans.test.ts).
 */
const withFigures = (ids: SQL, sort: Sort) => sql`select e.case_id as "caseId",
    e.proposals_count as "proposalsCount", e.lowest_proposal_cents as "lowestProposalCents", p.position
  from (select case_id, row_number() over (order by ${orderOf(sort)}) as position from (${ids}) as ids) as p
  join board_entries e on e.case_id = p.case_id`;

type Placed = BoardPick & { position: unknown };
const inPlace = (rows: Placed[]): BoardPick[] =>
  [...rows]
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map(({ position: _position, ...pick }) => pick);

/** What a board card shows of its case, when the search holds it (the index in memory does). */
export type BoardShown = {
  id: string;
  status: CaseStatus;
  title: string;
  description: string;
  category: string;
  creationDate: Date;
};
export type BoardPick = {
  caseId: string;
  proposalsCount: number;
  lowestProposalCents: number | null;
  shown?: BoardShown;
};
export type BoardPicks = { rows: BoardPick[]; total: number; exact: boolean };

/**
 * The board's page chosen from its ordered index ranges (docs/decisions/0033-board-search.md): the
 * category's range of the sort's index with the typed words tested on its entries, or, for a rare word,
 * the ranges of the stored words it is a prefix of, whichever board_search_counts says is smaller. The
 * same pages, order and bounded counts as the plain query (board.equivalence.test.ts).
 */
export function createBoardSearch(
  db: Db,
  {
    countLimit = LIMITS.searchCountLimit,
    statements,
  }: {
    countLimit?: number;
    /** PostgreSQL's pool or the embedded database: the statements then run named, one per shape */
    statements?: StatementSource | undefined;
  } = {},
) {
  // a request's statements take a few dozen shapes: each prepared and planned once per connection (ADR 0041)
  const rowsOf = preparedByShape(db, statements, 'l4l_board');

  /** The category's range size, the whole board's, and per typed word its cases and the stored words. */
  function sizesQuery(category: string | undefined, words: string[]) {
    const parts = words.map(
      (word) => sql`(select array[coalesce(sum(cases), 0), count(*)]::int[] from board_search_counts
        where key >= ${`w:${word}`} and key < ${`w:${word}`} || ${END} and cases > 0)`,
    );
    return sql`select (select coalesce(sum(cases), 0)::int from board_search_counts
        where key = ${`f:${category ?? ''}`}) as facet,
      (select coalesce(sum(cases), 0)::int from board_search_counts where key = 'f:') as everyone,
      array[${sql.join(parts, sql`, `)}] as words`;
  }

  /** The cheaper way, from the counts (db/range-plan.ts): the category's range or a typed word's. */
  async function plan(category: string | undefined, words: string[]): Promise<Plan> {
    if (words.length === 0) return { by: 'facet' };
    const [sized] = await rowsOf<{ facet: number; everyone: number; words: number[][] }>(
      sizesQuery(category, words),
    );
    const { facet, everyone, words: sizes } = sized ?? { facet: 0, everyone: 0, words: [] };
    const first = cheaperRange({ facets: facet, facetRanges: 1, everyone, words: sizes }, countLimit);
    return first < 0 ? { by: 'facet' } : { by: 'word', word: words[first] as string };
  }

  const facetWhere = (category: string | undefined, words: string[]) =>
    and([...(category === undefined ? [] : [sql`category = ${category}`]), ...words.map(wordIn)]);

  /** The stored words `word` is a prefix of, each a range of the words' sort indexes. */
  const storedWords = (word: string) => sql`select substr(key, 3) as word from board_search_counts
    where key >= ${`w:${word}`} and key < ${`w:${word}`} || ${END} and cases > 0`;

  const wordWhere = (category: string | undefined, words: string[], word: string) =>
    and([
      sql`w.word = v.word`,
      ...(category === undefined ? [] : [sql`category = ${category}`]),
      ...words.filter((other) => other !== word).map(wordIn),
    ]);

  /** The statements of a plan: the page's ids with their figures, and the bounded count. */
  function statementsOf(
    chosen: Plan,
    category: string | undefined,
    words: string[],
    asked: Sort,
    range: PageRange,
  ) {
    const sort = sortWithin(category, asked);
    const order = orderOf(sort);
    const columns = columnsOf(sort);
    if (chosen.by === 'facet') {
      const where = facetWhere(category, words);
      return {
        page: withFigures(
          sql`select ${columns} from board_entries where ${where}
            order by ${order} limit ${range.limit} offset ${range.offset}`,
          sort,
        ),
        count: sql`select count(*)::int as total from (select case_id from board_entries where ${where}
          limit ${countLimit + 1}) as m`,
      };
    }
    // each stored word's first offset + limit entries hold the page: a case is at most once in a word's range
    const where = wordWhere(category, words, chosen.word);
    return {
      page: withFigures(
        sql`select distinct ${columns} from (${storedWords(chosen.word)}) as v
          cross join lateral (select ${columns} from board_search_words w where ${where}
            order by ${order} limit ${range.offset + range.limit}) as r
          order by ${order} limit ${range.limit} offset ${range.offset}`,
        sort,
      ),
      count: sql`select count(*)::int as total from (select distinct r.case_id
        from (${storedWords(chosen.word)}) as v
        cross join lateral (select case_id from board_search_words w where ${where}
          limit ${countLimit + 1}) as r) as m`,
    };
  }

  /** A request's statements: the range sizes the plan was chosen from (with words), the page, the count. */
  async function statementsFor(query: BoardQuery, range: PageRange) {
    const words = searchWords(query.search);
    const chosen = await plan(query.category, words);
    return {
      sizes: words.length ? [sizesQuery(query.category, words)] : [],
      ...statementsOf(chosen, query.category, words, query.sort, range),
    };
  }

  return {
    /** One page of the board's ids in order with their figures, and the count bounded at `countLimit`. */
    async picks(query: BoardQuery, range: PageRange): Promise<BoardPicks> {
      const { page, count } = await statementsFor(query, range);
      const [rows, totals] = await Promise.all([
        rowsOf<Placed>(page),
        rowsOf<{ total: number | string }>(count),
      ]);
      const total = Number(totals[0]?.total ?? 0);
      const counted = total > countLimit ? { total: countLimit, exact: false } : { total, exact: true };
      return { rows: inPlace(rows), ...counted };
    },

    /** The statements `picks` runs for this request, not yet run (the benchmark EXPLAINs them). */
    async boardQueries(query: BoardQuery, range: PageRange): Promise<SQL[]> {
      const { sizes, page, count } = await statementsFor(query, range);
      return [...sizes, page, count];
    },
  };
}

export type BoardSearch = ReturnType<typeof createBoardSearch>;
