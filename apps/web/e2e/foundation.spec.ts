import { COOKIE_CONSENT_KEY } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';

test.describe('first visit', () => {
  test('landing, cookie banner, legal pages, unknown route, protected route', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: es.buttons.login }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: es.buttons.register }).first()).toBeVisible();
    await expect(page.getByText(es.brand.lawyerCta)).toBeVisible();
    await expect(page.locator('footer')).toContainText(String(new Date().getFullYear()));

    // the banner shows until a choice; 'Más información' leads to the cookie policy
    const banner = page.getByRole('region', { name: es.cookies.label });
    await expect(banner).toBeVisible();
    await banner.getByRole('link', { name: es.cookies.moreInfo }).click();
    await expect(page).toHaveURL(/\/politica-de-cookies$/);
    await expect(page.getByRole('heading', { level: 1, name: es.legal.cookiesTitle })).toBeVisible();
    await expect(page.getByRole('region', { name: es.cookies.label })).toBeVisible();
    await page
      .getByRole('region', { name: es.cookies.label })
      .getByRole('button', { name: es.cookies.accept })
      .click();
    await expect(page.getByRole('region', { name: es.cookies.label })).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), COOKIE_CONSENT_KEY)).toBe('true');

    // the footer links reach the three legal pages
    for (const [path, title] of [
      ['/politica-de-privacidad', es.legal.privacyTitle],
      ['/aviso-legal', es.legal.noticeTitle],
      ['/politica-de-cookies', es.legal.cookiesTitle],
    ] as const) {
      await page.goto('/');
      await page.locator('footer').locator(`a[href="${path}"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }

    // the choice is remembered: no banner on the next visit
    await page.reload();
    await expect(page.getByRole('region', { name: es.cookies.label })).toBeHidden();

    // an unknown path falls back to the landing page
    await page.goto('/esta-ruta-no-existe');
    await expect(page.getByText(es.brand.lawyerCta)).toBeVisible();

    // the protected area sends a visitor without a session to the login
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('dialog').getByText(es.login.title)).toBeVisible();
  });

  test('rejecting cookies stores false and hides the banner', async ({ page }) => {
    await page.goto('/');
    const banner = page.getByRole('region', { name: es.cookies.label });
    await banner.getByRole('button', { name: es.cookies.reject }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate((key) => localStorage.getItem(key), COOKIE_CONSENT_KEY)).toBe('false');
  });

  test('the API health endpoint answers on the same origin', async ({ request }) => {
    const res = await request.get('/api/health');
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ data: { status: 'ok', db: 'ok' } });
  });
});
