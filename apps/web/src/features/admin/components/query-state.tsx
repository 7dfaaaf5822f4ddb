import { es } from '@l4l/shared/texts/es/admin';
import { Button } from '../../../components/button/button.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import styles from './admin.module.css';

/** What a console page shows before its data: a spinner, or the failure with a retry. */
export function QueryState({ isError, onRetry }: { isError: boolean; onRetry: () => void }) {
  if (!isError) {
    return (
      <div className={styles.state}>
        <Spinner label={es.admin.loading} />
      </div>
    );
  }
  return (
    <div className={styles.state} role="alert">
      <p>{es.admin.loadError}</p>
      <Button variant="secondary" onClick={onRetry}>
        {es.common.retry}
      </Button>
    </div>
  );
}

/** The page title and its one-line lead. */
export function SectionHeading({ title, lead }: { title: string; lead: string }) {
  return (
    <header className={styles.heading}>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.lead}>{lead}</p>
    </header>
  );
}
