import { es } from '@l4l/shared/texts/es/app';
import styles from './upload-progress.module.css';
import type { UploadState } from './use-upload.ts';

/**
 * An upload on its way (useUpload): what is sent, a bar with the percentage, and the button that cancels
 * it. The bar is a native progressbar (role, value and label come with it).
 */
export function UploadProgress({ upload }: { upload: UploadState }) {
  const { name, percent } = upload;
  return (
    <div className={styles.upload} data-testid="upload-progress">
      <div className={styles.row}>
        <span className={styles.name}>{name}</span>
        <span className={styles.percent} aria-hidden="true">
          {percent} %
        </span>
        <button type="button" className={styles.cancel} onClick={upload.cancel}>
          {es.documents.cancel}
        </button>
      </div>
      <progress
        className={styles.bar}
        max={100}
        value={percent}
        aria-label={`${es.documents.progressLabel}: ${name}`}
      >
        {percent} %
      </progress>
    </div>
  );
}
