/**
 * The board requests of bench/board-1m.mjs (and of lib/board-db-time.mjs): the start of a word of a case
 * title as it is typed (with or without accents, sometimes two words), a category, a sort and page 1, 2 or
 * 3, drawn from `random`.
 */
import { CATEGORIES } from '@l4l/shared/constants/categories';
import { pick, typedPrefixes, withoutAccents } from './query-mix.mjs';
import { TITLES } from './seed-cases.mjs';

/** the words worth searching for in the seeded titles (four letters or more) */
const WORDS = [...new Set(TITLES.flatMap((title) => title.split(' ')).filter((word) => word.length >= 4))];
const SORTS = ['recent', 'recent', 'recent', 'category', 'price_asc', 'price_desc', 'finished', 'active'];
const PAGES = ['1', '1', '1', '1', '1', '1', '2', '2', '3'];

export function boardRequest(random) {
  const query = new URLSearchParams();
  if (random() < 0.7) {
    let text = pick(random, typedPrefixes(pick(random, WORDS)));
    if (random() < 0.2) text = `${pick(random, WORDS).toLowerCase()} ${text}`;
    query.set('search', random() < 0.5 ? withoutAccents(text) : text);
  }
  if (random() < 0.5) query.set('category', pick(random, CATEGORIES));
  query.set('sort', pick(random, SORTS));
  query.set('page', pick(random, PAGES));
  return `/api/cases/pending-cases?${query}`;
}
