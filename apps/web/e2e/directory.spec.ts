import { es } from '@l4l/shared/texts/es';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, presetConsent } from './support.ts';

async function logInAs(page: Page, mail: string) {
  await page.goto('/login');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(es.login.title)).toBeVisible();
  await dialog.getByLabel(es.login.email).fill(mail);
  await dialog.getByLabel(es.login.password, { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
  await expect(page).toHaveURL(/\/dashboard\/inicio/);
}

/** '65,5€/c' → 65.5 */
const euros = (text: string) => Number(text.replace(/[^\d,]/g, '').replace(',', '.'));

test('a client searches, filters, sorts, opens a profile and reloads it', async ({ page }) => {
  await presetConsent(page, 'true');
  await logInAs(page, 'cliente1@l4l.demo');
  await expect(page.getByRole('heading', { name: es.dashboard.userHomeTitle })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  // accent-insensitive name search, reflected in the URL
  await page.getByLabel(es.dashboard.searchByName).fill('garcia');
  await expect(page).toHaveURL(/search=garcia/);
  await expect(page.getByRole('article', { name: 'Lucía García Fernández' })).toBeVisible();
  await page.getByLabel(es.dashboard.searchByName).fill('');
  await expect(page).not.toHaveURL(/search=/);

  // two categories (any of them), then cheapest first
  await page.getByRole('button', { name: new RegExp(es.dashboard.filterCategories) }).click();
  // the filter lives in the URL, so the box shows checked once the navigation settles
  for (const category of ['Abogado Divorcios', 'Abogado Fiscal']) {
    const box = page.getByRole('checkbox', { name: category, exact: true });
    await box.click();
    await expect(box).toBeChecked();
  }
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/categories=Abogado(%20|\+)Divorcios/);
  await page.getByLabel(es.dashboard.sortBy).selectOption({ label: 'Más económico' });
  await expect(page).toHaveURL(/sort=price_asc/);
  const prices = page.getByRole('article').getByText(/€\/c$/);
  await expect(prices.first()).toBeVisible();
  const shown = (await prices.allTextContents()).map(euros);
  expect(shown.length).toBeGreaterThan(1);
  expect(shown).toEqual([...shown].sort((a, b) => a - b));

  // the filters survive a reload (a shareable search)
  await page.reload();
  await expect(page.getByLabel(es.dashboard.sortBy)).toHaveValue('price_asc');
  await expect(page.getByRole('article').first()).toBeVisible();

  // the profile has a real URL that survives a reload
  const first = page.getByRole('article').first();
  const name = (await first.getByRole('heading').first().textContent())?.trim() ?? '';
  await first.getByRole('link', { name: es.buttons.knowMore }).click();
  await expect(page).toHaveURL(/\/dashboard\/abogados\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('heading', { name: es.ratings.panel })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name })).toBeVisible();
});
