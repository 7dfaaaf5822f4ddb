import { type Browser, type BrowserContext, expect, test } from '@playwright/test';
import {
  APP_ROUTES,
  type AppRoute,
  addressOf,
  defaultReady,
  demoIds,
  ROLE_MAIL,
  type Role,
} from './routes.ts';
import { seriousViolations, signedInState } from './support.ts';

/**
 * axe-core (WCAG 2.0–2.2 A and AA, best practices, label in name) on every route of every role (the
 * table in routes.ts) at 1280 and 375 px, with each route's main dialogs opened: no serious or critical
 * violation. One signed-in context per role; the test collects every violation of the role before it
 * fails, so one run names them all.
 */
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

async function contextOf(browser: Browser, role: Role): Promise<BrowserContext> {
  if (role === 'visitor') return browser.newContext();
  return browser.newContext({ storageState: await signedInState(browser, ROLE_MAIL[role]) });
}

const ROLES: Role[] = ['visitor', 'client', 'lawyer', 'admin'];

for (const role of ROLES) {
  test(`every route of the ${role} at 1280 and 375 px, dialogs opened`, async ({ browser }) => {
    test.slow();
    const context = await contextOf(browser, role);
    const page = await context.newPage();
    const ids = await demoIds(page, role);
    const routes = APP_ROUTES.filter((route: AppRoute) => route.roles.includes(role));
    const found: string[] = [];
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      // a visitor comes without a cookie choice at each width: the landing shows the banner
      if (role === 'visitor')
        await page.goto('/politica-de-cookies').then(() => page.evaluate(() => localStorage.clear()));
      for (const route of routes) {
        const address = addressOf(route, ids);
        const where = `${address} (${role}, ${viewport.width} px)`;
        await test.step(where, async () => {
          await page.goto(address);
          await (route.ready ?? defaultReady)(page);
          found.push(...(await seriousViolations(page, where)));
          for (const dialog of route.dialogs?.[role] ?? []) {
            if (dialog.width && dialog.width !== viewport.width) continue;
            await dialog.open(page);
            found.push(...(await seriousViolations(page, `${dialog.name} on ${where}`)));
            await page.keyboard.press('Escape');
          }
        });
      }
    }
    expect(found, `axe: serious or critical violations of the ${role}`).toEqual([]);
    await context.close();
  });
}
