import { readFileSync } from 'node:fs';
import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import {
  presetConsent,
  registerClient,
  shootBothWidths,
  signedInPage,
  signInThroughModal,
} from './support.ts';

/**
 * docs/domain.md, Privacy rights: a fresh client finds 'Tus datos' in Mi Perfil, downloads the ZIP of their
 * data, then erases the account, lands signed out on the landing page, and can no longer sign in.
 */

// a registration, a sign-in, a download and two screenshot widths: more than a minute on a busy machine
test.beforeEach(() => test.slow());

test('a client downloads their data, then deletes the account and cannot sign in again', async ({
  page,
  request,
}) => {
  const { mail, password } = await registerClient(request);
  await presetConsent(page, 'true');
  await signInThroughModal(page, mail, password);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: es.privacy.title });
  await expect(section).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'privacy-section');

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: es.privacy.download }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^l4l-mis-datos-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = readFileSync(await download.path());
  // a ZIP (local file header 'PK\x03\x04') whose entries' names are stored in clear
  expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
  expect(zip.includes(Buffer.from('datos.json'))).toBe(true);

  await section.getByRole('button', { name: es.privacy.erase }).click();
  const dialog = page.getByRole('dialog', { name: es.privacy.eraseTitle });
  await expect(dialog.getByRole('heading', { name: es.privacy.keptHeading })).toBeVisible();
  await shootBothWidths(page, 'privacy-erase-dialog');
  await dialog.getByLabel(es.privacy.password, { exact: true }).fill('no-es-mi-clave');
  await dialog.getByRole('button', { name: es.privacy.confirm }).click();
  await expect(dialog.getByText(es.validation.currentPasswordWrong)).toBeVisible();

  await dialog.getByLabel(es.privacy.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: es.privacy.confirm }).click();
  // the login, saying the account is gone and what is kept and why
  await expect(page).toHaveURL(/\/cuenta-eliminada$/);
  const login = page.getByRole('dialog', { name: es.login.title });
  await expect(login.getByRole('heading', { name: es.privacy.erasedTitle })).toBeVisible();
  await expect(login.getByRole('status')).toContainText(es.privacy.kept[0] ?? '');
  await shootBothWidths(page, 'privacy-erased-login');
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  await login.getByLabel(es.login.email).fill(mail);
  await login.getByLabel(es.login.password, { exact: true }).fill(password);
  await login.getByRole('button', { name: es.buttons.continue }).click();
  await expect(page.getByText(es.login.userNotFound)).toBeVisible();
  await expect(page).not.toHaveURL(/\/dashboard/);
});

test('a lawyer finds Tus datos at the end of the Ficha de Abogado, with their photo in the ZIP', async ({
  browser,
}) => {
  // the demo's lucia.garcia, whose photo is an upload of hers (apps/server/src/db/seed/demo.ts)
  const page = await signedInPage(browser, 'lucia.garcia@l4l.demo');
  await page.goto('/profile');
  const section = page.getByRole('region', { name: es.privacy.title });
  await expect(section.getByRole('button', { name: es.privacy.erase })).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shootBothWidths(page, 'privacy-lawyer-section');
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: es.privacy.download }).click();
  const zip = readFileSync(await (await downloading).path());
  expect(zip.includes(Buffer.from('archivos/imagenes/'))).toBe(true);
  expect(zip.includes(Buffer.from('datos.json'))).toBe(true);
  await page.context().close();
});
