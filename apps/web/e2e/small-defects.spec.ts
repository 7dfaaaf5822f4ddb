import { caseCode } from '@l4l/shared/constants/cases';
import { es } from '@l4l/shared/texts/es';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  chooseOption,
  DEMO_PASSWORD,
  freshMail,
  myId,
  png,
  presetConsent,
  registerClient,
  settleAnimations,
  shootBothWidths,
  signedInPage,
} from './support.ts';

/**
 * The smaller defects a new user met: the lawyer wizard refuses a taken mail or a common password where
 * they are typed and names the fields to fix; the first consultation is chosen, never a silent 'Gratuita';
 * a cancelled checkout says so; a chat with pictures opens at its newest message and the client's view
 * follows the green paid banner; 'Visto por última vez' stays right while both are connected; the avatar
 * editor says the photo was saved.
 */

// sign-ins, uploads, a checkout window and screenshots at two widths: more than a minute on a busy machine
test.beforeEach(() => test.slow());

/** A fresh client with a published case of their own, and the lawyer's proposal on it (which opens their chat). */
async function clientWithProposal(
  browser: Browser,
  request: APIRequestContext,
  lawyerMail: string,
  category: string,
) {
  const fresh = await registerClient(request);
  const client = await signedInPage(browser, fresh.mail, fresh.password);
  const lawyer = await signedInPage(browser, lawyerMail);
  const created = await client.request.post('/api/cases/new-case', {
    data: {
      title: `Reclamación a una tienda online que no entrega (${Date.now()})`,
      description: 'Pagué un portátil hace dos meses y la tienda no lo envía ni devuelve el dinero.',
    },
  });
  expect(created.status()).toBe(200);
  const caseId = (await created.json()).data.id as string;
  const approved = await client.request.post(`/api/admin/cases/${caseId}/approve`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
    data: { category },
  });
  expect(approved.status()).toBe(200);
  const offer = `Reclamo a la tienda por burofax y, si hace falta, en el juzgado (${Date.now()})`;
  const proposed = await lawyer.request.post(`/api/proposal/create-proposal-to-case/${caseId}`, {
    data: { price: 180, message: offer },
  });
  expect(proposed.status()).toBe(200);
  return { client, lawyer, clientId: await myId(client), lawyerId: await myId(lawyer), offer, caseId };
}

/** Every picture of the conversation has loaded (or failed): nothing above the newest message moves any more. */
async function picturesSettled(page: Page) {
  await expect
    .poll(() =>
      page
        .getByRole('log')
        .locator('img')
        .evaluateAll((images) => images.every((img) => (img as HTMLImageElement).complete)),
    )
    .toBe(true);
}

test('the lawyer wizard refuses a taken mail and a common password at step 3 and names what to fix at step 5', async ({
  page,
}) => {
  await presetConsent(page, 'false');
  await page.goto('/registro');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: new RegExp(es.register.roleLawyer) }).check();
  await dialog.getByRole('button', { name: es.buttons.continue }).click();

  // a demo client's mail and one of the most common passwords: both refused here, beside their fields
  await dialog.getByLabel(es.login.email).fill('cliente1@l4l.demo');
  await dialog.getByLabel(es.login.password, { exact: true }).fill('Password1');
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
  await expect(dialog.getByText(es.validation.userExists)).toBeVisible();
  await expect(dialog.getByText(es.validation.passwordCommon)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: es.register.credentialsTitle })).toBeVisible();
  await shootBothWidths(page, 'wizard-step3-refused');

  await dialog.getByLabel(es.login.email).fill(freshMail('abogado'));
  await dialog.getByLabel(es.login.password, { exact: true }).fill('Abogado-Clave-2026');
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
  await expect(dialog.getByRole('heading', { name: es.register.personalTitle })).toBeVisible();
  await dialog.getByLabel(es.register.name, { exact: true }).fill('Rubén');
  const surname = `Prieto Calvo ${Date.now().toString(36)}`;
  await dialog.getByLabel(es.register.surname).fill(surname);
  await dialog.getByLabel(es.register.phone).fill('698111222');
  await dialog.getByRole('button', { name: es.buttons.continue }).click();

  // step 5 without the first consultation and the province: the toast names them, never 'Hubo un error inesperado'
  await dialog.getByRole('button', { name: new RegExp(es.register.categories) }).click();
  await page.getByRole('checkbox', { name: 'Abogado Civil', exact: true }).check();
  await page.keyboard.press('Escape');
  await dialog
    .getByLabel(es.register.description)
    .fill('Civilista en Valladolid: contratos, deudas y herencias.');
  await dialog.getByLabel(es.register.price).fill('80');
  await dialog.getByLabel(es.trust.barAssociation).selectOption('valladolid');
  await dialog.getByLabel(es.trust.barNumber).fill('3.141');
  await dialog.getByRole('button', { name: es.buttons.createUser }).click();
  const named = es.register.fixFields([es.register.firstVisit, es.register.province]);
  await expect(page.getByText(named)).toBeVisible();
  await expect(page.getByText('Hubo un error inesperado', { exact: false })).toHaveCount(0);
  await expect(dialog.getByText(es.validation.firstVisitChoice)).toBeVisible();
  await shootBothWidths(page, 'wizard-step5-named');

  // a paid first consultation needs its price
  await dialog.getByRole('radio', { name: es.register.firstVisitPaid, exact: true }).check();
  await dialog.getByLabel(es.register.priceFirstVisit).fill('40');
  await chooseOption(page, dialog.getByRole('combobox', { name: es.register.province }), 'Valladolid');
  await dialog.getByRole('button', { name: es.buttons.createUser }).click();
  await expect(dialog.getByText(es.register.lawyerPendingTitle)).toBeVisible();
});

