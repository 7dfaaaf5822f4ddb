import { es } from '@l4l/shared/texts/es';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, fail, hang, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { LoginModal } from './login-modal.tsx';

// Google's script stands in as a fake that draws a plain button where Google's own would be
const google = vi.hoisted(() => ({
  render: vi.fn(async (element: HTMLElement) => {
    element.innerHTML = '<button type="button">Google</button>';
  }),
}));
vi.mock('../lib/google-identity.ts', () => ({ renderGoogleButton: google.render }));

function renderLogin() {
  const onSwitchToRegister = vi.fn();
  const view = renderWithApp(
    <LoginModal open onOpenChange={() => {}} onSwitchToRegister={onSwitchToRegister} />,
    { path: '/login' },
  );
  return { ...view, onSwitchToRegister };
}

const email = () => screen.getByLabelText(es.login.email);
const password = () => screen.getByLabelText(es.login.password);
const continueButton = () => screen.getByRole('button', { name: es.buttons.continue });

describe('LoginModal', () => {
  afterEach(() => {
    vi.useRealTimers();
    google.render.mockClear();
  });

  it('is titled "Ya tienes usuario" and enables Continuar only with a valid mail and a password', async () => {
    mockApi();
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByRole('dialog', { name: es.login.title })).toBeInTheDocument();
    expect(continueButton()).toBeDisabled();
    await user.type(email(), 'ana@example');
    await user.type(password(), 'Secreta2026');
    expect(continueButton()).toBeDisabled();
    await user.type(email(), '.com');
    expect(continueButton()).toBeEnabled();
    await user.clear(password());
    await user.type(password(), '   ');
    expect(continueButton()).toBeDisabled();
  });

  it('shows the mail format error when leaving the field, and typing clears it', async () => {
    mockApi();
    const user = userEvent.setup();
    renderLogin();
    await user.type(email(), 'ana@');
    expect(screen.queryByText(es.validation.email)).not.toBeInTheDocument();
    await user.click(password());
    expect(screen.getByText(es.validation.email)).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    await user.type(email(), 'x');
    expect(screen.queryByText(es.validation.email)).not.toBeInTheDocument();
  });

  it('signs in and goes to the dashboard, asking for a lasting session only with cookie consent', async () => {
    window.localStorage.setItem('cookieConsent', 'true');
    const api = mockApi({ 'POST /api/auth/login': () => ok({ token: 't', baseUser: CLIENT }) });
    const user = userEvent.setup();
    const { router } = renderLogin();
    await user.type(email(), 'Ana@Example.com');
    await user.type(password(), 'Secreta2026');
    await user.click(continueButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: 'ana@example.com',
      password: 'Secreta2026',
      remember: true,
    });
  });

  it.each<[string, (call: ApiCall) => Response | Promise<Response>, string]>([
    ['401', () => fail(401, 'BAD_CREDENTIALS', 'x'), es.login.badCredentials],
    ['404', () => fail(404, 'USER_NOT_FOUND', 'x'), es.login.userNotFound],
    [
      'banned (69)',
      () => fail(403, 'USER_BANNED', 'x', { status: 69, reason: 'Spam', contact: 'soporte@l4l.es' }),
      es.login.bannedBecause('Spam', 'soporte@l4l.es'),
    ],
    [
      'rejected lawyer (420)',
      () => fail(403, 'LAWYER_NOT_VERIFIED', 'x', { status: 420, rejected: true, reason: 'Sin colegiación' }),
      es.login.lawyerRejected('Sin colegiación', es.footer.supportMail),
    ],
    [
      'unverified lawyer (420)',
      () => fail(403, 'LAWYER_NOT_VERIFIED', 'x', { status: 420 }),
      es.login.lawyerNotVerified,
    ],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), es.login.connectionError],
    ['a server fault', () => fail(500, 'INTERNAL_ERROR', 'x'), es.login.connectionError],
  ])(
    'a login refused with %s says why (a toast, or in the form for a refused account)',
    async (_, answer, message) => {
      mockApi({ 'POST /api/auth/login': answer });
      const user = userEvent.setup();
      renderLogin();
      await user.type(email(), 'ana@example.com');
      await user.type(password(), 'Secreta2026');
      await user.click(continueButton());
      expect(await screen.findByText(message)).toBeInTheDocument();
    },
  );

  it('gives up after 10 s and reads it as wrong credentials', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'POST /api/auth/login': hang });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderLogin();
    await user.type(email(), 'ana@example.com');
    await user.type(password(), 'Secreta2026');
    await user.click(continueButton());
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.queryByText(es.login.badCredentials)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(await screen.findByText(es.login.badCredentials)).toBeInTheDocument();
  });

  it('sends a recovery mail from the forgotten-password view and comes back', async () => {
    const api = mockApi({ 'POST /api/auth/recover-password': () => ok(null) });
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: es.login.forgot }));
    expect(screen.getByRole('dialog', { name: es.login.recoverTitle })).toBeInTheDocument();
    const send = screen.getByRole('button', { name: es.buttons.changePassword });
    expect(send).toBeDisabled();
    await user.type(email(), 'ana@example.com');
    await user.click(send);
    expect(await screen.findByText(es.login.recoverySent)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/recover-password')[0]?.query.get('email')).toBe('ana@example.com');
    expect(screen.getByRole('dialog', { name: es.login.title })).toBeInTheDocument();
  });

  it('says so when the recovery mail could not be sent', async () => {
    mockApi({ 'POST /api/auth/recover-password': () => fail(500, 'INTERNAL_ERROR', 'x') });
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: es.login.forgot }));
    await user.type(email(), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: es.buttons.changePassword }));
    expect(await screen.findByText(es.login.recoveryFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: es.buttons.back }));
    expect(screen.getByRole('dialog', { name: es.login.title })).toBeInTheDocument();
  });

  it('offers no sign-in button for a provider the server has not configured', async () => {
    // the default answer of GET /api/auth/providers: nothing configured
    mockApi();
    const { onSwitchToRegister } = renderLogin();
    const user = userEvent.setup();
    expect(email()).toBeInTheDocument();
    await waitFor(() => expect(google.render).not.toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: es.login.otherOptions })).not.toBeInTheDocument();
    for (const provider of ['Google', 'Facebook', 'Apple']) {
      expect(screen.queryByRole('button', { name: es.login.continueWith(provider) })).not.toBeInTheDocument();
    }
    await user.click(screen.getByRole('button', { name: es.login.noAccount }));
    expect(onSwitchToRegister).toHaveBeenCalledOnce();
  });

  it("offers Google's own button, and only it, once GOOGLE_CLIENT_ID is configured", async () => {
    mockApi({
      'GET /api/auth/providers': () => ok({ google: { clientId: 'id.apps.googleusercontent.com' } }),
    });
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: es.login.otherOptions }));
    expect(await screen.findByRole('button', { name: 'Google' })).toBeInTheDocument();
    expect(google.render).toHaveBeenCalledWith(
      expect.any(HTMLElement),
      'id.apps.googleusercontent.com',
      expect.any(Function),
      'signin',
    );
    expect(screen.queryByRole('button', { name: es.login.continueWith('Facebook') })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: es.login.continueWith('Apple') })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: es.register.withEmail }));
    expect(email()).toBeInTheDocument();
  });
});
