import { CASE_STEPS } from '@l4l/shared/constants/cases';
import { es } from '@l4l/shared/texts/es';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CaseTimeline, stepLabel } from './case-timeline.tsx';

describe('CaseTimeline', () => {
  it('marks the steps before the current one completed, the current one current and the rest pending', () => {
    render(<CaseTimeline step={3} />);
    const steps = screen.getAllByRole('listitem');
    expect(steps).toHaveLength(8);
    expect(steps[0]).toHaveTextContent(`${CASE_STEPS[0]}, ${es.caseDetail.stepCompleted}`);
    expect(steps[2]).toHaveTextContent(`${CASE_STEPS[2]}, ${es.caseDetail.stepCompleted}`);
    expect(steps[3]).toHaveTextContent(`${CASE_STEPS[3]}, ${es.caseDetail.stepCurrent}`);
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    expect(steps[7]).toHaveTextContent(`${CASE_STEPS[7]}, ${es.caseDetail.stepPending}`);
    expect(steps.filter((step) => step.hasAttribute('aria-current'))).toHaveLength(1);
  });

  it('reads the step as an index in a string or as a status label', () => {
    const { unmount } = render(<CaseTimeline step="5" />);
    expect(screen.getAllByRole('listitem')[5]).toHaveAttribute('aria-current', 'step');
    unmount();
    render(<CaseTimeline step="FINALIZADO" />);
    expect(screen.getAllByRole('listitem')[7]).toHaveAttribute('aria-current', 'step');
    expect(stepLabel('ACTIVO')).toBe(CASE_STEPS[2]);
    expect(stepLabel('nada')).toBe(es.caseDetail.statusFallback);
  });

  it('says the status is not valid, or that the progress could not load', () => {
    const { unmount } = render(<CaseTimeline step={9} />);
    expect(screen.getByRole('alert')).toHaveTextContent(es.caseDetail.invalidStatus);
    unmount();
    const other = render(<CaseTimeline step="desconocido" />);
    expect(screen.getByRole('alert')).toHaveTextContent(es.caseDetail.invalidStatus);
    other.unmount();
    render(<CaseTimeline step={1} steps={[]} />);
    expect(screen.getByRole('alert')).toHaveTextContent(es.caseDetail.progressError);
  });
});