test("a lawyer who never gave a first-consultation price is not shown as 'Gratuita'", async ({
  browser,
  request,
}) => {
  // a registration without the choice (an older client of the API): kept as not given, never a silent 0
  const surname = `Quintanilla ${Date.now().toString(36)}`;
  const registered = await request.post('/api/auth/lawyer/register', {
    data: {
      mail: freshMail('sinprecio'),
      password: 'Abogado-Clave-2026',
      name: 'Teresa',
      surname,
      phoneNumber: '698333444',
      lawyerCategory: ['Abogado Civil'],
      lawyerDescription: 'Civilista en Soria.',
      lawyerPrice: 70,
      province: 'Soria',
      barNumber: '2.718',
      barAssociation: 'soria',
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const id = (await registered.json()).data.id as string;
  const verified = await request.post(`/api/admin/lawyers/${id}/verify`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
  });
  expect(verified.status()).toBe(200);

  const page = await signedInPage(browser, 'cliente4@l4l.demo');
  await page.goto(`/dashboard/inicio?search=${encodeURIComponent(surname)}`);
  const card = page.getByRole('article', { name: new RegExp(surname) });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(es.defaults.noPrice)).toBeVisible();
  await expect(card.getByText(es.dashboard.free, { exact: true })).toHaveCount(0);
  await shootBothWidths(page, 'card-first-visit-not-given');
  await page.context().close();
});

test('a chat with pictures opens at its newest message; a cancelled checkout says so; the paid banner comes into view', async ({
  browser,
  request,
}) => {
  const { client, lawyer, clientId, lawyerId, offer, caseId } = await clientWithProposal(
    browser,
    request,
    'nuria.puig@l4l.demo',
    'Abogado Protección de datos',
  );

  // the client sends four tall pictures, then a last line
  await client.goto(`/dashboard/chat?with=${lawyerId}`);
  const clientLog = client.getByRole('log');
  await expect(
    clientLog.getByRole('article', { name: es.chat.proposalTitle }).filter({ hasText: offer }),
  ).toBeVisible();
  const colours = [
    [40, 90, 160],
    [60, 140, 110],
    [150, 90, 60],
    [110, 80, 150],
  ] as const;
  for (const [i, rgb] of colours.entries()) {
    await client
      .getByTestId('chat-image-input')
      .setInputFiles({ name: `documento-${i + 1}.png`, mimeType: 'image/png', buffer: png(480, 640, rgb) });
    await expect(clientLog.getByRole('img', { name: es.chat.imageLabel })).toHaveCount(i + 1);
  }
  const last = `Te he mandado las cuatro páginas del contrato (${Date.now()})`;
  const box = client.getByLabel(es.chat.messageLabel);
  await box.fill(last);
  await box.press('Enter');
  await expect(clientLog.getByText(last)).toBeVisible();

  // the lawyer opens the conversation afresh: the newest message is in view, and stays there once every
  // picture has loaded
  await lawyer.goto(`/dashboard/chat?with=${clientId}`);
  const lawyerLog = lawyer.getByRole('log');
  await expect(lawyerLog.getByText(last)).toBeInViewport();
  await picturesSettled(lawyer);
  await expect(lawyerLog.getByText(last)).toBeInViewport();
  await shootBothWidths(lawyer, 'chat-pictures-newest-in-view');
  // at a phone's width too, opened afresh
  await lawyer.setViewportSize({ width: 375, height: 812 });
  await lawyer.reload();
  await expect(lawyerLog.getByText(last)).toBeInViewport();
  await picturesSettled(lawyer);
  await expect(lawyerLog.getByText(last)).toBeInViewport();
  await lawyer.setViewportSize({ width: 1280, height: 800 });

  // the client accepts, then cancels the checkout: the window says it was cancelled, not that it failed
  const card = clientLog.getByRole('article', { name: es.chat.proposalTitle }).filter({ hasText: offer });
  const [cancelled] = await Promise.all([
    client.context().waitForEvent('page'),
    card.getByRole('button', { name: es.buttons.accept }).click(),
  ]);
  await cancelled.waitForLoadState();
  await cancelled.getByRole('button', { name: es.payment.sandboxCancel }).click();
  // the window closes itself 3 s after it says so
  await expect(cancelled).toHaveURL(/\/payment-error\?reason=cancelled$/);
  await expect(cancelled.getByRole('heading', { name: es.payment.cancelledTitle })).toBeVisible();
  await expect(cancelled.getByText(es.payment.failureText)).toHaveCount(0);
  if (!cancelled.isClosed()) await cancelled.close();
  // the same page opened in a tab of its own stays open to be looked at
  const result = await client.context().newPage();
  await result.goto('/payment-error?reason=cancelled');
  await expect(result.getByText(es.payment.cancelledText)).toBeVisible();
  await expect(result.getByText(es.payment.cancelledNext)).toBeVisible();
  await shootBothWidths(result, 'payment-cancelled');
  await result.close();

  // then pays: the client's own view scrolls to the green paid banner
  await client.reload();
  await picturesSettled(client);
  const [checkout] = await Promise.all([
    client.context().waitForEvent('page'),
    card.getByRole('button', { name: es.buttons.accept }).click(),
  ]);
  await checkout.waitForLoadState();
  await checkout.getByRole('button', { name: es.payment.sandboxPay }).click();
  await expect(checkout).toHaveURL(/\/payment-success$/);
  await expect(clientLog.getByText(es.caseMessages.paid(caseCode(caseId), '180 €'))).toBeInViewport();
  await shootBothWidths(client, 'chat-client-paid-banner');

  await client.context().close();
  await lawyer.context().close();
});

test("'Visto por última vez' follows the other party while both are connected", async ({
  browser,
  request,
}) => {
  const { client, lawyer, clientId, lawyerId } = await clientWithProposal(
    browser,
    request,
    'pilar.gomez@l4l.demo',
    'Abogado Civil',
  );
  await lawyer.goto(`/dashboard/chat?with=${clientId}`);
  await expect(lawyer.getByRole('log')).toBeVisible();
  await client.goto(`/dashboard/chat?with=${lawyerId}`);
  const presence = client.locator('header').getByText(es.chat.online, { exact: true });
  await expect(presence).toBeVisible();

  // the lawyer leaves: well within the minute the old poll took, the client reads when they were last seen
  await lawyer.context().close();
  await expect(client.getByText(`${es.chat.lastSeen}:`, { exact: false })).toBeVisible({ timeout: 15_000 });
  await expect(presence).toHaveCount(0);
  await shootBothWidths(client, 'chat-presence-last-seen');

  // and comes back: 'En línea' again, without a reload
  const again = await signedInPage(browser, 'pilar.gomez@l4l.demo', DEMO_PASSWORD);
  await again.goto(`/dashboard/chat?with=${clientId}`);
  await expect(presence).toBeVisible({ timeout: 15_000 });
  await again.context().close();
  await client.context().close();
});

test('the avatar editor shows the upload and says the photo was saved', async ({ browser, request }) => {
  const fresh = await registerClient(request);
  const page = await signedInPage(browser, fresh.mail, fresh.password);
  await page.goto('/profile');
  await page.getByRole('button', { name: es.lawyerProfile.editPhoto }).click();
  const editor = page.getByRole('dialog', { name: es.profile.avatarTitle });
  await editor
    .locator('input[type="file"]')
    .setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: png(400, 400, [90, 120, 170]) });
  await editor.getByRole('button', { name: es.profile.avatarSave }).click();
  await expect(page.getByText(es.profile.avatarSaved)).toBeVisible();
  await expect(editor).toBeHidden();
  await expect
    .poll(async () => (await (await page.request.get('/api/auth/me')).json()).data.photoUrl)
    .toMatch(/^\/uploads\/avatars\//);
  await shootBothWidths(page, 'avatar-saved');
  await page.context().close();
});

