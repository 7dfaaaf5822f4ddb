import { slugWords } from '../search.ts';
import { CATEGORIES, type Category, categoryName } from './categories.ts';
import { ALL_SPAIN, PROVINCES, type Province } from './provinces.ts';

/**
 * docs/domain.md, Public directory pages: the addresses of the server-rendered directory,
 * `/abogados/{category}` and `/abogados/{category}/{province}`, made of the names without accents
 * ('Protección de datos' → `proteccion-de-datos`, 'La Coruña' → `la-coruna`).
 */
const slugOf = (text: string) => slugWords(text).join('-');

/** The category of each category slug: `civil` → 'Abogado Civil'. */
export const CATEGORY_BY_SLUG: ReadonlyMap<string, Category> = new Map(
  CATEGORIES.map((category) => [slugOf(categoryName(category)), category]),
);

/** The slug of each category: 'Abogado Civil' → `civil`. */
export const SLUG_BY_CATEGORY: ReadonlyMap<Category, string> = new Map(
  [...CATEGORY_BY_SLUG].map(([slug, category]) => [category, slug]),
);

/** The 52 provinces (not 'Toda España', which the category page itself covers) by slug: `madrid` → 'Madrid'. */
export const PROVINCE_BY_SLUG: ReadonlyMap<string, Exclude<Province, typeof ALL_SPAIN>> = new Map(
  PROVINCES.filter((province) => province !== ALL_SPAIN).map((province) => [
    slugOf(province),
    province as Exclude<Province, typeof ALL_SPAIN>,
  ]),
);

/** The slug of each province: 'La Coruña' → `la-coruna`. */
export const SLUG_BY_PROVINCE: ReadonlyMap<string, string> = new Map(
  [...PROVINCE_BY_SLUG].map(([slug, province]) => [province, slug]),
);

/**
 * docs/decisions/0018: the first segment after /abogados/ is a category page when it is one of these, so
 * no lawyer is ever given one of them as the slug of their page.
 */
export const RESERVED_LAWYER_SLUGS: ReadonlySet<string> = new Set(CATEGORY_BY_SLUG.keys());
