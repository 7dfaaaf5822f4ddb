import { COOKIE_CHOICE_ATTRIBUTE } from '@l4l/shared/constants/cookie-choice';
import { es } from '@l4l/shared/texts/es';
import { expect, type Page, test } from '@playwright/test';
import { presetConsent } from './support.ts';

/**
 * docs/product.md, Legal pages and cookie banner: the pre-rendered landing carries the banner; a visitor who
 * has already chosen must never see it, not even for the frames before the code runs. A watcher installed
 * before the document exists looks at the banner on every animation frame (each one before a paint).
 */
async function watchBanner(page: Page) {
  await page.addInitScript((label) => {
    const seen = { frames: 0, visibleFrames: 0, running: true };
    (window as unknown as { __banner: typeof seen }).__banner = seen;
    const look = () => {
      if (!seen.running) return;
      const banner = document.querySelector(`section[aria-label="${label}"]`);
      if (banner) {
        seen.frames += 1;
        if (banner.getClientRects().length > 0 && getComputedStyle(banner).display !== 'none') {
          seen.visibleFrames += 1;
        }
      }
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, es.cookies.label);
}

/** Once the landing answers a click (its code ran and hydrated), what the watcher saw. */
async function afterHydration(page: Page) {
  await page.getByRole('button', { name: es.buttons.login }).first().click();
  await expect(page.getByRole('dialog', { name: es.login.title })).toBeVisible();
  return page.evaluate(() => {
    const seen = (
      window as unknown as { __banner: { frames: number; visibleFrames: number; running: boolean } }
    ).__banner;
    seen.running = false;
    return { frames: seen.frames, visibleFrames: seen.visibleFrames };
  });
}

test.describe('the cookie banner on the pre-rendered landing', () => {
  test('a first visit sees it from the first frames (the watcher works)', async ({ page }) => {
    await watchBanner(page);
    await page.goto('/');
    await expect(page.getByRole('region', { name: es.cookies.label })).toBeVisible();
    const seen = await afterHydration(page);
    expect(seen.visibleFrames).toBeGreaterThan(0);
  });

  for (const choice of ['false', 'true'] as const) {
    test(`a returning visitor who chose ${choice} never sees it, not even before the code runs`, async ({
      page,
    }) => {
      await presetConsent(page, choice);
      await watchBanner(page);
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto('/login');
      // the inline script ran before the body: <html> carries the choice, allowed by the CSP's hash
      expect(
        await page.evaluate((name) => document.documentElement.getAttribute(name), COOKIE_CHOICE_ATTRIBUTE),
      ).toBe(choice);
      await expect(page.getByRole('dialog', { name: es.login.title })).toBeVisible();
      const seen = await page.evaluate(() => {
        const banner = (window as unknown as { __banner: { frames: number; visibleFrames: number } })
          .__banner;
        return { frames: banner.frames, visibleFrames: banner.visibleFrames };
      });
      // the pre-rendered banner was in the page, and not one frame showed it
      expect(seen.frames).toBeGreaterThan(0);
      expect(seen.visibleFrames).toBe(0);
      expect(violations).toEqual([]);
      await expect(page.getByRole('region', { name: es.cookies.label })).toBeHidden();
    });
  }
});
