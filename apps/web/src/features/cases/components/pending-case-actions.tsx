import type { Case } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import { lazy, Suspense, useId, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { Modal } from '../../../components/modal/modal.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { preloadOn } from '../../../lib/on-demand.ts';
import { toast } from '../../../lib/toast.ts';
import { useEditCase, useWithdrawCase } from '../api/save-case.ts';
import styles from './case-detail.module.css';

const t = es.caseDetail;

// the form, its validation and react-hook-form load when 'Editar caso' is about to be used, not in front of the case
const loadCaseForm = () => import('./case-form.tsx');
const CaseForm = lazy(() => loadCaseForm().then((module) => ({ default: module.CaseForm })));

/**
 * The client's own case while it waits for validation (docs/domain.md, Case machine: correcting and withdrawing):
 * 'Editar caso' opens the case form with what it says now; 'Retirar caso' asks first, and the case ends
 * discarded with the reason that the client withdrew it.
 */
export function PendingCaseActions({ item }: { item: Case }) {
  const titleId = useId();
  const [editing, setEditing] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const edit = useEditCase();
  const withdraw = useWithdrawCase();
  const failed = (error: unknown) => toast.error(isApiError(error) ? error.message : t.changeFailed);

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.panelTitle}>
        {t.pendingTitle}
      </h2>
      <p>{t.pendingHelp}</p>
      <div className={styles.closureActions}>
        <Button variant="secondary" onClick={() => setEditing(true)} {...preloadOn(loadCaseForm)}>
          {t.edit}
        </Button>
        <Button variant="danger" onClick={() => setWithdrawing(true)}>
          {t.withdraw}
        </Button>
      </div>

      <Modal open={editing} onOpenChange={setEditing} title={t.editTitle} size="md">
        <Suspense fallback={<Spinner />}>
          <CaseForm
            initial={{ title: item.title, description: item.description }}
            submitLabel={es.buttons.saveChanges}
            pending={edit.isPending}
            onSubmit={(values) =>
              edit.mutateAsync(
                { caseId: item.id, ...values },
                {
                  onSuccess: () => {
                    setEditing(false);
                    toast.success(t.edited);
                  },
                  onError: (error) => {
                    // a field the server refused is flagged by the form; anything else is said here
                    if (!isApiError(error) || Object.keys(error.fields).length === 0) failed(error);
                  },
                },
              )
            }
          />
        </Suspense>
      </Modal>

      <Modal
        open={withdrawing}
        onOpenChange={setWithdrawing}
        title={t.withdrawTitle}
        description={t.withdrawText}
      >
        <div className={styles.closureActions}>
          <Button variant="secondary" onClick={() => setWithdrawing(false)}>
            {t.keep}
          </Button>
          <Button
            variant="danger"
            disabled={withdraw.isPending}
            onClick={() =>
              withdraw.mutate(item.id, {
                onSuccess: () => {
                  setWithdrawing(false);
                  toast.success(t.withdrawn);
                },
                onError: failed,
              })
            }
          >
            {withdraw.isPending ? <Spinner size="sm" label={t.withdrawing} /> : null}
            {t.withdrawConfirm}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
