/** The directory queries the benchmark loads and the ones it EXPLAINs (one per filter and per sort). */

const SORTS = ['rating', 'price_asc', 'price_desc', 'finished', 'active'];
const SEARCHES = [
  'garcia',
  'garc',
  'martinez',
  'lopez',
  'fernan',
  'gonzalez',
  'rodri',
  'sanchez',
  'perez',
  'maria',
  'jose',
  'nuñez',
  'lucia gar',
  'ana lopez',
  'jimenez',
  'ruiz',
  'herr',
  'moreno',
  'álvarez',
  'romero',
  'carmen',
  'javier mart',
  'iñaki',
  'torres',
  'vega',
  'sofia',
  'navarro',
  'ortega',
  'pablo',
  'castillo',
];
const CATEGORY_SETS = [
  ['Abogado Civil'],
  ['Abogado Divorcios', 'Abogado Civil'],
  ['Abogado Mercantil', 'Abogado Fiscal'],
  ['Abogado Laboral'],
  ['Abogado Extranjería', 'Abogado Administrativo'],
  ['Abogado Sucesiones y testamentos', 'Abogado Inmobiliario'],
];

/** `count` directory paths: a search, categories and a sort each, pages 1 to 3, deterministic. */
export function listingPaths(count = 60) {
  return Array.from({ length: count }, (_, i) => {
    const query = new URLSearchParams({
      search: SEARCHES[i % SEARCHES.length],
      categories: CATEGORY_SETS[i % CATEGORY_SETS.length].join(','),
      sort: SORTS[i % SORTS.length],
      page: String(1 + (i % 3)),
    });
    return `/api/lawyers?${query}`;
  });
}

/** One query per filter and per sort, as the service receives them after validation. */
export const EXPLAINED = [
  ...SORTS.map((sort) => ({ label: `sort ${sort}`, query: { sort } })),
  { label: 'search garc', query: { search: 'garc', sort: 'rating' } },
  { label: 'search lucia gar', query: { search: 'lucia gar', sort: 'rating' } },
  { label: 'categories Civil', query: { categories: ['Abogado Civil'], sort: 'rating' } },
  {
    label: 'categories Mercantil+Fiscal',
    query: { categories: ['Abogado Mercantil', 'Abogado Fiscal'], sort: 'price_asc' },
  },
  { label: 'province Madrid', query: { province: 'Madrid', sort: 'rating' } },
  {
    label: 'search+categories+sort',
    query: { search: 'martinez', categories: ['Abogado Civil', 'Abogado Laboral'], sort: 'finished' },
  },
  {
    label: 'all filters',
    query: { search: 'maria', categories: ['Abogado Civil'], province: 'Sevilla', sort: 'price_desc' },
  },
];
