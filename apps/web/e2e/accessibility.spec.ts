import { es } from '@l4l/shared/texts/es';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  E2E_ADMIN,
  expectAccessible,
  pickDemoAvatar,
  presetConsent,
  registerClient,
  signedInPage,
} from './support.ts';

/**
 * Accessibility of what the route table does not reach: axe-routes.ts opens every route of every
 * role at 1280 and 375 px with its main dialogs (e2e/routes.ts); this file walks the steps and states
 * behind them (the login's recovery and second factor, each registration step, forms showing their
 * errors or being edited, a picture being cropped, a failed screen, the sandbox checkout) and asks axe-core
 * for no serious or critical violation on each. The message lists each rule, its impact and the elements.
 */
const CLIENT = 'cliente1@l4l.demo';
const LAWYER = 'lucia.garcia@l4l.demo';

/** A signed-out page with the cookie banner already answered. */
async function publicPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await presetConsent(page, 'false');
  return page;
}

test.describe('the sign-in and registration steps', () => {
  test('login modal: login and recovery', async ({ browser }) => {
    const page = await publicPage(browser);
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: es.login.title });
    await expect(dialog.getByLabel(es.login.email)).toBeVisible();
    await expectAccessible(page, 'the login modal (login)');

    await dialog.getByRole('button', { name: es.login.forgot }).click();
    await expect(page.getByRole('dialog', { name: es.login.recoverTitle })).toBeVisible();
    await expectAccessible(page, 'the login modal (recovery)');

    // 'Otras formas de acceder' appears only with a sign-in provider configured (none on this server)
    await page.getByRole('button', { name: es.buttons.back }).click();
    await expect(page.getByRole('dialog', { name: es.login.title })).toBeVisible();
  });

  test('login modal: the administrator second step', async ({ browser }) => {
    const page = await publicPage(browser);
    await page.goto('/login');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(es.login.email).fill(E2E_ADMIN.email);
    await dialog.getByLabel(es.login.password, { exact: true }).fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: es.buttons.continue }).click();
    await expect(page.getByRole('dialog', { name: es.admin.mfa.title })).toBeVisible();
    await expectAccessible(page, 'the second-factor step');
  });

  test('register modal: every step of a lawyer and a client', async ({ browser }) => {
    const page = await publicPage(browser);
    await page.goto('/registro');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: es.register.title })).toBeVisible();
    await expectAccessible(page, 'register step 1 (role)');

    await dialog.getByText(es.register.roleLawyer).click();
    await dialog.getByRole('button', { name: es.buttons.continue }).click();
    // a lawyer has no options step (Google makes client accounts only): straight to the credentials
    await expect(dialog.getByRole('heading', { name: es.register.credentialsTitle })).toBeVisible();
    await dialog.getByLabel(es.login.email).fill('nueva.abogada@example.com');
    await dialog.getByLabel(es.login.password, { exact: true }).fill('corta');
    await dialog.getByLabel(es.login.password, { exact: true }).blur();
    await expectAccessible(page, 'register step 3 (credentials, with an error)');

    await dialog.getByLabel(es.login.password, { exact: true }).fill('Abogada-Prueba-2026');
    await dialog.getByRole('button', { name: es.buttons.continue }).click();
    await expect(dialog.getByRole('heading', { name: es.register.personalTitle })).toBeVisible();
    await expectAccessible(page, 'register step 4 (personal data)');

    await dialog.getByLabel(es.register.name).fill('Nuria');
    await dialog.getByLabel(es.register.surname).fill('Campos Vidal');
    await dialog.getByLabel(es.register.phone).fill('612345678');
    await dialog.getByRole('button', { name: es.buttons.continue }).click();
    await expect(dialog.getByRole('heading', { name: es.register.lawyerTitle })).toBeVisible();
    await expectAccessible(page, 'register step 5 (lawyer profile)');
    // the categories popover open
    await dialog.getByRole('button', { name: new RegExp(es.register.categoriesPlaceholder) }).click();
    await expect(page.getByRole('checkbox').first()).toBeVisible();
    await expectAccessible(page, 'register step 5 with the categories open');
  });
});

