import { type Browser, type BrowserContext, expect, test } from '@playwright/test';
import {
  APP_ROUTES,
  type AppRoute,
  addressOf,
  type DemoIds,
  defaultReady,
  demoIds,
  ROLE_MAIL,
  type Role,
} from './routes.ts';
import { seriousViolations, signedInState } from './support.ts';

/**
 * axe-core (WCAG 2.0–2.2 A and AA, best practices, label in name) on every route of every role (the
 * table in routes.ts) at 1280 and 375 px, with each route's main dialogs opened: no serious or critical
 * violation. One sign-in per role (its session reused); one test per role and width, which collects
 * every violation before it fails, so one run names them all.
 */
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];

async function contextOf(browser: Browser, role: Role): Promise<BrowserContext> {
  if (role === 'visitor') return browser.newContext();
  return browser.newContext({ storageState: await signedInState(browser, ROLE_MAIL[role]) });
}

/** the demo ids of each role, read once (each role's sign-in is made once too: signedInState keeps it) */
const idsOf = new Map<Role, DemoIds>();

/**
 * The tests of `roles`: the journey groups run in parallel, so the roles are split over two spec files
 * (axe-routes-public.spec.ts and axe-routes-signed.spec.ts) that can sit in different groups.
 */
export function axeEveryRouteOf(roles: Role[]) {
  for (const role of roles) {
    axeRoutesOf(role);
  }
}

function axeRoutesOf(role: Role) {
  for (const viewport of WIDTHS) {
    test(`every route of the ${role} at ${viewport.width} px, dialogs opened`, async ({ browser }) => {
      test.slow();
      const context = await contextOf(browser, role);
      const page = await context.newPage();
      const ids = idsOf.get(role) ?? (await demoIds(page, role));
      idsOf.set(role, ids);
      await page.setViewportSize(viewport);
      // a visitor comes without a cookie choice: the landing shows the banner
      if (role === 'visitor') await page.goto('/politica-de-cookies');
      if (role === 'visitor') await page.evaluate(() => localStorage.clear());
      const found: string[] = [];
      for (const route of APP_ROUTES.filter((r: AppRoute) => r.roles.includes(role))) {
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
      expect(found, `axe: serious or critical violations of the ${role} at ${viewport.width} px`).toEqual([]);
      await context.close();
    });
  }
}
