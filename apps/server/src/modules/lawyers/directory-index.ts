import { ALL_SPAIN, PROVINCES } from '@l4l/shared/constants/provinces';
import type { LawyerSort } from '@l4l/shared/constants/sort';
import { type IndexPage, type IndexTuning, OrderedIndex } from '../../lib/ordered-index.ts';
import { TextArena } from '../../lib/text-arena.ts';
import type { DirectoryCard, DirectoryFilter, PageRange } from './lawyers.repository.ts';

/** A listed lawyer as the index's source reads it: its card, and the words of its name. */
export type ListedLawyer = DirectoryCard & {
  /** the accent-free, lower-case name, its words separated by single spaces */
  searchText: string;
};

/**
 * What the index keeps of a listed lawyer: what a request filters and sorts on, and, in the index's text
 * arena (lib/text-arena.ts), the card rendered (its list item's JSON) and the words of the name. A million lawyers then make a few
 * million objects, not tens of millions: the collector's full marking, on the server's thread, stays short.
 */
export type IndexedLawyer = Pick<
  ListedLawyer,
  | 'userId'
  | 'province'
  | 'ratingAvg'
  | 'ratingCount'
  | 'priceHourCents'
  | 'finishedCases'
  | 'activeCases'
  | 'firstVisitFree'
> & {
  categories: readonly string[];
  /** the card rendered, and the words of the name: their numbers in the arena */
  card: number;
  words: number;
};

/** Values many lawyers share (a province, a set of categories), kept once. */
const shared = new Map<string, string | readonly string[]>();
function once<T extends string | readonly string[]>(key: string, value: T): T {
  const kept = shared.get(key);
  if (kept !== undefined) return kept as T;
  if (shared.size >= 100_000) shared.clear();
  shared.set(key, value);
  return value;
}

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

/**
 * The key of a category's (or any, '') and a province's (or any, '') range. A province's range holds the
 * lawyers of all Spain too, as every request that names a province asks for them: one range to walk, not two
 * to merge.
 */
const rangeKey = (category: string, province: string) => `${category}|${province}`;

/** The provinces whose ranges a lawyer is in: its own, or every one for a lawyer of all Spain. */
const provincesOf = (province: string) => (province === ALL_SPAIN ? PROVINCES : [province]);

/**
 * The listed lawyers in memory (docs/decisions/0042-directory-index-in-memory.md): a range per category (or
 * any) and province (or any), as the search projection's rows, each in every sort's order; the names' words
 * by prefix; the price range and the free first consultation tested on each lawyer. Ids and the bounded
 * count of ADR 0020 as the SQL paths answer them (lawyers.equivalence.test.ts).
 */
export class DirectoryIndex extends OrderedIndex<IndexedLawyer, LawyerSort> {
  private readonly arena: TextArena;

  /** `render`: a card's bytes as a page sends them (its list item's JSON), made once per change of the lawyer */
  constructor(
    private readonly render: (card: DirectoryCard) => string,
    tuning?: IndexTuning,
  ) {
    const arena = new TextArena();
    super(
      {
        id: (lawyer) => lawyer.userId,
        orders,
        ranges: (lawyer) =>
          ['', ...lawyer.categories].flatMap((category) => [
            rangeKey(category, ''),
            ...provincesOf(lawyer.province).map((province) => rangeKey(category, province)),
          ]),
        text: (lawyer) => arena.get(lawyer.words),
        // a province's lawyers together, those of all Spain (in every province's range) first
        cluster: (lawyer) => (lawyer.province === ALL_SPAIN ? '' : lawyer.province),
        // the id's characters copied (a uuid is ASCII): the row's string lies among the row's other values
        copy: (lawyer) => ({ ...lawyer, userId: Buffer.from(lawyer.userId, 'latin1').toString('latin1') }),
        released: (lawyer) => {
          arena.release(lawyer.card);
          arena.release(lawyer.words);
        },
      },
      tuning,
    );
    this.arena = arena;
  }

  /** The entry for a listed lawyer, its texts put in this index's arena (released when it goes). */
  entryOf({ searchText, ...card }: ListedLawyer): IndexedLawyer {
    return {
      userId: card.userId,
      province: once(`p${card.province}`, card.province),
      categories: once(`c${card.categories.join('|')}`, Object.freeze([...card.categories])),
      ratingAvg: card.ratingAvg,
      ratingCount: card.ratingCount,
      priceHourCents: card.priceHourCents,
      finishedCases: card.finishedCases,
      activeCases: card.activeCases,
      firstVisitFree: card.firstVisitFree,
      card: this.arena.put(this.render(card)),
      words: this.arena.put(searchText),
    };
  }

  /** An entry's card as rendered, its bytes read in place (the arena never writes over a live text). */
  itemOf(lawyer: IndexedLawyer): Uint8Array {
    return this.arena.view(lawyer.card);
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
    // a province's range has the lawyers of all Spain in it: a request for them alone is their own range
    const spain = provinces.includes(ALL_SPAIN);
    const named = provinces.filter((province) => province !== ALL_SPAIN);
    const rangeProvinces = spain && named.length ? named : provinces;
    // without all Spain asked (no request does it), its lawyers in a province's range are left out one by one
    const strays = provinces.length > 0 && !spain;
    return this.search({
      sort,
      ...range,
      countLimit,
      ranges: asked(categories).flatMap((category) =>
        asked(rangeProvinces).map((province) => rangeKey(category, province)),
      ),
      terms: filter.terms,
      test:
        priced || strays
          ? (lawyer) =>
              (!strays || provinces.includes(lawyer.province)) &&
              (min === undefined || lawyer.priceHourCents >= min) &&
              (max === undefined || lawyer.priceHourCents <= max) &&
              (firstVisitFree !== true || lawyer.firstVisitFree)
          : undefined,
    });
  }
}
