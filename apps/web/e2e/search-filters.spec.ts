import { es } from '@l4l/shared/texts/es';
import { expect, type Page, test } from '@playwright/test';
import { presetConsent, shootBothWidths, signInThroughModal } from './support.ts';

/** The names on the directory's cards, in order, once the list has settled. */
async function cardNames(page: Page): Promise<string[]> {
  await expect(page.getByRole('list').getByRole('article').first()).toBeVisible();
  return page.getByRole('article').getByRole('heading', { level: 2 }).allTextContents();
}

/** A card's hourly price in euros: the first '€' figure on it ('65,5 € por …' → 65.5). */
const hourly = (text: string) => Number(/(\d+(?:,\d+)?) €/.exec(text)?.[1]?.replace(',', '.'));

test('a client sets a price range and a free first consultation; the URL keeps them through a reload', async ({
  page,
}) => {
  await presetConsent(page, 'true');
  await page.goto('/');
  await signInThroughModal(page, 'cliente1@l4l.demo');
  await expect(page).toHaveURL(/\/dashboard\/inicio/);
  const everyone = await cardNames(page);

  // the range by keyboard: type the bounds, tab between them
  await page.getByLabel(es.dashboard.priceFrom).fill('50');
  await page.keyboard.press('Tab');
  await page.keyboard.type('70');
  await expect(page).toHaveURL(/minPrice=50&maxPrice=70/);
  // the box shows what the URL says, so it reads checked once the navigation settles
  const freeFirst = page.getByLabel(es.dashboard.firstVisitFreeFilter);
  await freeFirst.click();
  await expect(freeFirst).toBeChecked();
  await expect(page).toHaveURL(/minPrice=50&maxPrice=70&firstVisitFree=true/);

  const cards = page.getByRole('article');
  await expect.poll(async () => (await cardNames(page)).join('|')).not.toBe(everyone.join('|'));
  const filtered = await cardNames(page);
  expect(filtered.length).toBeGreaterThan(0);
  for (const text of await cards.allTextContents()) {
    expect(hourly(text)).toBeGreaterThanOrEqual(50);
    expect(hourly(text)).toBeLessThanOrEqual(70);
    expect(text).toContain(es.dashboard.free);
  }
  await shootBothWidths(page, 'directory-price-filter');

  // a shared or reloaded search shows the same list, with the panel filled in
  await page.reload();
  await expect(page.getByLabel(es.dashboard.priceFrom)).toHaveValue('50');
  await expect(page.getByLabel(es.dashboard.priceTo)).toHaveValue('70');
  await expect(page.getByLabel(es.dashboard.firstVisitFreeFilter)).toBeChecked();
  expect(await cardNames(page)).toEqual(filtered);

  // a maximum under the minimum is explained and never sent
  await page.getByLabel(es.dashboard.priceTo).fill('20');
  await expect(page.getByText(es.validation.priceRange)).toBeVisible();
  await expect(page).toHaveURL(/maxPrice=70/);
});
