import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LAWYER } from '../../../test/case-fixtures.ts';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { SavedSearchesPanel } from './saved-searches-panel.tsx';

const SAVED = {
  id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  name: 'Despidos',
  search: 'despido',
  category: 'Abogado Laboral',
  frequency: 'instant',
  createdAt: '2026-03-07T10:00:00.000Z',
};

function renderPanel(search = 'multa trafico') {
  let rows: unknown[] = [SAVED];
  const api = mockApi({
    'GET /api/auth/me': () => ok(LAWYER),
    'GET /api/board/saved-searches': () => ok(rows),
    'POST /api/board/saved-searches': (call) => {
      const created = { ...SAVED, id: '1a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', ...(call.body as object) };
      rows = [...rows, created];
      return ok(created);
    },
    [`PUT /api/board/saved-searches/${SAVED.id}`]: (call) => {
      rows = [{ ...SAVED, ...(call.body as object) }];
      return ok(rows[0]);
    },
    [`DELETE /api/board/saved-searches/${SAVED.id}`]: () => {
      rows = [];
      return ok(null);
    },
  });
  renderWithApp(<SavedSearchesPanel search={search} />, { path: '/dashboard/inicio', consent: 'true' });
  return api;
}

describe('SavedSearchesPanel', () => {
  it('saves the board’s current words with a name, a category and a frequency', async () => {
    const api = renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: es.alerts.saveSearch }));
    const form = screen.getByRole('form', { name: es.alerts.saveSearch });
    const name = within(form).getByLabelText(es.alerts.nameLabel);
    expect(name).toHaveValue('multa trafico');
    await user.clear(name);
    await user.type(name, 'Multas');
    await user.selectOptions(within(form).getByLabelText(es.alerts.categoryLabel), 'Abogado Administrativo');
    await user.selectOptions(within(form).getByLabelText(es.alerts.frequencyLabel), 'daily');
    await user.click(within(form).getByRole('button', { name: es.alerts.save }));
    await waitFor(() => expect(api.callsTo('POST /api/board/saved-searches')).toHaveLength(1));
    expect(api.callsTo('POST /api/board/saved-searches')[0]?.body).toEqual({
      name: 'Multas',
      search: 'multa trafico',
      category: 'Abogado Administrativo',
      frequency: 'daily',
    });
    expect(await screen.findByRole('heading', { name: 'Multas' })).toBeInTheDocument();
  });

  it('renames, changes the frequency and deletes a saved search', async () => {
    const api = renderPanel();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Despidos' })).toBeInTheDocument();
    expect(screen.getByText('despido · Laboral')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(`${es.alerts.frequencyLabel}: Despidos`), 'off');
    await waitFor(() => expect(api.callsTo(`PUT /api/board/saved-searches/${SAVED.id}`)).toHaveLength(1));
    expect(api.callsTo(`PUT /api/board/saved-searches/${SAVED.id}`)[0]?.body).toMatchObject({
      name: 'Despidos',
      frequency: 'off',
    });

    await user.click(screen.getByRole('button', { name: es.alerts.rename }));
    const name = screen.getByLabelText(es.alerts.nameLabel);
    await user.clear(name);
    await user.type(name, 'Despidos en Madrid');
    await user.click(screen.getByRole('button', { name: es.alerts.save }));
    expect(await screen.findByRole('heading', { name: 'Despidos en Madrid' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `${es.alerts.remove}: Despidos en Madrid` }));
    expect(await screen.findByText(es.alerts.noSavedSearches)).toBeInTheDocument();
  });
});
