/** docs/product.md, Home: how a client sorts the lawyer directory; values as docs/api/http.md, Lawyers gives them. */
export const LAWYER_SORTS = [
  { value: 'rating', label: 'Mejor valoración' },
  { value: 'price_asc', label: 'Más económico' },
  { value: 'price_desc', label: 'Más caro' },
  { value: 'finished', label: 'Más casos completados' },
  { value: 'active', label: 'Más casos activos' },
] as const;
export type LawyerSort = (typeof LAWYER_SORTS)[number]['value'];

/** ADR 0006, Board sorts: how a lawyer sorts the board of general cases. */
export const BOARD_SORTS = [
  { value: 'category', label: 'Por categoría' },
  { value: 'price_asc', label: 'Más económico' },
  { value: 'price_desc', label: 'Más caro' },
  { value: 'finished', label: 'Más casos completados' },
  { value: 'active', label: 'Más casos activos' },
] as const;
export type BoardSort = (typeof BOARD_SORTS)[number]['value'];
