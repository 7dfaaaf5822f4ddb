import { es } from '@l4l/shared/texts/es';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { YourDataSection } from './your-data-section.tsx';

const t = es.privacy;

function renderSection(erase: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/auth/me': () => ok(CLIENT),
    'POST /api/auth/logout': () => ok(null),
    ...erase,
  });
  const view = renderWithApp(<YourDataSection />, { path: '/profile', consent: 'true' });
  return { ...view, api };
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: t.erase }));
  const dialog = await screen.findByRole('dialog', { name: t.eraseTitle });
  return { user, dialog };
}

describe('Eliminar mi cuenta', () => {
  it('says what is removed and what is kept for 6 years, and starts on the password', async () => {
    renderSection();
    const { dialog } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(t.eraseDescription);
    expect(screen.getByRole('heading', { name: t.removedHeading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t.keptHeading })).toBeInTheDocument();
    for (const line of [...t.removed, ...t.kept]) expect(screen.getByText(line)).toBeInTheDocument();
    expect(screen.getByLabelText(t.password)).toHaveFocus();
  });

  it('asks for the password before calling the server', async () => {
    const { api } = renderSection();
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByText(es.validation.required)).toBeInTheDocument();
    expect(api.callsTo('DELETE /api/me')).toHaveLength(0);
  });

  it('shows a wrong password under its field and a refusal above the buttons', async () => {
    let answer = fail(401, 'BAD_CREDENTIALS', es.validation.currentPasswordWrong);
    const { api } = renderSection({ 'DELETE /api/me': () => answer });
    const { user } = await openDialog();
    const password = screen.getByLabelText(t.password);
    await user.type(password, 'no-es-esta');
    await user.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByText(es.validation.currentPasswordWrong)).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');

    answer = fail(409, 'CONFLICT', t.activeCase);
    await user.clear(password);
    await user.type(password, 'Toga-Martillo-2024');
    await user.click(screen.getByRole('button', { name: t.confirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t.activeCase);
    expect(api.callsTo('DELETE /api/me').map((call) => call.body)).toEqual([
      { password: 'no-es-esta' },
      { password: 'Toga-Martillo-2024' },
    ]);
    // still signed in, the dialog still open
    expect(screen.getByRole('dialog', { name: t.eraseTitle })).toBeInTheDocument();
  });

  it('once erased: signs out, lands on the login page that says so', async () => {
    const { api, router } = renderSection({ 'DELETE /api/me': () => ok(null) });
    const { user } = await openDialog();
    await user.type(screen.getByLabelText(t.password), 'Toga-Martillo-2024');
    await user.click(screen.getByRole('button', { name: t.confirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cuenta-eliminada'));
    expect(api.callsTo('POST /api/auth/logout').length).toBeGreaterThan(0);
    expect(await screen.findByText(t.erased)).toBeInTheDocument();
  });

  it('Cancelar closes the dialog without erasing anything', async () => {
    const { api } = renderSection();
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: es.buttons.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('DELETE /api/me')).toHaveLength(0);
  });
});
