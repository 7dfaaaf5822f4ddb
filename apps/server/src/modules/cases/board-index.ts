import type { CaseStatus } from '@l4l/shared/constants/cases';
import type { BoardQuery } from '@l4l/shared/schemas/cases';
import { searchWords } from '@l4l/shared/search';
import { type IndexPage, type IndexTuning, OrderedIndex } from '../../lib/ordered-index.ts';
import type { PageRange } from './board.search.ts';

type Sort = BoardQuery['sort'];

/** What the index keeps of a case on the board: what the board filters and sorts on, and what its card shows. */
export type IndexedCase = {
  caseId: string;
  /** microseconds since 1970, as PostgreSQL keeps a timestamp (so two cases of one millisecond still order) */
  createdAt: number;
  category: string;
  /** the accent-free, lower-case title and description, their words separated by single spaces */
  searchText: string;
  proposalsCount: number;
  lowestProposalCents: number | null;
  clientFinishedCases: number;
  clientActiveCases: number;
  title: string;
  description: string;
  status: CaseStatus;
  /** the case's own category, as its card shows it (the board's entry files it under `category`) */
  caseCategory: string;
  /** the case's own creation date, in microseconds since 1970 */
  creationMicros: number;
};

/** Text in code-point order: PostgreSQL's "C" order, and the order of the categories in every collation. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const newer = (a: IndexedCase, b: IndexedCase) => b.createdAt - a.createdAt || byText(b.caseId, a.caseId);
/** Ascending or descending, a case with no open proposal last either way. */
const byLowest = (direction: 1 | -1) => (a: IndexedCase, b: IndexedCase) => {
  const x = a.lowestProposalCents;
  const y = b.lowestProposalCents;
  if (x === y) return newer(a, b);
  if (x === null) return 1;
  if (y === null) return -1;
  return direction * (x - y);
};

/** Each sort as board.plain.ts's BOARD_ORDER has it. */
const orders: Record<Sort, (a: IndexedCase, b: IndexedCase) => number> = {
  recent: newer,
  oldest: (a, b) => a.createdAt - b.createdAt || byText(a.caseId, b.caseId),
  proposals_asc: (a, b) => a.proposalsCount - b.proposalsCount || newer(a, b),
  category: (a, b) => byText(a.category, b.category) || newer(a, b),
  price_asc: byLowest(1),
  price_desc: byLowest(-1),
  finished: (a, b) => b.clientFinishedCases - a.clientFinishedCases || newer(a, b),
  active: (a, b) => b.clientActiveCases - a.clientActiveCases || newer(a, b),
};

/**
 * The board's cases in memory (docs/decisions/0042-directory-index-in-memory.md): the whole board and each
 * category as ranges, each in every sort's order; the words of the titles and descriptions by prefix. Ids
 * and the bounded count of ADR 0020 as the SQL paths answer them (board.equivalence.test.ts).
 */
export class BoardIndex extends OrderedIndex<IndexedCase, Sort> {
  constructor(tuning?: IndexTuning) {
    super(
      {
        id: (entry) => entry.caseId,
        orders,
        ranges: (entry) => ['', entry.category],
        text: (entry) => entry.searchText,
      },
      tuning,
    );
  }

  board(query: BoardQuery, range: PageRange, countLimit: number): IndexPage<IndexedCase> {
    const category = query.category;
    return this.search({
      sort: query.sort,
      ...range,
      countLimit,
      ranges: [category ?? ''],
      terms: searchWords(query.search),
    });
  }
}
