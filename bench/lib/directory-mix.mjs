/**
 * The directory requests of bench/directory-1m.mjs (and of lib/directory-db-time.mjs): what a person
 * types and picks in the directory, drawn from `random`.
 */
import { CATEGORIES } from '@l4l/shared/constants/categories';
import { PROVINCES } from '@l4l/shared/constants/provinces';
import { pick, typedPrefixes, withoutAccents } from './query-mix.mjs';
import { FIRST_NAMES, SURNAMES } from './seed-lawyers.mjs';

const SORTS = ['rating', 'rating', 'rating', 'price_asc', 'price_desc', 'finished', 'active'];
const PAGES = ['1', '1', '1', '1', '1', '1', '2', '2', '3'];
const NAMED_PROVINCES = PROVINCES.slice(1);

/** What a person types: a name growing letter by letter, accents or not, maybe a first name and a surname. */
function typedSearch(random) {
  const surname = pick(random, SURNAMES);
  const first = pick(random, FIRST_NAMES);
  const shape = random();
  let text;
  if (shape < 0.55) text = pick(random, typedPrefixes(surname));
  else if (shape < 0.8) text = pick(random, typedPrefixes(first));
  else text = `${first.toLowerCase()} ${pick(random, typedPrefixes(surname))}`;
  return random() < 0.5 ? withoutAccents(text) : text;
}

export function directoryRequest(random) {
  const query = new URLSearchParams();
  if (random() < 0.85) query.set('search', typedSearch(random));
  const categories = random();
  if (categories < 0.45) query.set('categories', pick(random, CATEGORIES));
  else if (categories < 0.6) {
    const one = pick(random, CATEGORIES);
    const two = pick(
      random,
      CATEGORIES.filter((category) => category !== one),
    );
    query.set('categories', `${one},${two}`);
  }
  if (random() < 0.35) query.set('province', pick(random, NAMED_PROVINCES));
  query.set('sort', pick(random, SORTS));
  query.set('page', pick(random, PAGES));
  return `/api/lawyers?${query}`;
}
