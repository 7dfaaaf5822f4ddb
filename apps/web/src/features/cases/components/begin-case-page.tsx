import { es } from '@l4l/shared/texts/es/app';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateCase } from '../api/create-case.ts';
import styles from './begin-case-page.module.css';
import { CaseForm } from './case-form.tsx';

/** docs/product.md, Start a case (clients only): a general case, reviewed before the board shows it; then 'Mis casos'. */
export function BeginCasePage() {
  const create = useCreateCase();
  const navigate = useNavigate();
  return (
    <section className={styles.page} aria-labelledby="begin-case-title">
      <h1 id="begin-case-title" className={styles.title}>
        {es.nav.startCase}
      </h1>
      <p className={styles.lead}>{es.cases.beginLead}</p>
      <div className={styles.card}>
        <CaseForm
          pending={create.isPending}
          onSubmit={(values) =>
            create.mutateAsync(values).then(
              () => {
                toast.success(es.cases.created);
                navigate(paths.cases);
              },
              (error: unknown) => {
                toast.error(es.cases.saveFailed);
                throw error;
              },
            )
          }
        />
      </div>
    </section>
  );
}
