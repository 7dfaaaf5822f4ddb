import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import {
  chooseOption,
  freshMail,
  presetConsent,
  shootBothWidths,
  signedInPage,
  signInAsAdmin,
} from './support.ts';

const CLIENT = 'cliente1@l4l.demo';

/** docs/domain.md, Colegiación: from the wizard to the administrator's check to the profile. */
test('a lawyer registers with a colegiado number, the admin checks and verifies it, the profile shows it', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await presetConsent(page, 'false');
  const mail = freshMail('colegiada');
  const surname = `Colegiada ${Date.now().toString(36)}`;
  await page.goto('/registro');
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: new RegExp(es.register.roleLawyer) }).check();
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
  await dialog.getByLabel(es.login.email).fill(mail);
  await dialog.getByLabel(es.login.password, { exact: true }).fill('Abogada-Clave-2026');
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
  await dialog.getByLabel(es.register.name, { exact: true }).fill('Inés');
  await dialog.getByLabel(es.register.surname).fill(surname);
  await dialog.getByLabel(es.register.phone).fill('698765432');
  await dialog.getByRole('button', { name: es.buttons.continue }).click();

  await dialog.getByRole('button', { name: new RegExp(es.register.categories) }).click();
  await page.getByRole('checkbox', { name: 'Abogado Laboral', exact: true }).check();
  await page.keyboard.press('Escape');
  await dialog.getByLabel(es.register.description).fill('Laboralista en Sevilla: despidos y reclamaciones.');
  await dialog.getByLabel(es.register.price).fill('70');
  await dialog.getByRole('radio', { name: es.register.firstVisitPaid, exact: true }).check();
  await dialog.getByLabel(es.register.priceFirstVisit).fill('35');
  await chooseOption(page, dialog.getByRole('combobox', { name: es.register.province }), 'Sevilla');
  // a number that is no number is refused beside its field, before anything is sent
  await dialog.getByLabel(es.trust.barAssociation).selectOption('sevilla');
  await dialog.getByLabel(es.trust.barNumber).fill('ninguno');
  await dialog.getByRole('button', { name: es.buttons.createUser }).click();
  await expect(dialog.getByText(es.validation.barNumber)).toBeVisible();
  await dialog.getByLabel(es.trust.barNumber).fill('9.818');
  await dialog.getByRole('button', { name: es.buttons.createUser }).click();
  await expect(dialog.getByText(es.register.lawyerPendingTitle)).toBeVisible();

  // the administrator sees both, with the census to check them, and verifies
  const admin = await browser.newPage();
  await presetConsent(admin, 'false');
  await signInAsAdmin(admin);
  await admin
    .getByRole('navigation', { name: es.admin.consoleNav })
    .getByRole('link', { name: es.admin.sections.lawyers })
    .click();
  await admin.getByLabel(es.dashboard.sortBy).selectOption({ label: es.admin.lawyers.sortNewest });
  const card = admin.getByRole('article', { name: `Inés ${surname}` });
  await expect(card.getByText('Colegio de la Abogacía de Sevilla')).toBeVisible();
  await expect(card.getByText('9.818')).toBeVisible();
  await expect(card.getByRole('link', { name: es.admin.lawyers.census })).toHaveAttribute(
    'href',
    /abogacia\.es/,
  );
  await shootBothWidths(admin, 'admin-queue-colegiacion');
  await card.getByRole('button', { name: new RegExp(`^${es.admin.lawyers.verify}`) }).click();
  await expect(admin.getByText(/ya puede iniciar sesión/)).toBeVisible();

  // a client finds her in the directory and reads the colegiación on her profile
  const client = await signedInPage(browser, CLIENT);
  const found = await client.request.get(`/api/lawyers?search=${encodeURIComponent(surname)}`);
  const id = (await found.json()).data[0]?.id as string;
  expect(id).toBeTruthy();
  await client.goto(`/dashboard/abogados/${id}`);
  await expect(client.getByText('Colegiado nº 9.818 (Colegio de la Abogacía de Sevilla)')).toBeVisible();
  await expect(client.getByText(es.trust.noResponseTime)).toBeVisible();
  await shootBothWidths(client, 'profile-colegiacion');

  // and anyone, without an account or JavaScript, reads both on her public page, verified
  const publicPath = await client
    .getByRole('link', { name: es.lawyerProfile.publicPage })
    .getAttribute('href');
  expect(publicPath).toMatch(/^\/abogados\/ines-colegiada-[a-z0-9]+$/);
  const visitor = await browser.newContext({ javaScriptEnabled: false });
  const open = await visitor.newPage();
  const answer = await open.goto(publicPath ?? '');
  expect(answer?.status()).toBe(200);
  await expect(open.getByRole('heading', { level: 1, name: `Inés ${surname}` })).toBeVisible();
  await expect(open.getByText(es.lawyerPage.verified)).toBeVisible();
  await expect(
    open.getByText(es.trust.colegiado('9.818', 'Colegio de la Abogacía de Sevilla'), { exact: true }),
  ).toBeVisible();
  await shootBothWidths(open, 'public-page-colegiacion');
  // her category's page in Sevilla lists her, and links to her page
  await open.goto('/abogados/laboral/sevilla');
  await open.getByRole('link', { name: `Inés ${surname}` }).click();
  await expect(open).toHaveURL(new RegExp(`${publicPath}$`));
  await visitor.close();
});

test('the directory cards say how soon a lawyer usually answers', async ({ browser }) => {
  const client = await signedInPage(browser, CLIENT);
  await client.goto('/dashboard/inicio');
  await expect(client.getByText(/^Suele responder en /).first()).toBeVisible();
  await shootBothWidths(client, 'directory-response-time');
});
