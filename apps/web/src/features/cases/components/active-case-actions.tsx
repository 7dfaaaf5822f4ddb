import { CASE_STEPS, LAWYER_STEP_MAX, LAWYER_STEP_MIN } from '@l4l/shared/constants/cases';
import type { Case } from '@l4l/shared/schemas/cases';
import { es } from '@l4l/shared/texts/es/app';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { Field } from '../../../components/form/field.tsx';
import { Spinner } from '../../../components/spinner/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useRequestClosure } from '../api/request-closure.ts';
import { useUpdateProgress } from '../api/update-progress.ts';
import { useClosureAnswer } from '../hooks/use-closure-answer.ts';
import { closureErrorMessage } from '../lib/closure-error.ts';
import styles from './case-detail.module.css';
import { ConfirmClosureButton } from './confirm-closure-button.tsx';

// What the two parties do on an ACTIVO case's screen (case-detail.tsx): the lawyer moves it on and asks to
// close it; the client answers that request.

/** The case's lawyer on an ACTIVO case: the next step (3–6, forward only) and 'Solicitar cierre'. */
export function LawyerActions({ item }: { item: Case }) {
  const selectId = useId();
  const progress = useUpdateProgress();
  const requestClosure = useRequestClosure();
  const options = CASE_STEPS.map((label, index) => ({ label, index })).filter(
    ({ index }) => index > item.progressStep && index >= LAWYER_STEP_MIN && index <= LAWYER_STEP_MAX,
  );
  const [chosen, setChosen] = useState<number | null>(null);
  const next = chosen !== null && chosen > item.progressStep ? chosen : (options[0]?.index ?? null);

  const advance = () => {
    if (next === null) return;
    progress.mutate(
      { caseId: item.id, progressStep: next },
      {
        onSuccess: () => {
          setChosen(null);
          toast.success(es.cases.progressSaved);
        },
        onError: (error) => toast.error(isApiError(error) ? error.message : es.caseDetail.loadError),
      },
    );
  };

  return (
    <section className={styles.panel} aria-labelledby={`${selectId}-title`}>
      <h2 id={`${selectId}-title`} className={styles.panelTitle}>
        {es.caseDetail.lawyerActions}
      </h2>
      {options.length > 0 ? (
        <div className={styles.advance}>
          <Field label={es.caseDetail.nextStep} className={styles.grow}>
            {(control) => (
              <select
                {...control}
                className={styles.select}
                value={next ?? ''}
                onChange={(event) => setChosen(Number(event.target.value))}
              >
                {options.map(({ label, index }) => (
                  <option key={index} value={index}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Button onClick={advance} disabled={progress.isPending}>
            {progress.isPending ? es.caseDetail.saving : es.caseDetail.advance}
          </Button>
        </div>
      ) : null}
      {item.closureRequested ? (
        <p className={styles.note}>{es.caseDetail.closureWaiting}</p>
      ) : (
        <Button
          variant="secondary"
          disabled={requestClosure.isPending}
          onClick={() =>
            requestClosure.mutate(item.id, {
              onSuccess: () => toast.success(es.cases.closureRequestSent),
              onError: (error) => toast.error(closureErrorMessage(error)),
            })
          }
        >
          {requestClosure.isPending ? <Spinner size="sm" label={es.common.sending} /> : null}
          {es.buttons.requestClosure}
        </Button>
      )}
    </section>
  );
}

/** docs/domain.md, Case machine (confirmClosure): the client confirms ('Cerrando...' while busy) or keeps the case open. */
export function ClosureAnswer({ item, extra }: { item: Case; extra?: ReactNode }) {
  const answer = useClosureAnswer({ caseId: item.id, chatId: item.chatId });

  return (
    <section className={`${styles.panel} ${styles.closure}`} aria-labelledby="closure-title">
      <h2 id="closure-title" className={styles.panelTitle}>
        {es.chat.closureTitle}
      </h2>
      <p>{es.caseDetail.closureQuestion}</p>
      <div className={styles.closureActions}>
        <ConfirmClosureButton onConfirm={answer.confirm} busy={answer.busy} confirming={answer.confirming} />
        <Button variant="secondary" disabled={answer.busy} onClick={answer.discard}>
          {es.caseDetail.cancelClosure}
        </Button>
        {extra}
      </div>
    </section>
  );
}
