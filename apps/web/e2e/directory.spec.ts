import { es } from '@l4l/shared/texts/es';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, pickDemoAvatar, presetConsent } from './support.ts';

async function logInAs(page: Page, mail: string) {
  await page.goto('/login');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(es.login.title)).toBeVisible();
  await dialog.getByLabel(es.login.email).fill(mail);
  await dialog.getByLabel(es.login.password, { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
  await expect(page).toHaveURL(/\/dashboard\/inicio/);
}

/** '65,5 €/hora' → 65.5 */
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
  const prices = page.getByRole('article').getByText(/ €\/hora$/);
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

test('a lawyer edits the sheet, uploads a cropped photo and manages experience', async ({ browser }) => {
  const lawyer = await browser.newContext();
  const page = await lawyer.newPage();
  await presetConsent(page, 'true');
  await logInAs(page, 'lucia.garcia@l4l.demo');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: es.lawyerProfile.sheetTitle })).toBeVisible();

  // the sheet saves
  await page.getByLabel(es.trust.barNumber).fill('78.413');
  await page.getByRole('button', { name: es.buttons.saveChanges }).click();
  await expect(page.getByText(es.profile.profileUpdated)).toBeVisible();

  // a new photo: pick, crop, upload; the header shows it
  const header = page.locator('header img').first();
  const before = await header.getAttribute('src');
  await page.getByRole('button', { name: es.lawyerProfile.editPhoto }).click();
  const editor = page.getByRole('dialog', { name: es.profile.avatarTitle });
  await pickDemoAvatar(editor);
  await editor.getByRole('button', { name: es.profile.avatarSave }).click();
  await expect(editor).toBeHidden();
  await expect(header).not.toHaveAttribute('src', before ?? '');
  const after = await header.getAttribute('src');
  expect(after).toMatch(/^\/uploads\/avatars\/.+\.png$/);

  // a client sees the new photo in the directory (the listing may be cached for a few seconds)
  const client = await browser.newContext();
  const clientPage = await client.newPage();
  await presetConsent(clientPage, 'true');
  await logInAs(clientPage, 'cliente2@l4l.demo');
  await expect
    .poll(
      async () => {
        await clientPage.goto('/dashboard/inicio?search=garcia');
        const card = clientPage.getByRole('article', { name: 'Lucía García Fernández' });
        await card.waitFor();
        return card.locator('img').first().getAttribute('src');
      },
      { timeout: 20_000, intervals: [1000, 2000, 3000] },
    )
    .toBe(after);
  await client.close();

  // work experience: add one, then remove it
  const work = page.getByRole('region', { name: es.lawyerProfile.workExperience });
  const entries = work.getByRole('listitem');
  const count = await entries.count();
  await work.getByRole('button', { name: es.buttons.createNew }).click();
  await work.getByLabel(es.lawyerProfile.position).fill('Mediadora familiar');
  await work.getByLabel(es.lawyerProfile.company).fill('Centro de Mediación de Madrid');
  await work.getByLabel(es.lawyerProfile.startDate).fill('2021-03-01');
  await work.getByRole('button', { name: es.buttons.save }).click();
  await expect(work.getByText('Mediadora familiar')).toBeVisible();
  await page.reload();
  await expect(work.getByText('Mediadora familiar')).toBeVisible();
  await expect(entries).toHaveCount(count + 1);
  await work
    .getByRole('listitem')
    .filter({ hasText: 'Mediadora familiar' })
    .getByRole('button', { name: es.buttons.remove })
    .click();
  await expect(work.getByText('Mediadora familiar')).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: es.lawyerProfile.sheetTitle })).toBeVisible();
  await expect(work.getByText('Mediadora familiar')).toBeHidden();
  await lawyer.close();
});
