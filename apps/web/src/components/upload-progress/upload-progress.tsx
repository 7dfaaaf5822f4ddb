import styles from './upload-progress.module.css';

/**
 * An upload on its way: what is sent, a bar with the percentage, and the button that cancels it.
 * The bar is a native progressbar (role, value and label come with it).
 */
export function UploadProgress({
  name,
  percent,
  label,
  cancelLabel,
  onCancel,
}: {
  name: string;
  percent: number;
  /** what the bar is, for assistive technology ("Progreso de la subida") */
  label: string;
  cancelLabel: string;
  onCancel?: () => void;
}) {
  return (
    <div className={styles.upload} data-testid="upload-progress">
      <div className={styles.row}>
        <span className={styles.name}>{name}</span>
        <span className={styles.percent} aria-hidden="true">
          {percent} %
        </span>
        {onCancel ? (
          <button type="button" className={styles.cancel} onClick={onCancel}>
            {cancelLabel}
          </button>
        ) : null}
      </div>
      <progress className={styles.bar} max={100} value={percent} aria-label={`${label}: ${name}`}>
        {percent} %
      </progress>
    </div>
  );
}
