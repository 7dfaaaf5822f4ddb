import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import {
  latestMailTo,
  presetConsent,
  registerClient,
  shootBothWidths,
  signInThroughModal,
} from './support.ts';

/** The verification link of the newest mail to `to`, as a path of the app. */
function verificationPath(mail: string): string | undefined {
  const unfolded = mail.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = unfolded.match(/https?:\/\/[^\s"<>]+\/verificar-correo\?token=[\w-]+/)?.[0];
  return link ? new URL(link).pathname + new URL(link).search : undefined;
}

/** docs/domain.md, Mail verification: from the mail sent at sign-up to the banner gone. */
test('a new client confirms the address from the mailed link, and the banner goes', async ({ page }) => {
  await presetConsent(page, 'true');
  const client = await registerClient(page.request);
  await signInThroughModal(page, client.mail, client.password);
  await page.goto('/dashboard/inicio');

  const banner = page.getByRole('region', { name: es.verifyMailBanner.title });
  await expect(banner).toBeVisible();
  await expect(banner.getByText(client.mail, { exact: false })).toBeVisible();
  await shootBothWidths(page, 'verify-mail-banner');

  // the mail leaves through the outbox, a moment after the registration
  await expect.poll(() => latestMailTo(client.mail), { timeout: 30_000 }).toBeTruthy();
  const mail = latestMailTo(client.mail) ?? '';
  expect(mail).not.toMatch(/^List-Unsubscribe/im);
  const path = verificationPath(mail);
  expect(path).toBeTruthy();

  await page.goto(path ?? '/');
  await expect(page.getByText(es.verifyMail.done)).toBeVisible();
  await expect(page.getByText(es.verifyMail.doneText(client.mail))).toBeVisible();
  await shootBothWidths(page, 'verify-mail-done');

  await page.locator('#contenido').getByRole('link', { name: es.verifyMail.goDashboard }).click();
  await expect(page).toHaveURL(/\/dashboard\/inicio$/);
  await expect(page.getByRole('heading', { name: es.dashboard.userHomeTitle })).toBeVisible();
  await expect(page.getByRole('region', { name: es.verifyMailBanner.title })).toHaveCount(0);

  // the link works once: opened again, it says why not and how to get another
  await page.goto(path ?? '/');
  await expect(page.getByText(es.validation.verifyMailLinkInvalid, { exact: false })).toBeVisible();
  await shootBothWidths(page, 'verify-mail-used');
});
