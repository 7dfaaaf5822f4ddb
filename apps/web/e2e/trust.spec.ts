import path from 'node:path';
import { es } from '@l4l/shared/texts/es';
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, presetConsent, signedInPage } from './support.ts';

/**
 * What the screens say where a person could be stuck or misled: a refused login says why, a filter that
 * matched nobody offers a way back, the cookie banner answers above a dialog, and the keyboard reaches
 * every scrolling box and the main content.
 */

// sign-ins, axe and two screenshot widths: more than the default minute on a busy machine
test.beforeEach(() => test.slow());

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
] as const;

/** Screenshots at both widths, into SHOTS_DIR when set (to compare a build before and after a change). */
async function shootBothWidths(page: Page, testInfo: TestInfo, name: string) {
  const dir = process.env.SHOTS_DIR ?? testInfo.outputPath();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(dir, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a rejected lawyer is told at login that they were rejected, why, and how to apply again', async ({
  page,
}, testInfo) => {
  await presetConsent(page, 'false');
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: es.login.title });
  await dialog.getByLabel(es.login.email).fill('tomas.lozano@l4l.demo');
  await dialog.getByLabel(es.login.password, { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
  // the demo's rejected lawyer (apps/server/src/db/seed/demo-lawyers.ts)
  const told = es.login.lawyerRejected(
    'El número de colegiado 0000 no consta en el Colegio de Abogados de Murcia.',
    es.footer.supportMail,
  );
  await expect(dialog.getByRole('alert')).toHaveText(told);
  await expect(page.getByText(es.login.lawyerNotVerified)).toHaveCount(0);
  await shootBothWidths(page, testInfo, 'login-rejected-lawyer');
});

test("a filter that matched nobody says so and 'Borrar filtros' brings every lawyer back", async ({
  browser,
}, testInfo) => {
  const page = await signedInPage(browser, 'cliente1@l4l.demo');
  await page.goto('/dashboard/inicio?search=zzzz&province=Soria');
  await expect(page.getByText(es.dashboard.noLawyersMatch)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(es.dashboard.noLawyers)).toHaveCount(0);
  await shootBothWidths(page, testInfo, 'directory-no-match');
  await expectAccessible(page, 'the directory with nothing matched');
  await page.getByRole('button', { name: es.dashboard.clearFilters }).click();
  await expect(page).toHaveURL(/\/dashboard\/inicio$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByLabel(es.dashboard.searchByName)).toHaveValue('');

  await page.context().close();
});

test('the cookie banner can be answered while the register dialog is open (arriving on /registro)', async ({
  page,
}, testInfo) => {
  await page.goto('/registro');
  const dialog = page.getByRole('dialog', { name: es.register.title });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  const banner = page.getByRole('region', { name: es.cookies.label });
  await expect(banner).toBeVisible();
  await shootBothWidths(page, testInfo, 'cookie-banner-over-register');
  await banner.getByRole('button', { name: es.cookies.accept }).click();
  await expect(banner).toBeHidden();
  // the answer did not close the dialog
  await expect(dialog).toBeVisible();
});

test('a directly loaded /login gives the focus to the main content after Escape', async ({ page }) => {
  await presetConsent(page, 'false');
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: es.login.title });
  await expect(dialog.getByLabel(es.login.email)).toBeFocused();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('main#contenido')).toBeFocused();
});

test("the dashboard's first Tab is 'Saltar al contenido', which leads to the main content", async ({
  browser,
}) => {
  const page = await signedInPage(browser, 'cliente1@l4l.demo');
  await page.goto('/dashboard/casos');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: es.common.skipToContent });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#contenido')).toBeFocused();
  await page.context().close();
});

test("on a phone the cookie policy's table scrolls in a box the keyboard reaches", async ({
  page,
}, testInfo) => {
  await presetConsent(page, 'false');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/politica-de-cookies');
  const table = page.getByRole('table').first();
  await expect(table).toBeVisible();
  const box = page.getByRole('region', { name: (await table.locator('caption').textContent()) ?? '' });
  await expect(box).toHaveAttribute('tabindex', '0');
  // it does scroll sideways at this width, and Tab reaches it
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  for (let i = 0; i < 60 && !(await box.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(box).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await page.screenshot({
    path: path.join(process.env.SHOTS_DIR ?? testInfo.outputPath(), 'cookie-table-375.png'),
  });
  await expectAccessible(page, 'cookie policy on a phone');
});
