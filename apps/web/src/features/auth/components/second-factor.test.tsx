import type { BaseUser } from '@l4l/shared/schemas/auth';
import { es } from '@l4l/shared/texts/es';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { LoginModal } from './login-modal.tsx';

const ADMIN: BaseUser = {
  id: '0c7e7d9e-93a8-4a65-9e5b-3f4f5d6c7b8a',
  username: 'AdministraciónL4L',
  role: 'ADMIN',
  mail: 'admin@l4l.demo',
  name: 'Administración',
  surname: 'L4L',
  phoneNumber: '',
  photoUrl: null,
  emailVerified: true,
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const OTPAUTH = `otpauth://totp/L4L:admin%40l4l.demo?issuer=L4L&secret=${SECRET}&algorithm=SHA1&digits=6&period=30`;

async function passwordStep() {
  const user = userEvent.setup();
  const view = renderWithApp(<LoginModal open onOpenChange={() => {}} onSwitchToRegister={vi.fn()} />, {
    path: '/login',
  });
  await user.type(screen.getByLabelText(es.login.email), 'admin@l4l.demo');
  await user.type(screen.getByLabelText(es.login.password), 'Clave-Admin-2026');
  await user.click(screen.getByRole('button', { name: es.buttons.continue }));
  return { user, ...view };
}

describe('the administrator second step of the login modal', () => {
  it('asks for the 6-digit code, verifies it with the mfaToken and lands on /admin', async () => {
    const api = mockApi({
      'POST /api/auth/login': () => ok({ mfaRequired: true, mfaToken: 'reto-1' }),
      'POST /api/auth/mfa/verify': () => ok({ token: 't', baseUser: ADMIN }),
    });
    const { user, router } = await passwordStep();
    const dialog = await screen.findByRole('dialog', { name: es.admin.mfa.title });
    expect(dialog).toHaveTextContent(es.admin.mfa.enterCode);
    expect(screen.queryByRole('img', { name: es.admin.mfa.qrLabel })).not.toBeInTheDocument();

    const verify = screen.getByRole('button', { name: es.admin.mfa.verify });
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText(es.admin.mfa.code), '123 456');
    expect(verify).toBeEnabled();
    await user.click(verify);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    expect(api.callsTo('POST /api/auth/mfa/verify')[0]?.body).toEqual({ mfaToken: 'reto-1', code: '123456' });
  });

  it('shows the QR code and the secret on the first enrolment', async () => {
    mockApi({ 'POST /api/auth/login': () => ok({ mfaRequired: true, mfaToken: 'r', otpauthUrl: OTPAUTH }) });
    await passwordStep();
    expect(await screen.findByRole('dialog', { name: es.admin.mfa.enrolTitle })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: es.admin.mfa.qrLabel })).toBeInTheDocument();
    expect(screen.getByText(SECRET)).toBeInTheDocument();
  });

  it('says a wrong code is wrong, and offers to start again when the step expired', async () => {
    let answer = fail(401, 'BAD_CODE', es.admin.mfa.badCode);
    mockApi({
      'POST /api/auth/login': () => ok({ mfaRequired: true, mfaToken: 'r' }),
      'POST /api/auth/mfa/verify': () => answer,
    });
    const { user } = await passwordStep();
    const code = await screen.findByLabelText(es.admin.mfa.code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: es.admin.mfa.verify }));
    expect(await screen.findByText(es.admin.mfa.badCode)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveValue('');

    answer = fail(401, 'BAD_CODE', es.admin.mfa.expired);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: es.admin.mfa.verify }));
    expect(await screen.findByText(es.admin.mfa.expired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: es.admin.mfa.backToLogin }));
    expect(await screen.findByRole('dialog', { name: es.login.title })).toBeInTheDocument();
  });
});
