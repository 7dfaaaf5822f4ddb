import { es } from '@l4l/shared/texts/es/public';
import styles from './logo.module.css';

/** The scales mark and the wordmark; `tone` follows the background it sits on. */
export function Logo({ tone = 'ink' }: { tone?: 'ink' | 'light' }) {
  return (
    <span className={`${styles.logo} ${tone === 'light' ? styles.light : ''}`}>
      <svg className={styles.mark} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" className={styles.markBg} />
        <path d="M32 14v36M20 50h24M16 22h32" className={styles.markLine} />
        <path d="M16 22l-7 14a7 7 0 0 0 14 0zM48 22l-7 14a7 7 0 0 0 14 0z" className={styles.markFill} />
      </svg>
      <span className={styles.word}>{es.brand.name}</span>
    </span>
  );
}
