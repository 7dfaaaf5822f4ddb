import { es } from '@l4l/shared/texts/es';
import { expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  chooseOption,
  freshMail,
  latestMailTo,
  mailLink,
  presetConsent,
  registerClient,
} from './support.ts';

async function openLogin(page: Page) {
  await page.goto('/login');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(es.login.title)).toBeVisible();
  return dialog;
}

async function logIn(page: Page, mail: string, password: string) {
  const dialog = await openLogin(page);
  await dialog.getByLabel(es.login.email).fill(mail);
  await dialog.getByLabel(es.login.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
}

test.describe('accounts', () => {
  test('a client registers through the wizard and lands on the dashboard', async ({ page }) => {
    await presetConsent(page, 'true');
    await page.goto('/');
    await page.getByRole('button', { name: es.buttons.register }).first().click();
    const dialog = page.getByRole('dialog');
    const next = dialog.getByRole('button', { name: es.buttons.continue });
    await expect(next).toBeDisabled();
    await dialog.getByRole('radio', { name: new RegExp(es.register.roleUser) }).check();
    await next.click();
    await dialog.getByLabel(es.login.email).fill(freshMail('wizard'));
    await dialog.getByLabel(es.login.password, { exact: true }).fill('corta');
    await expect(dialog.getByRole('button', { name: es.buttons.continue })).toBeDisabled();
    await dialog.getByLabel(es.login.password, { exact: true }).fill('Segura-Clave-2026');
    await dialog.getByRole('button', { name: es.buttons.continue }).click();
    await dialog.getByLabel(es.register.name, { exact: true }).fill('Inés');
    await dialog.getByLabel(es.register.surname).fill('Domínguez Prieto');
    await dialog.getByLabel(es.register.phone).fill('612345678');
    await expect(dialog.getByLabel(es.register.phone)).toHaveValue('612 345 678');
    await dialog.getByRole('button', { name: es.buttons.createUser }).click();
    await expect(page.getByText(es.register.created)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/inicio$/);
    await expect(page.getByRole('heading', { name: es.dashboard.userHomeTitle })).toBeVisible();
  });

  test('a lawyer registers, cannot log in until an admin verifies them, then can', async ({
    page,
    request,
  }) => {
    await presetConsent(page, 'false');
    const mail = freshMail('abogada');
    const password = 'Abogada-Clave-2026';
    await page.goto('/registro');
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: new RegExp(es.register.roleLawyer) }).check();
    await dialog.getByRole('button', { name: es.buttons.continue }).click();
    await dialog.getByLabel(es.login.email).fill(mail);
    await dialog.getByLabel(es.login.password, { exact: true }).fill(password);
    await dialog.getByRole('button', { name: es.buttons.continue }).click();
    await dialog.getByLabel(es.register.name, { exact: true }).fill('Carmen');
    await dialog.getByLabel(es.register.surname).fill('Núñez Sáez');
    await dialog.getByLabel(es.register.phone).fill('698765432');
    await dialog.getByRole('button', { name: es.buttons.continue }).click();

    // step 5: categories, description, price with a comma, a free first consultation, province
    await dialog.getByRole('button', { name: new RegExp(es.register.categories) }).click();
    await page.getByRole('checkbox', { name: 'Abogado Civil', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Abogado Divorcios', exact: true }).check();
    await page.keyboard.press('Escape');
    await dialog
      .getByLabel(es.register.description)
      .fill('Abogada de familia en Madrid: divorcios y custodias.');
    await dialog.getByLabel(es.register.price).fill('65,50');
    await dialog.getByRole('radio', { name: es.register.firstVisitFree, exact: true }).check();
    await chooseOption(page, dialog.getByRole('combobox', { name: es.register.province }), 'Madrid');
    await dialog.getByLabel(es.trust.barAssociation).selectOption('madrid');
    await dialog.getByLabel(es.trust.barNumber).fill('98.765');
    await dialog.getByRole('button', { name: es.buttons.createUser }).click();
    await expect(page.getByText(es.register.created)).toBeVisible();
    await expect(dialog.getByText(es.register.lawyerPendingTitle)).toBeVisible();

    // refused while unverified
    await logIn(page, mail, password);
    await expect(page.getByText(es.login.lawyerNotVerified)).toBeVisible();

    // an administrator verifies the lawyer (the console is another feature; its API is used here)
    const token = await adminToken(request);
    const pending = await request.get('/api/admin/lawyers?verified=false&pageSize=100', {
      headers: { authorization: `Bearer ${token}` },
    });
    const lawyer = (await pending.json()).data.find((l: { mail: string }) => l.mail === mail);
    expect(lawyer).toBeTruthy();
    const verified = await request.post(`/api/admin/lawyers/${lawyer.id}/verify`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verified.status()).toBe(200);

    await logIn(page, mail, password);
    await expect(page).toHaveURL(/\/dashboard\/inicio$/);
    await expect(page.getByRole('heading', { name: es.dashboard.lawyerHomeTitle })).toBeVisible();
  });

  test('a wrong password and an unknown mail show their messages', async ({ page, request }) => {
    await presetConsent(page, 'false');
    const client = await registerClient(request);
    await logIn(page, client.mail, 'Otra-Clave-9999');
    await expect(page.getByText(es.login.badCredentials)).toBeVisible();
    await logIn(page, freshMail('nadie'), 'Otra-Clave-9999');
    await expect(page.getByText(es.login.userNotFound)).toBeVisible();
  });

  test('forgot password: mail in the outbox, reset page, log in with the new password', async ({
    page,
    request,
  }) => {
    await presetConsent(page, 'false');
    const client = await registerClient(request);
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: es.login.forgot }).click();
    await dialog.getByLabel(es.login.email).fill(client.mail);
    await dialog.getByRole('button', { name: es.buttons.changePassword }).click();
    await expect(page.getByText(es.login.recoverySent)).toBeVisible();

    // the mail leaves through the outbox after the answer, after the sign-up's verification mail
    const resetLink = () => mailLink(latestMailTo(client.mail) ?? '', '/reset-password?token=');
    await expect.poll(resetLink, { timeout: 15_000 }).toBeTruthy();
    const link = resetLink();
    await page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);

    await expect(page.getByRole('heading', { name: es.resetPassword.title })).toBeVisible();
    const newPassword = 'Nueva-Clave-2027';
    await page.getByLabel(es.resetPassword.newPassword, { exact: true }).fill(newPassword);
    await page.getByLabel(es.resetPassword.confirmPassword, { exact: true }).fill('No-Coincide-2027');
    await page.getByRole('button', { name: es.buttons.changePassword }).click();
    await expect(page.getByText(es.validation.resetMismatch)).toBeVisible();
    await page.getByLabel(es.resetPassword.confirmPassword, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: es.buttons.changePassword }).click();
    await expect(page.getByText(es.resetPassword.success)).toBeVisible();
    await expect(page.getByText(es.resetPassword.redirecting)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

    await logIn(page, client.mail, client.password);
    await expect(page.getByText(es.login.badCredentials)).toBeVisible();
    await logIn(page, client.mail, newPassword);
    await expect(page).toHaveURL(/\/dashboard\/inicio$/);
  });

  test('a reload keeps the session only after accepting cookies', async ({ page, request }) => {
    const client = await registerClient(request);

    // without consent the session lives for the tab only
    await page.goto('/');
    const banner = page.getByRole('region', { name: es.cookies.label });
    await banner.getByRole('button', { name: es.cookies.reject }).click();
    // the choice is kept once the page has taken the click (a click before hydration waits for it)
    await expect(banner).toBeHidden();
    await logIn(page, client.mail, client.password);
    await expect(page).toHaveURL(/\/dashboard\/inicio$/);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);

    // after 'Aceptar' it survives the reload
    await page.evaluate(() => localStorage.clear());
    await page.goto('/');
    await banner.getByRole('button', { name: es.cookies.accept }).click();
    await expect(banner).toBeHidden();
    await logIn(page, client.mail, client.password);
    await expect(page).toHaveURL(/\/dashboard\/inicio$/);
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard\/inicio$/);
    await expect(page.getByRole('heading', { name: es.dashboard.userHomeTitle })).toBeVisible();
  });
});
