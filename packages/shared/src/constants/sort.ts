/** docs/product.md, Home: how a client sorts the lawyer directory; values as docs/api/http.md, Lawyers gives them. */
export const LAWYER_SORTS = [
  { value: 'rating', label: 'Mejor valoración' },
  { value: 'price_asc', label: 'Más económico' },
  { value: 'price_desc', label: 'Más caro' },
  { value: 'finished', label: 'Más casos completados' },
  { value: 'active', label: 'Más casos activos' },
] as const;
export type LawyerSort = (typeof LAWYER_SORTS)[number]['value'];

/**
 * ADR 0006, Board sorts: how a lawyer sorts the board of general cases, as the web offers them ('Por
 * categoría', the board's first view, first). `finished` and `active` (the client's own history) are still accepted on the wire
 * (BOARD_SORT_VALUES) but not offered: they read as the directory's lawyer figures.
 */
export const BOARD_SORTS = [
  { value: 'category', label: 'Por categoría' },
  { value: 'recent', label: 'Más recientes' },
  { value: 'oldest', label: 'Más antiguos' },
  { value: 'proposals_asc', label: 'Menos propuestas' },
  { value: 'price_asc', label: 'Propuesta más económica' },
  { value: 'price_desc', label: 'Propuesta más cara' },
] as const;
/** Every board sort GET /api/cases/pending-cases accepts (docs/api/http.md, Cases). */
export const BOARD_SORT_VALUES = [...BOARD_SORTS.map((sort) => sort.value), 'finished', 'active'] as const;
export type BoardSort = (typeof BOARD_SORTS)[number]['value'];
export type BoardSortValue = BoardSort | 'finished' | 'active';
