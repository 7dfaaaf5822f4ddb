import { spanishNumber } from '@l4l/shared/format';
import { es } from '@l4l/shared/texts/es/signed-in';
import { format, isValid, parseISO } from 'date-fns';

// in shared so the landing page can name categories without loading date-fns
export { categoryName } from '@l4l/shared/constants/categories';

/** 45.5 → '45,5'; 1234 → '1.234': an amount in euros without the symbol (the lawyer card's '{price} €/hora'). */
export function formatAmount(euros: number): string {
  return spanishNumber(euros, 0, 2);
}

/** A rating average with one decimal: 4.25 → '4,3'. */
export function formatScore(score: number): string {
  return spanishNumber(score, 1, 1);
}

/** docs/product.md, What L4L is: dates show as d/M/y ('2024-03-07' → '7/3/2024'); an unreadable one says so. */
export function formatDay(isoDate: string): string {
  const date = parseISO(isoDate);
  return isValid(date) ? format(date, 'd/M/y') : es.defaults.noDate;
}
