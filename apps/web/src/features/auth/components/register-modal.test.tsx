import { es } from '@l4l/shared/texts/es';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api.ts';
import { CLIENT, renderWithApp } from '../../../test/render.tsx';
import { RegisterModal } from './register-modal.tsx';

function renderRegister() {
  const onSwitchToLogin = vi.fn();
  const view = renderWithApp(
    <RegisterModal open onOpenChange={() => {}} onSwitchToLogin={onSwitchToLogin} />,
    {
      path: '/registro',
    },
  );
  return { ...view, onSwitchToLogin };
}

/** Step 3's check answers that the mail is free and the password fine. */
const CHECK_OK = { 'POST /api/auth/register/check': () => ok(null) };

const continueButton = () => screen.getByRole('button', { name: es.buttons.continue });
const dialog = () => screen.getByRole('dialog');

/** Steps 1–3 for either profile, ending on the personal-data step. */
async function reachPersonalStep(user: UserEvent, role: 'user' | 'lawyer') {
  await user.click(
    screen.getByLabelText(new RegExp(role === 'user' ? es.register.roleUser : es.register.roleLawyer)),
  );
  await user.click(continueButton());
  await user.type(screen.getByLabelText(es.login.email), 'lucia@despacho.es');
  await user.type(screen.getByLabelText(es.login.password), 'Secreta2026');
  await user.click(continueButton());
  await user.type(screen.getByLabelText(es.register.name), 'Lucía');
  await user.type(screen.getByLabelText(es.register.surname), 'García Ortega');
  await user.type(screen.getByLabelText(es.register.phone), '612345678');
}