test.describe('states behind the routes', () => {
  test('router fallback', async ({ browser }) => {
    const page = await publicPage(browser);
    // a screen whose code cannot load is what the route error page is for
    await page.route(/\/assets\/legal-routes-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/aviso-legal');
    await expect(page.getByText(es.router.unexpected)).toBeVisible();
    await expectAccessible(page, 'the router fallback');
  });

  test('client: Mi Perfil being edited, a picture being cropped, a case form and a conversation', async ({
    browser,
  }) => {
    const page = await signedInPage(browser, CLIENT);
    await page.goto('/profile');
    await expect(page.getByLabel(es.profile.phone)).toBeVisible();
    await page.getByRole('button', { name: es.buttons.modify }).click();
    await expectAccessible(page, 'Mi Perfil while editing');
    await page.getByRole('button', { name: es.buttons.cancel }).click();
    await page.getByRole('button', { name: es.lawyerProfile.editPhoto }).click();
    const editor = page.getByRole('dialog', { name: es.profile.avatarTitle });
    await pickDemoAvatar(editor);
    await expect(editor.getByRole('button', { name: es.profile.avatarSave })).toBeEnabled();
    await expectAccessible(page, 'the avatar editor with a picture to crop');

    // submitted empty: the fields are flagged
    await page.goto('/dashboard/begincase');
    await page.getByRole('button', { name: es.cases.submit }).click();
    await expect(page.getByLabel(es.cases.titleLabel)).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'begin-case with its errors');

    await page.goto('/dashboard/chat');
    await page.getByRole('navigation', { name: es.chat.listLabel }).getByRole('link').first().click();
    await expect(page.getByRole('log').getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'a chat conversation');
  });

  test('lawyer: the proposal modal with its errors, an experience being edited', async ({ browser }) => {
    const page = await signedInPage(browser, LAWYER);
    await page.goto('/dashboard/inicio');
    await page.getByRole('button', { name: es.buttons.sendProposal }).first().click();
    const dialog = page.getByRole('dialog', { name: es.buttons.sendProposal });
    // sent empty: the fields are flagged
    await dialog.getByRole('button', { name: es.proposals.submit }).click();
    await expect(dialog.getByText(es.proposals.messageRequired)).toBeVisible();
    await expectAccessible(page, 'the proposal modal with its errors');
    await page.keyboard.press('Escape');

    await page.goto('/profile');
    const work = page.getByRole('region', { name: es.lawyerProfile.workExperience });
    await work.getByRole('button', { name: es.buttons.createNew }).click();
    await expect(work.getByLabel(es.lawyerProfile.company)).toBeVisible();
    await expectAccessible(page, 'Ficha de Abogado with an experience being edited');
  });
});

test('the sandbox checkout page', async ({ browser, request }) => {
  // a fresh client's case, published, proposed on by the lawyer and accepted: the checkout's URL
  const client = await registerClient(request);
  const clientContext = await browser.newContext();
  const clientApi = clientContext.request;
  await clientApi.post('/api/auth/login', { data: { email: client.mail, password: client.password } });
  const created = await clientApi.post('/api/cases/new-case', {
    data: { title: 'Despido sin carta', description: 'Me han despedido sin entregarme la carta de despido.' },
  });
  const caseId = (await created.json()).data.id as string;
  const approved = await request.post(`/api/admin/cases/${caseId}/approve`, {
    headers: { Authorization: `Bearer ${await adminToken()}` },
    data: { category: 'Abogado Laboral' },
  });
  expect(approved.status()).toBe(200);
  // another lawyer than the one the other tests use, so their board is left as the demo made it
  const lawyer = await signedInPage(browser, 'jose.martinez@l4l.demo');
  const proposed = await lawyer.request.post(`/api/proposal/create-proposal-to-case/${caseId}`, {
    data: { price: 250, message: 'Reclamamos la improcedencia del despido.' },
  });
  expect(proposed.status()).toBe(200);
  const accepted = await clientApi.post(
    `/api/proposal/accept-proposal/${(await proposed.json()).data.id as string}`,
  );
  expect(accepted.status()).toBe(200);
  const checkoutUrl = new URL((await accepted.json()).data as string);

  // the checkout is the paying client's only: their own browser, signed in
  const page = await clientContext.newPage();
  await page.goto(checkoutUrl.pathname);
  await expect(page.getByRole('heading', { name: es.payment.sandboxTitle })).toBeVisible();
  await expectAccessible(page, 'the sandbox checkout page');
});
