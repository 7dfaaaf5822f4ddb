import { es } from '@l4l/shared/texts/es';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { VerifyMailPage } from './verify-mail-page.tsx';

const verifyPath = 'POST /api/auth/verify-email';

function renderVerify(at: string, consent?: 'true') {
  return renderWithApp(<VerifyMailPage />, {
    path: '/verificar-correo',
    at,
    ...(consent ? { consent } : {}),
  });
}

describe('VerifyMailPage', () => {
  it('sends the token once and says the address is confirmed, with a way home', async () => {
    const api = mockApi({ [verifyPath]: () => ok({ mail: 'ana@example.com' }) });
    renderVerify('/verificar-correo?token=tok-1');
    expect(await screen.findByText(es.verifyMail.done)).toBeInTheDocument();
    expect(screen.getByText(es.verifyMail.doneText('ana@example.com'))).toBeInTheDocument();
    const calls = api.callsTo(verifyPath);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.query.get('token')).toBe('tok-1');
    expect(screen.getByRole('link', { name: es.verifyMail.goHome })).toHaveAttribute('href', '/');
  });

  it('leads a signed-in person back to the dashboard', async () => {
    mockApi({
      'GET /api/auth/me': () => ok({ ...CLIENT, emailVerified: false }),
      [verifyPath]: () => ok({ mail: CLIENT.mail }),
    });
    renderVerify('/verificar-correo?token=tok-2', 'true');
    expect(await screen.findByRole('link', { name: es.verifyMail.goDashboard })).toHaveAttribute(
      'href',
      '/dashboard/inicio',
    );
  });

  it('shows the server’s reason when the link is used or expired', async () => {
    mockApi({ [verifyPath]: () => fail(400, 'INVALID_TOKEN', es.validation.verifyMailLinkInvalid) });
    renderVerify('/verificar-correo?token=viejo');
    expect(await screen.findByText(new RegExp(es.validation.verifyMailLinkInvalid))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(es.verifyMail.failed))).toBeInTheDocument();
    expect(screen.queryByText(es.verifyMail.done)).not.toBeInTheDocument();
  });

  it('asks nothing of the server without a token', async () => {
    const api = mockApi();
    renderVerify('/verificar-correo');
    expect(await screen.findByText(new RegExp(es.validation.verifyMailLinkInvalid))).toBeInTheDocument();
    expect(api.callsTo(verifyPath)).toHaveLength(0);
  });
});
