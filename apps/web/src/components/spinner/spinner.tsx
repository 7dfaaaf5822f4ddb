import { es } from '@l4l/shared/texts/es/public';
import styles from './spinner.module.css';

/** A busy indicator that screen readers announce ('Cargando...'). */
export function Spinner({
  label = es.common.loading,
  size = 'md',
}: {
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  return (
    <span role="status" className={styles.wrapper}>
      <span className={`${styles.spinner} ${styles[size]}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** The whole viewport waits, e.g. while the session is still unknown (docs/product.md, Routes: the guard). */
export function FullPageSpinner() {
  return (
    <div className={styles.fullPage}>
      <Spinner size="lg" />
    </div>
  );
}
