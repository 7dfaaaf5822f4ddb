/**
 * Which ordered range the board's search reads first (docs/decisions/0033-board-search.md), from the counts alone: a range read in sort order stops at the count's limit, so it
 * costs its size or the limit divided by the share of its entries the other conditions keep, whichever is
 * less, each condition's share taken as independent. Each stored word a typed word prefixes is a range of
 * its own.
 */
export type RangeSizes = {
  /** entries in the facets' ranges (the categories, provinces asked for, or everything) */
  facets: number;
  /** how many ranges those are */
  facetRanges: number;
  /** entries in the whole listing */
  everyone: number;
  /** for each typed word: [entries with a word it prefixes, stored words it prefixes] */
  words: number[][];
};

/** Each range's share of the whole listing, and the share the typed words but one (-1: all) keep. */
function shares(sizes: RangeSizes) {
  const all = Math.max(1, sizes.everyone);
  const share = (size: number) => Math.min(1, size / all);
  const wordShares = sizes.words.map(([entries = 0]) => share(entries));
  const keptBesides = (skip: number) =>
    wordShares.reduce((product, s, j) => (j === skip ? product : product * s), 1);
  return { share, keptBesides };
}

/** The index of the typed word whose ranges are cheaper to read first, or -1 for the facets' ranges. */
export function cheaperRange(sizes: RangeSizes, countLimit: number): number {
  const { share, keptBesides } = shares(sizes);
  const wanted = countLimit + 1;
  const cost = (size: number, kept: number, ranges: number) =>
    Math.min(size, (ranges * wanted) / Math.max(kept, 1e-9));
  let best = -1;
  let bestCost = cost(sizes.facets, keptBesides(-1), sizes.facetRanges);
  sizes.words.forEach(([entries = 0, stored = 0], i) => {
    const wordCost = cost(entries, share(sizes.facets) * keptBesides(i), stored) + stored;
    if (wordCost < bestCost) {
      best = i;
      bestCost = wordCost;
    }
  });
  return best;
}