/** Step 5's fields, all but the first consultation (each test chooses it). */
async function fillLawyerStep(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${es.register.categories}`) }));
  await user.click(
    within(await screen.findByRole('group', { name: es.register.categories })).getByLabelText(
      'Abogado Divorcios',
    ),
  );
  await user.keyboard('{Escape}');
  await user.type(screen.getByLabelText(es.register.description), 'Abogada de familia.');
  await user.type(screen.getByLabelText(es.register.price), '60,5');
  await user.click(screen.getByRole('combobox', { name: es.register.province }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Madrid' }));
  await user.selectOptions(screen.getByLabelText(es.trust.barAssociation), 'Alcalá de Henares');
  await user.type(screen.getByLabelText(es.trust.barNumber), '4.321');
}

/** Every step of a lawyer's registration, a free first consultation, and 'Crear usuario'. */
async function sendLawyerForm(user: UserEvent) {
  await reachPersonalStep(user, 'lawyer');
  await user.click(continueButton());
  await fillLawyerStep(user);
  await user.click(screen.getByRole('radio', { name: es.register.firstVisitFree }));
  await user.click(screen.getByRole('button', { name: es.buttons.createUser }));
}

/** The terms and the privacy policy, linked where the account is created (RGPD art. 13, LSSI). */
function expectLegalLinks() {
  expect(screen.getByRole('link', { name: es.register.termsLink })).toHaveAttribute(
    'href',
    '/aviso-legal#condiciones',
  );
  expect(screen.getByRole('link', { name: es.register.privacyLink })).toHaveAttribute(
    'href',
    '/politica-de-privacidad',
  );
}

describe('RegisterModal steps and consent', () => {
  it('counts the client’s steps honestly with Google offered, and links the terms where the account is made', async () => {
    mockApi({
      ...CHECK_OK,
      'GET /api/auth/providers': () => ok({ google: { clientId: 'id.apps.googleusercontent.com' } }),
    });
    const user = userEvent.setup();
    renderRegister();
    await user.click(screen.getByLabelText(new RegExp(es.register.roleUser)));
    expect(await screen.findByText(es.register.stepOf(1, 4))).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: es.register.termsLink })).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(dialog()).toHaveAccessibleName(es.register.options);
    expect(screen.getByText(es.register.stepOf(2, 4))).toBeInTheDocument();
    // Google's button makes the account here, so the links are here too
    expectLegalLinks();
    await user.click(screen.getByRole('button', { name: es.register.withEmail }));
    expect(screen.getByText(es.register.stepOf(3, 4))).toBeInTheDocument();
    await user.type(screen.getByLabelText(es.login.email), 'lucia@despacho.es');
    await user.type(screen.getByLabelText(es.login.password), 'Secreta2026');
    await user.click(continueButton());
    expect(await screen.findByText(es.register.stepOf(4, 4))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: es.buttons.createUser })).toBeInTheDocument();
    expectLegalLinks();
  });

  it('never shows a lawyer an options step (Google makes client accounts only): 4 steps, the last 4 de 4', async () => {
    mockApi({
      ...CHECK_OK,
      'GET /api/auth/providers': () => ok({ google: { clientId: 'id.apps.googleusercontent.com' } }),
    });
    const user = userEvent.setup();
    renderRegister();
    await reachPersonalStep(user, 'lawyer');
    expect(screen.getByText(es.register.stepOf(3, 4))).toBeInTheDocument();
    await user.click(continueButton());
    expect(dialog()).toHaveAccessibleName(es.register.lawyerTitle);
    expect(screen.getByText(es.register.stepOf(4, 4))).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Abogado' })).toBeChecked();
    expectLegalLinks();
  });

  it('sends the professional title the lawyer chose', async () => {
    const api = mockApi({ ...CHECK_OK, 'POST /api/auth/lawyer/register': () => ok({ id: 'l-1' }) });
    const user = userEvent.setup();
    renderRegister();
    await reachPersonalStep(user, 'lawyer');
    await user.click(continueButton());
    await user.click(screen.getByRole('radio', { name: 'Abogada' }));
    await fillLawyerStep(user);
    await user.click(screen.getByRole('radio', { name: es.register.firstVisitFree }));
    await user.click(screen.getByRole('button', { name: es.buttons.createUser }));
    expect(await screen.findByText(es.register.created)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/lawyer/register')[0]?.body).toMatchObject({
      professionalTitle: 'Abogada',
    });
  });
});

describe('RegisterModal', () => {
  it('needs a profile before going on, and Volver goes back a step', async () => {
    mockApi(CHECK_OK);
    const user = userEvent.setup();
    renderRegister();
    expect(dialog()).toHaveAccessibleName(es.register.title);
    expect(continueButton()).toBeDisabled();
    // no total is promised before the path is chosen
    expect(screen.getByText(es.register.stepOf(1, null))).toBeInTheDocument();
    await user.click(screen.getByLabelText(new RegExp(es.register.roleUser)));
    expect(continueButton()).toBeEnabled();
    expect(screen.getByText(es.register.stepOf(1, 3))).toBeInTheDocument();
    await user.click(continueButton());
    // without Google there is no choice to make: no options step with a single button
    expect(dialog()).toHaveAccessibleName(es.register.credentialsTitle);
    expect(screen.getByText(es.register.stepOf(2, 3))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: es.buttons.back }));
    expect(dialog()).toHaveAccessibleName(es.register.title);
    expect(screen.getByLabelText(new RegExp(es.register.roleUser))).toBeChecked();
  });

  it('keeps Continue disabled until the password meets the policy, and says what the policy is', async () => {
    mockApi(CHECK_OK);
    const user = userEvent.setup();
    renderRegister();
    await user.click(screen.getByLabelText(new RegExp(es.register.roleUser)));
    await user.click(continueButton());
    expect(dialog()).toHaveAccessibleName(es.register.credentialsTitle);
    expect(continueButton()).toBeDisabled();
    await user.type(screen.getByLabelText(es.login.email), 'ana@example.com');
    await user.type(screen.getByLabelText(es.login.password), 'secreta2026');
    expect(continueButton()).toBeDisabled();
    expect(screen.getByText(es.validation.password)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(es.login.password));
    await user.type(screen.getByLabelText(es.login.password), 'Secreta2026');
    expect(continueButton()).toBeEnabled();
    // the toggle shows what was typed
    await user.click(screen.getByRole('button', { name: es.common.showPassword }));
    expect(screen.getByLabelText(es.login.password)).toHaveAttribute('type', 'text');
  });

  it('formats the phone as 3-3-3 while typing and rejects one that is not 9 digits', async () => {
    mockApi(CHECK_OK);
    const user = userEvent.setup();
    renderRegister();
    await reachPersonalStep(user, 'user');
    const phone = screen.getByLabelText(es.register.phone);
    expect(phone).toHaveValue('612 345 678');
    await user.clear(phone);
    await user.type(phone, '61234');
    expect(phone).toHaveValue('612 34');
    await user.click(screen.getByRole('button', { name: es.buttons.createUser }));
    expect(await screen.findByText(es.validation.phone)).toBeInTheDocument();
  });

  it('creates a client account, says so and signs the client in', async () => {
    const api = mockApi({
      ...CHECK_OK,
      'POST /api/auth/user/register': () => ok({ id: CLIENT.id }),
      'POST /api/auth/login': () => ok({ token: 't', baseUser: CLIENT }),
    });
    const user = userEvent.setup();
    const { router } = renderRegister();
    await reachPersonalStep(user, 'user');
    await user.click(screen.getByRole('button', { name: es.buttons.createUser }));
    expect(await screen.findByText(es.register.created)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST /api/auth/user/register')[0]?.body).toEqual({
      mail: 'lucia@despacho.es',
      password: 'Secreta2026',
      name: 'Lucía',
      surname: 'García Ortega',
      phoneNumber: '612345678',
      role: 'USUARIO',
      username: 'LucíaGarcíaOrtega',
      id: '',
    });
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toMatchObject({
      email: 'lucia@despacho.es',
      password: 'Secreta2026',
    });
  });

  it('sends a client whose mail is taken back to the mail with "El usuario ya existe"', async () => {
    mockApi({
      ...CHECK_OK,
      'POST /api/auth/user/register': () => fail(409, 'USER_EXISTS', es.validation.userExists),
    });
    const user = userEvent.setup();
    renderRegister();
    await reachPersonalStep(user, 'user');
    await user.click(screen.getByRole('button', { name: es.buttons.createUser }));
    await waitFor(() => expect(dialog()).toHaveAccessibleName(es.register.credentialsTitle));
    expect(screen.getAllByText(es.validation.userExists).length).toBeGreaterThanOrEqual(1);
  });

  it('shows the general failure for any other refusal', async () => {
    mockApi({
      ...CHECK_OK,
      'POST /api/auth/user/register': () => fail(500, 'INTERNAL_ERROR', 'x'),
    });
    const user = userEvent.setup();
    renderRegister();
    await reachPersonalStep(user, 'user');
    await user.click(screen.getByRole('button', { name: es.buttons.createUser }));
    expect(await screen.findByText(es.register.failed)).toBeInTheDocument();
  });

  it('asks a lawyer for the professional data and checks every field of it', async () => {
    mockApi(CHECK_OK);
    const user = userEvent.setup();
    renderRegister();
    await reachPersonalStep(user, 'lawyer');
    await user.click(continueButton());
    expect(dialog()).toHaveAccessibleName(es.register.lawyerTitle);
    expect(screen.getByText(es.register.stepOf(4, 4))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: es.buttons.createUser }));
    expect(await screen.findByText(es.validation.category)).toBeInTheDocument();
    expect(screen.getByText(es.validation.description)).toBeInTheDocument();
    expect(screen.getByText(es.validation.price)).toBeInTheDocument();
    expect(screen.getByText(es.validation.province)).toBeInTheDocument();
    expect(screen.getByText(es.validation.firstVisitChoice)).toBeInTheDocument();
    // the toast names what to fix, in the order the step shows it, never 'Hubo un error inesperado'
    expect(
      await screen.findByText(
        es.register.fixFields([
          es.register.categories,
          es.register.description,
          es.register.price,
          es.register.firstVisit,
          es.register.province,
          es.trust.barAssociation,
          es.trust.barNumber,
        ]),
      ),
    ).toBeInTheDocument();
  });

  it('asks the price of a paid first consultation, and sends none for a free one', async () => {
    const api = mockApi({ ...CHECK_OK, 'POST /api/auth/lawyer/register': () => ok({ id: 'l-1' }) });
    const user = userEvent.setup();
    renderRegister();
    await reachPersonalStep(user, 'lawyer');
    await user.click(continueButton());
    await fillLawyerStep(user);
    expect(screen.queryByLabelText(es.register.priceFirstVisit)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: es.register.firstVisitPaid }));
    await user.click(screen.getByRole('button', { name: es.buttons.createUser }));
    expect(await screen.findByText(es.register.fixFields([es.register.priceFirstVisit]))).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/lawyer/register')).toHaveLength(0);
    await user.type(screen.getByLabelText(es.register.priceFirstVisit), '30');
    await user.click(screen.getByRole('button', { name: es.buttons.createUser }));
    expect(await screen.findByText(es.register.created)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/lawyer/register')[0]?.body).toMatchObject({
      lawyerFirstVisitFree: false,
      lawyerPriceFirstVisit: 30,
    });
  });

  it('refuses a taken mail and a common password at step 3, beside their fields', async () => {
    const api = mockApi({
      'POST /api/auth/register/check': () =>
        fail(400, 'VALIDATION_ERROR', es.validation.userExists, {
          fields: { mail: es.validation.userExists, password: es.validation.passwordCommon },
        }),
    });
    const user = userEvent.setup();
    renderRegister();
    await user.click(screen.getByLabelText(new RegExp(es.register.roleLawyer)));
    await user.click(continueButton());
    await user.type(screen.getByLabelText(es.login.email), 'Lucia@Despacho.es');
    await user.type(screen.getByLabelText(es.login.password), 'Password1');
    await user.click(continueButton());
    expect(await screen.findByText(es.validation.userExists)).toBeInTheDocument();
    expect(screen.getByText(es.validation.passwordCommon)).toBeInTheDocument();
    expect(dialog()).toHaveAccessibleName(es.register.credentialsTitle);
    expect(api.callsTo('POST /api/auth/register/check')[0]?.body).toEqual({
      mail: 'lucia@despacho.es',
      password: 'Password1',
    });
  });

  it('goes on when the check cannot answer: the registration checks again', async () => {
    mockApi({ 'POST /api/auth/register/check': () => fail(429, 'RATE_LIMITED', 'Demasiados intentos.') });
    const user = userEvent.setup();
    renderRegister();
    await reachPersonalStep(user, 'user');
    expect(dialog()).toHaveAccessibleName(es.register.personalTitle);
  });

  it('marks a photo the server cannot read on the photo and names it in the toast', async () => {
    mockApi({
      ...CHECK_OK,
      'POST /api/auth/lawyer/register': () =>
        fail(415, 'UNSUPPORTED_MEDIA_TYPE', 'El archivo no es una imagen PNG o JPEG válida.'),
    });
    const user = userEvent.setup();
    renderRegister();
    await sendLawyerForm(user);
    expect(await screen.findByText(es.register.fixFields([es.register.photo]))).toBeInTheDocument();
    expect(screen.getByText('El archivo no es una imagen PNG o JPEG válida.')).toBeInTheDocument();
    expect(screen.queryByText(es.register.failed)).not.toBeInTheDocument();
  });

  it('counts the description and keeps the price to digits and one comma', async () => {
    mockApi(CHECK_OK);
    const user = userEvent.setup();
    renderRegister();
    await reachPersonalStep(user, 'lawyer');
    await user.click(continueButton());
    await user.type(screen.getByLabelText(es.register.description), 'Derecho de familia');
    expect(screen.getByText('18/500')).toBeInTheDocument();
    const price = screen.getByLabelText(es.register.price);
    await user.type(price, '6a5.5,07');
    expect(price).toHaveValue('65,50');
  });

  it('summarises the chosen categories as two names and (+n)', async () => {
    mockApi(CHECK_OK);
    const user = userEvent.setup();
    renderRegister();
    await reachPersonalStep(user, 'lawyer');
    await user.click(continueButton());
    await user.click(screen.getByRole('button', { name: new RegExp(`^${es.register.categories}`) }));
    const list = await screen.findByRole('group', { name: es.register.categories });
    for (const name of ['Abogado Civil', 'Abogado Inmobiliario', 'Abogado Laboral', 'Abogado Fiscal']) {
      await user.click(within(list).getByLabelText(name));
    }
    expect(screen.getByText('Abogado Civil, Abogado Inmobiliario (+2)')).toBeInTheDocument();
  });

  it('registers a lawyer and explains that an administrator must verify the account first', async () => {
    const api = mockApi({
      ...CHECK_OK,
      'POST /api/auth/lawyer/register': () => ok({ id: 'l-1' }),
    });
    const user = userEvent.setup();
    renderRegister();
    await sendLawyerForm(user);
    expect(await screen.findByText(es.register.created)).toBeInTheDocument();
    expect(dialog()).toHaveAccessibleName(es.register.lawyerPendingTitle);
    expect(screen.getByText(es.register.lawyerPendingText)).toBeInTheDocument();
    expect(api.callsTo('POST /api/auth/lawyer/register')[0]?.body).toMatchObject({
      role: 'ABOGADO',
      lawyerCategory: ['Abogado Divorcios'],
      lawyerDescription: 'Abogada de familia.',
      lawyerPrice: 60.5,
      lawyerFirstVisitFree: true,
      province: 'Madrid',
      barAssociation: 'alcala-de-henares',
      barNumber: '4.321',
      phoneNumber: '612345678',
    });
  });

  it('tells a lawyer whose mail is taken to use another', async () => {
    mockApi({
      ...CHECK_OK,
      'POST /api/auth/lawyer/register': () => fail(409, 'USER_EXISTS', es.validation.userExists),
    });
    const user = userEvent.setup();
    renderRegister();
    await sendLawyerForm(user);
    await waitFor(() => expect(dialog()).toHaveAccessibleName(es.register.credentialsTitle));
    expect(screen.getAllByText(es.register.lawyerExists).length).toBeGreaterThanOrEqual(1);
  });
});
