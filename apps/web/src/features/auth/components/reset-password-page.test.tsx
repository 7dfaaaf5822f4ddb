import { ERROR_MESSAGES } from '@l4l/shared/texts/errors';
import { es } from '@l4l/shared/texts/es';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, hang, mockApi, ok } from '../../../test/mock-api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

function renderReset(token = 'tok-123') {
  return renderWithApp(<ResetPasswordPage />, {
    path: '/reset-password',
    at: token ? `/reset-password?token=${token}` : '/reset-password',
  });
}

const newPassword = () => screen.getByLabelText(es.resetPassword.newPassword);
const confirmation = () => screen.getByLabelText(es.resetPassword.confirmPassword);
const submit = () => screen.getByRole('button', { name: es.buttons.changePassword });

describe('ResetPasswordPage', () => {
  afterEach(() => vi.useRealTimers());

  it('reports the first broken rule: all fields, then the requirements, then the match', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderReset();
    expect(screen.getByRole('heading', { level: 1, name: es.resetPassword.title })).toBeInTheDocument();
    await user.click(submit());
    expect(screen.getByText(es.validation.resetAllRequired)).toBeInTheDocument();
    await user.type(newPassword(), 'secreta');
    await user.type(confirmation(), 'secreta');
    await user.click(submit());
    expect(screen.getByText(es.validation.resetRequirements)).toBeInTheDocument();
    await user.clear(newPassword());
    await user.type(newPassword(), 'Secreta2026');
    await user.click(submit());
    expect(screen.getByText(es.validation.resetMismatch)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/update-password')).toHaveLength(0);
  });

  it('ticks the requirements off while typing', async () => {
    mockApi();
    const user = userEvent.setup();
    renderReset();
    const requirements = screen.getByRole('list', { name: es.resetPassword.requirementsLabel });
    expect(requirements).toHaveTextContent(`${es.resetPassword.reqUpper}${es.resetPassword.unmet}`);
    await user.type(newPassword(), 'A');
    expect(requirements).toHaveTextContent(`${es.resetPassword.reqUpper}${es.resetPassword.met}`);
    expect(requirements).toHaveTextContent(`${es.resetPassword.reqLength}${es.resetPassword.unmet}`);
  });

  it('without a token in the link, says the link is not valid and asks for every field', async () => {
    mockApi();
    const user = userEvent.setup();
    renderReset('');
    expect(screen.getByText(ERROR_MESSAGES.INVALID_TOKEN)).toBeInTheDocument();
    await user.type(newPassword(), 'Secreta2026');
    await user.type(confirmation(), 'Secreta2026');
    await user.click(submit());
    expect(screen.getByText(es.validation.resetAllRequired)).toBeInTheDocument();
  });

  it('shows "Cambiando..." while busy, then the success and opens the login 3 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (response: Response) => void = () => {};
    const api = mockApi({
      'POST /api/auth/update-password': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = renderReset();
    await user.type(newPassword(), 'Secreta2026');
    await user.type(confirmation(), 'Secreta2026');
    await user.click(submit());
    expect(screen.getByRole('button', { name: es.resetPassword.busy })).toBeDisabled();
    expect(api.callsTo('POST /api/auth/update-password')[0]?.body).toEqual({
      token: 'tok-123',
      newPassword: 'Secreta2026',
    });
    await act(async () => answer(ok(null)));
    expect(await screen.findByText(es.resetPassword.success)).toBeInTheDocument();
    expect(screen.getByText(es.resetPassword.redirecting)).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_900));
    expect(router.state.location.pathname).toBe('/reset-password');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each([
    [
      'an expired link',
      () => fail(400, 'INVALID_TOKEN', ERROR_MESSAGES.INVALID_TOKEN),
      ERROR_MESSAGES.INVALID_TOKEN,
    ],
    ['any other failure', () => fail(500, 'INTERNAL_ERROR', 'x'), es.resetPassword.failed],
  ])('on %s shows its error toast', async (_, route, message) => {
    mockApi({ 'POST /api/auth/update-password': route });
    const user = userEvent.setup();
    renderReset();
    await user.type(newPassword(), 'Secreta2026');
    await user.type(confirmation(), 'Secreta2026');
    await user.click(submit());
    expect(await screen.findByText(es.resetPassword.failed)).toBeInTheDocument();
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('does not send twice while the first change is on its way', async () => {
    const api = mockApi({ 'POST /api/auth/update-password': hang });
    const user = userEvent.setup();
    renderReset();
    await user.type(newPassword(), 'Secreta2026');
    await user.type(confirmation(), 'Secreta2026');
    await user.click(submit());
    await user.click(screen.getByRole('button', { name: es.resetPassword.busy }));
    expect(api.callsTo('POST /api/auth/update-password')).toHaveLength(1);
  });
});
