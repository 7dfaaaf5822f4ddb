import { es } from '@l4l/shared/texts/es';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeCase } from '../../../test/case-fixtures.ts';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { BeginCasePage } from './begin-case-page.tsx';

function renderPage(routes = {}) {
  const api = mockApi({ 'GET /api/auth/me': () => ok(CLIENT), ...routes });
  const view = renderWithApp(<BeginCasePage />, { path: '/dashboard/begincase', consent: 'true' });
  return { api, ...view };
}

describe('BeginCasePage', () => {
  it('flags blank fields without visible text, counts characters, sends the trimmed case and goes to Mis casos', async () => {
    const { api, router } = renderPage({
      'POST /api/cases/new-case': () => ok(makeCase({ status: 'PENDIENTE DE VALIDACIÓN', progressStep: 0 })),
    });
    const user = userEvent.setup();
    expect(await screen.findByText(es.cases.approvalNotice)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: es.cases.submit }));
    const title = screen.getByLabelText(es.cases.titleLabel);
    const description = screen.getByLabelText(es.cases.descriptionLabel);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveAccessibleDescription(es.cases.descriptionInvalid);
    expect(api.callsTo('POST /api/cases/new-case')).toHaveLength(0);

    await user.type(title, '  Despido improcedente ');
    await user.type(description, 'Me despidieron ayer.');
    expect(screen.getByText('20/500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: es.cases.submit }));
    expect(await screen.findByText(es.cases.created)).toBeInTheDocument();
    expect(api.callsTo('POST /api/cases/new-case')[0]?.body).toEqual({
      title: 'Despido improcedente',
      description: 'Me despidieron ayer.',
    });
    expect(router.state.location.pathname).toBe('/dashboard/casos');
  });

  it('shows the error toast when saving fails and flags the fields the server refused', async () => {
    const { router } = renderPage({
      'POST /api/cases/new-case': () =>
        fail(400, 'VALIDATION_ERROR', 'Datos no válidos', { fields: { title: es.cases.titleRequired } }),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(es.cases.titleLabel), 'Título');
    await user.type(screen.getByLabelText(es.cases.descriptionLabel), 'Texto.');
    await user.click(screen.getByRole('button', { name: es.cases.submit }));
    expect(await screen.findByText(es.cases.saveFailed)).toBeInTheDocument();
    expect(screen.getByLabelText(es.cases.titleLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/dashboard/begincase');
  });
});
