import { LIMITS } from '@l4l/shared/constants/limits';
import styles from './stars.module.css';

/** Five stars filled to `score` (0–5), in steps of half a star; the caller says the score in words. */
export function Stars({ score, size = 16 }: { score: number; size?: number }) {
  const rounded = Math.round(score * 2) / 2;
  return (
    <span className={styles.stars} aria-hidden="true" style={{ fontSize: size }}>
      {Array.from({ length: LIMITS.ratingStars }, (_, index) => {
        const fill = Math.max(0, Math.min(1, rounded - index));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars never move
          <span key={index} className={styles.star}>
            ★
            <span className={styles.filled} style={{ width: `${fill * 100}%` }}>
              ★
            </span>
          </span>
        );
      })}
    </span>
  );
}
