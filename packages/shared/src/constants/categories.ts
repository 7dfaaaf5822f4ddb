/** docs/domain.md, Categories and provinces: the 15 legal categories, shown (and sent on the wire) with the 'Abogado ' prefix. */
export const CATEGORIES = [
  'Abogado Generalista',
  'Abogado Civil',
  'Abogado Inmobiliario',
  'Abogado Sucesiones y testamentos',
  'Abogado Divorcios',
  'Abogado Mercantil',
  'Abogado Bancario',
  'Abogado Competencia',
  'Abogado Concursal',
  'Abogado Protección de datos',
  'Abogado Laboral',
  'Abogado Administrativo',
  'Abogado Fiscal',
  'Abogado Compliance',
  'Abogado Extranjería',
] as const;

export type Category = (typeof CATEGORIES)[number];

/** docs/domain.md, Categories and provinces: a new general case or a proposal is not yet classified. */
export const UNCLASSIFIED_CATEGORY = 'Por calificar';

/** docs/product.md, Landing page: the categories the landing page features. */
export const FEATURED_CATEGORIES: readonly Category[] = [
  'Abogado Mercantil',
  'Abogado Administrativo',
  'Abogado Divorcios',
  'Abogado Civil',
  'Abogado Fiscal',
];

/** 'Abogado Sucesiones y testamentos' → 'Sucesiones y testamentos': the wire keeps the prefix, lists drop it. */
export function categoryName(category: string): string {
  return category.replace(/^Abogado\s+/, '');
}

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** docs/product.md, Home: a category summary shows at most 2 names, then '(+n)'. */
export function summarizeCategories(selected: readonly string[], max = 2): string {
  if (selected.length <= max) return selected.join(', ');
  return `${selected.slice(0, max).join(', ')} (+${selected.length - max})`;
}
