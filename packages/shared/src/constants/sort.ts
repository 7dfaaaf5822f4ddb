/** spec §6: how a client sorts the lawyer directory; values fixed by API.md. */
export const LAWYER_SORTS = [
  { value: 'rating', label: 'Mejor valoración' },
  { value: 'price_asc', label: 'Más económico' },
  { value: 'price_desc', label: 'Más caro' },
  { value: 'finished', label: 'Más casos completados' },
  { value: 'active', label: 'Más caso activos' },
] as const;
export type LawyerSort = (typeof LAWYER_SORTS)[number]['value'];

/** spec §6: how a lawyer sorts the board of general cases. */
export const BOARD_SORTS = [
  { value: 'category', label: 'Por categoría' },
  { value: 'price_asc', label: 'Más económico' },
  { value: 'price_desc', label: 'Más caro' },
  { value: 'finished', label: 'Más casos completados' },
  { value: 'active', label: 'Más caso activos' },
] as const;
export type BoardSort = (typeof BOARD_SORTS)[number]['value'];
