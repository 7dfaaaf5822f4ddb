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

/** docs/domain.md, Professional title: how a lawyer is called, as they chose it; 'Abogado' unless they chose. */
export const PROFESSIONAL_TITLES = ['Abogado', 'Abogada'] as const;
export type ProfessionalTitle = (typeof PROFESSIONAL_TITLES)[number];
export const DEFAULT_PROFESSIONAL_TITLE: ProfessionalTitle = 'Abogado';

/** The category adjectives that agree with 'Abogada'; the others (Civil, Laboral, Divorcios…) do not change. */
const FEMININE_AREAS: Readonly<Record<string, string>> = {
  Inmobiliario: 'Inmobiliaria',
  Bancario: 'Bancaria',
  Administrativo: 'Administrativa',
};

/**
 * A lawyer's category as a badge that agrees with their title: ('Abogado Inmobiliario', 'Abogada') →
 * 'Abogada Inmobiliaria'; ('Abogado Laboral', 'Abogada') → 'Abogada Laboral'. The wire keeps the category.
 */
export function categoryBadge(
  category: string,
  title: ProfessionalTitle = DEFAULT_PROFESSIONAL_TITLE,
): string {
  if (!category.startsWith('Abogado ')) return category;
  const area = categoryName(category);
  return `${title} ${title === 'Abogada' ? (FEMININE_AREAS[area] ?? area) : area}`;
}

/** A stored title as the wire types it (the database's check allows these two only). */
export function asProfessionalTitle(value: string): ProfessionalTitle {
  return value === 'Abogada' ? 'Abogada' : 'Abogado';
}
