import path from 'node:path';
import { es } from '@l4l/shared/texts/es';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { E2E_ADMIN, signedInState } from './support.ts';

/**
 * Journeys that used to dead-end or mislead: each opens the page the way a person does (a hard load, a
 * shared link, a new tab) and checks what the screen says.
 */

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** Screenshots at both widths, into SHOTS_DIR when set (to compare a build before and after a change). */
async function shootBothWidths(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR ?? testInfo.outputPath();
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.screenshot({
      path: path.join(dir, `${name}-${size.width}x${size.height}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("Seguimiento's link is the case's own URL, and that URL works on a hard load in a new tab", async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    storageState: await signedInState(browser, 'cliente1@l4l.demo'),
  });
  const page = await context.newPage();
  await page.goto('/dashboard/casos');
  const card = page.getByRole('article').first();
  const href = (await card.getByRole('link', { name: es.buttons.tracking }).getAttribute('href')) ?? '';
  const title = ((await card.getByRole('heading').textContent()) ?? '').trim();

  // a new tab (or a link someone shared): nothing but the URL
  const tab = await context.newPage();
  await tab.goto(href);
  await expect(tab.getByText(title, { exact: true }).or(tab.getByText(es.cases.noCaseId))).toBeVisible();
  await shootBothWidths(tab, testInfo, 'case-link-new-tab');
  expect(href).toMatch(/^\/dashboard\/casos\/[0-9a-f-]{36}$/);
  await expect(tab.getByText(es.cases.noCaseId)).toHaveCount(0);
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText(/\/ Caso #[0-9A-F]{8}/);
  await expect(tab.getByText(title, { exact: true })).toBeVisible();
  await context.close();
});

test("a discarded case tells its client why, and its timeline ends in 'Descartado'", async ({
  browser,
}, testInfo) => {
  // the demo's discarded case (apps/server/src/db/seed/demo-cases.ts)
  const page = await browser
    .newContext({ storageState: await signedInState(browser, 'cliente3@l4l.demo') })
    .then((context) => context.newPage());
  await page.goto('/dashboard/casos?status=DESCARTADO');
  const card = page.getByRole('article', { name: 'Ayuda con la herencia de mis padres' });
  await card.getByRole('link', { name: es.buttons.tracking }).click();
  await expect(page.getByRole('list', { name: es.caseDetail.timelineTitle })).toBeVisible();
  await shootBothWidths(page, testInfo, 'discarded-case');
  const notice = page.getByRole('region', { name: es.caseDetail.discardedTitle });
  await expect(notice).toContainText('Caso duplicado: ya tienes abierto un caso con la misma consulta.');
  const steps = page.getByRole('list', { name: es.caseDetail.timelineTitle }).getByRole('listitem');
  await expect(steps.last()).toHaveAttribute('aria-current', 'step');
  await expect(steps.last()).toContainText(es.caseDetail.discardedStep);
  await expect(steps.first()).not.toHaveAttribute('aria-current', 'step');
  await page.context().close();
});

test('an administrator who opens /dashboard lands on the console', async ({ browser }) => {
  const context = await browser.newContext({ storageState: await signedInState(browser, E2E_ADMIN.email) });
  const page = await context.newPage();
  for (const path of ['/dashboard', '/dashboard/inicio', '/dashboard/casos']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('link', { name: es.nav.myCases })).toHaveCount(0);
  }
  await context.close();
});

test("the English payment test page at /payment is an administrator's tool: a client is sent home", async ({
  browser,
}) => {
  const client = await browser.newContext({
    storageState: await signedInState(browser, 'cliente1@l4l.demo'),
  });
  const page = await client.newPage();
  await page.goto('/payment');
  await expect(page).toHaveURL(/\/dashboard\/inicio$/);
  await expect(page.getByRole('heading', { name: es.payment.testPageTitle })).toHaveCount(0);
  await client.close();

  const admin = await browser.newContext({ storageState: await signedInState(browser, E2E_ADMIN.email) });
  const adminPage = await admin.newPage();
  await adminPage.goto('/payment');
  await expect(adminPage.getByRole('heading', { level: 1, name: es.payment.testPageTitle })).toBeVisible();
  await admin.close();
});

test('the login offers no button for a sign-in provider the server has not configured', async ({ page }) => {
  // this server runs without GOOGLE_CLIENT_ID: GET /api/auth/providers answers google null
  const providers = await page.request.get('/api/auth/providers');
  expect((await providers.json()).data).toEqual({ google: null });
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: es.login.title });
  await expect(dialog.getByLabel(es.login.email)).toBeVisible();
  await expect(dialog.getByRole('button', { name: es.login.otherOptions })).toHaveCount(0);
  for (const provider of ['Google', 'Facebook', 'Apple']) {
    await expect(page.getByRole('button', { name: es.login.continueWith(provider) })).toHaveCount(0);
  }
});