test('on a phone the sign-in sheet rises above the cookie banner: Continuar works before the banner is answered', async ({
  browser,
  request,
}) => {
  const fresh = await registerClient(request);
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
  });
  const page = await context.newPage();
  await page.goto('/login');
  const banner = page.getByRole('region', { name: es.cookies.label });
  await expect(banner).toBeVisible();
  const dialog = page.getByRole('dialog', { name: es.login.title });
  const continueButton = dialog.getByRole('button', { name: es.buttons.continue });
  await expect(continueButton).toBeVisible();
  // the sheet ends where the banner begins: nothing of it is under the banner, once it has risen in
  await settleAnimations(page);
  const sheetBottom = await dialog.evaluate((element) => element.getBoundingClientRect().bottom);
  const bannerTop = await banner.evaluate((element) => element.getBoundingClientRect().top);
  expect(sheetBottom).toBeLessThanOrEqual(bannerTop + 1);
  await dialog.getByLabel(es.login.email).fill(fresh.mail);
  await dialog.getByLabel(es.login.password, { exact: true }).fill(fresh.password);
  // a plain click: Playwright refuses it when another element (the banner) would take it
  await continueButton.click({ timeout: 5_000 });
  await expect(page).toHaveURL(/\/dashboard\/inicio/);
  await expect(banner).toBeVisible();
  await context.close();
});
