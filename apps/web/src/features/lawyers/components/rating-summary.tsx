import { es } from '@l4l/shared/texts/es/signed-in';
import { Stars } from '../../../components/stars/stars.tsx';
import { formatScore } from '../../../lib/format.ts';
import styles from './rating-summary.module.css';

/** Stars, the average and the number of ratings; said in words to screen readers ('4,5 de 5 (12 ...)'). */
export function RatingSummary({ rating, totalRatings }: { rating: number; totalRatings: number }) {
  return (
    <span className={styles.rating}>
      <Stars score={rating} />
      <span className="visually-hidden">{es.dashboard.ratingOf(formatScore(rating), totalRatings)}</span>
      <span aria-hidden="true">
        <strong>{formatScore(rating)}</strong> ({totalRatings})
      </span>
    </span>
  );
}
