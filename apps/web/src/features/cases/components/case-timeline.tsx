import { CASE_STEPS, stepIndexOf } from '@l4l/shared/constants/cases';
import { es } from '@l4l/shared/texts/es/app';
import { FormMessage } from '../../../components/form/field.tsx';
import { CheckIcon } from '../../../components/icons/icons.tsx';
import styles from './case-timeline.module.css';

type StepState = 'completed' | 'current' | 'pending';

const STATE_TEXT: Record<StepState, string> = {
  completed: es.caseDetail.stepCompleted,
  current: es.caseDetail.stepCurrent,
  pending: es.caseDetail.stepPending,
};

/**
 * docs/domain.md, Case statuses and progress steps: a vertical timeline of the 8 steps. Steps before the current one are completed,
 * the current one is current, the rest pending — told apart by colour and shape, and in words for screen
 * readers. The step may be an index (as a number or a string) or a label; anything else is an error.
 */
export function CaseTimeline({
  step,
  steps = CASE_STEPS,
  labelledBy,
}: {
  step: string | number | null | undefined;
  steps?: readonly string[];
  labelledBy?: string;
}) {
  if (steps.length === 0) return <FormMessage>{es.caseDetail.progressError}</FormMessage>;
  const current = stepIndexOf(step);
  if (current === null || current >= steps.length) {
    return <FormMessage>{es.caseDetail.invalidStatus}</FormMessage>;
  }
  return (
    <ol className={styles.timeline} aria-labelledby={labelledBy}>
      {steps.map((label, index) => {
        const state: StepState = index < current ? 'completed' : index === current ? 'current' : 'pending';
        return (
          <li
            key={label}
            className={`${styles.step} ${styles[state]}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className={styles.marker} aria-hidden="true">
              {state === 'completed' ? <CheckIcon size={14} /> : index + 1}
            </span>
            <span className={styles.label}>
              {label}
              <span className="visually-hidden">{`, ${STATE_TEXT[state]}`}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** docs/domain.md, Case statuses and progress steps: the label comes from the step list, 'N/A' when the step is not valid. */
export function stepLabel(step: string | number | null | undefined, steps: readonly string[] = CASE_STEPS) {
  const index = stepIndexOf(step);
  return index === null ? es.caseDetail.statusFallback : (steps[index] ?? es.caseDetail.statusFallback);
}
