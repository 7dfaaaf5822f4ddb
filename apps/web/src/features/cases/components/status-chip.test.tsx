import { es } from '@l4l/shared/texts/es';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusChip } from './status-chip.tsx';

describe('StatusChip', () => {
  it('shows a known status as it is, and an unknown one as Estado desconocido', () => {
    render(
      <>
        <StatusChip status="ACTIVO" />
        <StatusChip status="EN REVISIÓN" />
      </>,
    );
    expect(screen.getByText('ACTIVO')).toBeInTheDocument();
    expect(screen.getByText(es.cases.unknownStatus)).toBeInTheDocument();
    expect(screen.queryByText('EN REVISIÓN')).not.toBeInTheDocument();
  });
});
