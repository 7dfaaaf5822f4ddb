import type { LawyerSort } from '@l4l/shared/constants/sort';
import { type IndexPage, type IndexTuning, OrderedIndex } from '../../lib/ordered-index.ts';
import type { DirectoryCard, DirectoryFilter, PageRange } from './lawyers.repository.ts';

/** What the index keeps of a listed lawyer: its card as a page shows it, and the words of its name. */
export type IndexedLawyer = DirectoryCard & {
  userId: string;
  /** the accent-free, lower-case name, its words separated by single spaces */
  searchText: string;
};

/** The id's order, PostgreSQL's for a uuid (its lower-case text's). */
const byId = (a: IndexedLawyer, b: IndexedLawyer) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0);

/** Each sort as lawyers.repository.ts's ORDER_BY has it. */
const orders: Record<LawyerSort, (a: IndexedLawyer, b: IndexedLawyer) => number> = {
  rating: (a, b) => b.ratingAvg - a.ratingAvg || b.ratingCount - a.ratingCount || byId(a, b),
  price_asc: (a, b) => a.priceHourCents - b.priceHourCents || byId(a, b),
  price_desc: (a, b) => b.priceHourCents - a.priceHourCents || byId(a, b),
  finished: (a, b) => b.finishedCases - a.finishedCases || byId(a, b),
  active: (a, b) => b.activeCases - a.activeCases || byId(a, b),
};

/** The key of a category's (or any, '') and a province's (or any, '') range, as the search projection keys its rows. */
const rangeKey = (category: string, province: string) => `${category}|${province}`;

/**
 * The listed lawyers in memory (docs/decisions/0042-directory-index-in-memory.md): a range per category (or
 * any) and province (or any), as the search projection's rows, each in every sort's order; the names' words
 * by prefix; the price range and the free first consultation tested on each lawyer. Ids and the bounded
 * count of ADR 0020 as the SQL paths answer them (lawyers.equivalence.test.ts).
 */
export class DirectoryIndex extends OrderedIndex<IndexedLawyer, LawyerSort> {
  constructor(tuning?: IndexTuning) {
    super(
      {
        id: (lawyer) => lawyer.userId,
        orders,
        ranges: (lawyer) =>
          ['', ...lawyer.categories].flatMap((category) => [
            rangeKey(category, ''),
            rangeKey(category, lawyer.province),
          ]),
        text: (lawyer) => lawyer.searchText,
      },
      tuning,
    );
  }

  directory(
    filter: DirectoryFilter,
    sort: LawyerSort,
    range: PageRange,
    countLimit: number,
  ): IndexPage<IndexedLawyer> {
    const { minPriceCents: min, maxPriceCents: max, firstVisitFree, categories, provinces } = filter;
    const priced = min !== undefined || max !== undefined || firstVisitFree === true;
    const asked = (values: string[]) => (values.length ? values : ['']);
    return this.search({
      sort,
      ...range,
      countLimit,
      ranges: asked(categories).flatMap((category) =>
        asked(provinces).map((province) => rangeKey(category, province)),
      ),
      terms: filter.terms,
      test: priced
        ? (lawyer) =>
            (min === undefined || lawyer.priceHourCents >= min) &&
            (max === undefined || lawyer.priceHourCents <= max) &&
            (firstVisitFree !== true || lawyer.firstVisitFree)
        : undefined,
      inRanges:
        categories.length || provinces.length
          ? (lawyer) =>
              (!categories.length || lawyer.categories.some((category) => categories.includes(category))) &&
              (!provinces.length || provinces.includes(lawyer.province))
          : undefined,
    });
  }
}
