import { RESERVED_LAWYER_SLUGS } from '@l4l/shared/constants/directory-pages';
import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectAccessible, presetConsent, shootBothWidths } from './support.ts';

/**
 * The public lawyer pages (docs/domain.md, Public lawyer pages): rendered by the server, so they work with
 * JavaScript off; their call to action leads to the sign-in and then to the lawyer's profile in the app.
 */

// two browsers, a sign-in and two screenshot widths: more than the default minute on a busy machine
test.beforeEach(() => test.slow());

/** A demo lawyer's page, found through the sitemap rather than assumed. */
async function demoLawyerPage(request: import('@playwright/test').APIRequestContext) {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? ''));
  // a lawyer's page, not a directory page (a category's slug is never a lawyer's)
  const lawyer = locs.find((url) => {
    const [, root, slug, more] = url.pathname.split('/');
    return root === 'abogados' && slug && !more && !RESERVED_LAWYER_SLUGS.has(slug);
  });
  if (!lawyer) throw new Error('the sitemap lists no lawyer');
  return lawyer.pathname;
}

test('a lawyer’s public page works without JavaScript and its call to action leads to the profile after signing in', async ({
  browser,
  request,
}) => {
  const pagePath = await demoLawyerPage(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const answer = await page.goto(pagePath);
  expect(answer?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  const name = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await expect(page).toHaveTitle(new RegExp(`^${name}, abogacía en `));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${pagePath}$`));
  await expect(page.getByText(es.lawyerPage.verified)).toBeVisible();
  const firstName = name.split(' ')[0] ?? name;
  const cta = page.getByRole('link', { name: es.lawyerPage.cta(firstName) });
  await expect(cta).toBeVisible();
  await shootBothWidths(page, 'public-lawyer-page');

  // the call to action: the sign-in page, told where to go next
  await cta.click();
  await expect(page).toHaveURL(/\/login\?destino=%2Fdashboard%2Fabogados%2F[0-9a-f-]{36}$/);
  const signInUrl = page.url();
  await context.close();

  // in a browser with JavaScript (axe needs it; the page has none of its own): accessible, and the same
  // link signs in and opens the lawyer's profile
  const appContext = await browser.newContext();
  const app = await appContext.newPage();
  await presetConsent(app, 'false');
  await app.goto(pagePath);
  await expectAccessible(app, 'a public lawyer page');
  await app.goto(signInUrl);
  const dialog = app.getByRole('dialog', { name: es.login.title });
  await dialog.getByLabel(es.login.email).fill('cliente1@l4l.demo');
  await dialog.getByLabel(es.login.password, { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
  await expect(app).toHaveURL(/\/dashboard\/abogados\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await expect(app.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });
  // and the profile links back to the public page, the address to share
  await expect(app.getByRole('link', { name: es.lawyerProfile.publicPage })).toHaveAttribute(
    'href',
    pagePath,
  );
  await shootBothWidths(app, 'lawyer-profile-public-link');
  await appContext.close();
});

test('an unknown lawyer page is a Spanish 404 page kept out of search engines, and robots.txt names the sitemap', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const answer = await page.goto('/abogados/nadie-con-este-nombre');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: es.lawyerPage.notFoundTitle })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await shootBothWidths(page, 'public-lawyer-not-found');
  await page.getByRole('link', { name: es.lawyerPage.notFoundAction }).click();
  await expect(page).toHaveURL(/\/$/);
  await context.close();

  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toMatch(/^Sitemap: http:\/\/.+\/sitemap\.xml$/m);
});

test('a category’s directory page and its province’s work without JavaScript and lead to a lawyer’s page', async ({
  browser,
  request,
}) => {
  // a category and province of the demo data, found through the sitemap rather than assumed
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
  const provincePath = paths.find((path) => /^\/abogados\/[a-z0-9-]+\/[a-z0-9-]+$/.test(path));
  if (!provincePath) throw new Error('the sitemap lists no directory page of a province');
  const categoryPath = provincePath.slice(0, provincePath.lastIndexOf('/'));
  expect(paths).toContain(categoryPath);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  expect((await page.goto(categoryPath))?.status()).toBe(200);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/^Abogados .+ en España$/);
  await expect(page).toHaveTitle(/^Abogados .+ en España \| L4L$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${categoryPath}$`));
  await expect(page.getByRole('navigation', { name: es.directoryPage.breadcrumbs })).toBeVisible();
  await shootBothWidths(page, 'public-category-page');

  // a province of the category, then a lawyer of it
  await page.locator(`a[href="${provincePath}"]`).click();
  await expect(page).toHaveURL(new RegExp(`${provincePath}$`));
  await expect(heading).toHaveText(/^Abogados .+ en .+$/);
  await shootBothWidths(page, 'public-category-province-page');
  const first = page.locator('.lawyer h2 a').first();
  const name = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/abogados\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await context.close();

  // in a browser with JavaScript, for axe: accessible
  const appContext = await browser.newContext();
  const app = await appContext.newPage();
  await presetConsent(app, 'false');
  await app.goto(provincePath);
  await expectAccessible(app, 'a directory page of a category in a province');
  await appContext.close();
});
