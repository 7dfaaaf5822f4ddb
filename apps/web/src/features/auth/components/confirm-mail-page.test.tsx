import { es } from '@l4l/shared/texts/es';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ConfirmMailPage } from './confirm-mail-page.tsx';

const confirmPath = 'POST /api/auth/confirm-email-change';

function renderConfirm(at: string) {
  return renderWithApp(<ConfirmMailPage />, { path: '/confirmar-correo', at });
}

describe('ConfirmMailPage', () => {
  it('confirms the link once and says which mail is now the sign-in mail', async () => {
    const api = mockApi({ [confirmPath]: () => ok({ mail: 'nuevo@l4l.test' }) });
    renderConfirm('/confirmar-correo?token=tok-1');
    expect(await screen.findByText(es.confirmMail.done('nuevo@l4l.test'))).toBeInTheDocument();
    expect(api.callsTo(confirmPath)).toHaveLength(1);
    expect(screen.getByRole('link', { name: es.confirmMail.goHome })).toHaveAttribute('href', '/');
  });

  it('shows the server’s reason when the link is no longer good', async () => {
    mockApi({ [confirmPath]: () => fail(400, 'INVALID_TOKEN', es.validation.mailChangeLinkInvalid) });
    renderConfirm('/confirmar-correo?token=viejo');
    expect(await screen.findByText(new RegExp(es.validation.mailChangeLinkInvalid))).toBeInTheDocument();
  });

  it('asks nothing of the server without a token', async () => {
    const api = mockApi();
    renderConfirm('/confirmar-correo');
    expect(await screen.findByText(new RegExp(es.validation.mailChangeLinkInvalid))).toBeInTheDocument();
    expect(api.callsTo(confirmPath)).toHaveLength(0);
  });
});
