import { CASE_STEPS } from '@l4l/shared/constants/cases';
import { es } from '@l4l/shared/texts/es';
import { type APIResponse, expect, test } from '@playwright/test';
import {
  adminToken,
  presetConsent,
  registerClient,
  shootBothWidths,
  signedInPage,
  watchStomp,
} from './support.ts';

/**
 * docs/alerts.md, Live screens: the client's case page follows the case while the lawyer moves it, in
 * another browser: the timeline's step and then the closure request show without a reload.
 */
const LAWYER_MAIL = 'david.romero@l4l.demo';

async function ok(response: APIResponse) {
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Record<string, string> }).data;
}

test('the client’s open case page shows the lawyer’s step and closure request without a reload', async ({
  browser,
}) => {
  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  const context = await browser.newContext();
  const account = await registerClient(context.request);
  await ok(
    await context.request.post('/api/auth/login', {
      data: { email: account.mail, password: account.password },
    }),
  );
  const client = context.request;
  const created = await ok(
    await client.post('/api/cases/new-case', {
      data: { title: `Obras sin licencia del vecino (${Date.now()})`, description: 'Ha cerrado la terraza.' },
    }),
  );
  await ok(
    await client.post(`/api/admin/cases/${created.id}/approve`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
      data: { category: 'Abogado Civil' },
    }),
  );
  const proposal = await ok(
    await lawyer.request.post(`/api/proposal/create-proposal-to-case/${created.id}`, {
      data: { price: 300, message: 'Requerimiento a la comunidad y, si hace falta, demanda.' },
    }),
  );
  const accepted = await client.post(`/api/proposal/accept-proposal/${proposal.id}`);
  expect(accepted.status()).toBe(200);
  const session = new URL(((await accepted.json()) as { data: string }).data).pathname.split('/').pop();
  expect((await client.post(`/payment/sandbox/${session}/pay`, { maxRedirects: 0 })).status()).toBe(303);

  // the client's case page is open and subscribed
  const page = await context.newPage();
  await presetConsent(page, 'true');
  const { subscriptions } = watchStomp(page);
  await page.goto(`/dashboard/casos/${created.id}`);
  const timeline = page.getByRole('list', { name: es.caseDetail.timelineTitle });
  await expect(timeline).toBeVisible();
  await expect.poll(() => subscriptions()).toContain('/topic/messages');
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  // the lawyer moves the case to step 4 in their own browser
  await ok(await lawyer.request.put(`/api/cases/${created.id}/progress`, { data: { progressStep: 4 } }));
  await expect(timeline.locator('li[aria-current="step"]')).toContainText(CASE_STEPS[4] ?? '', {
    timeout: 5_000,
  });
  await shootBothWidths(page, 'live-case-step');

  // and asks to close it: the client's page offers the answer, still without a reload
  await ok(await lawyer.request.post(`/api/cases/close-case/${created.id}`));
  await expect(page.getByRole('button', { name: es.caseDetail.confirmClosure })).toBeVisible({
    timeout: 5_000,
  });
  expect(reloaded).toBe(false);

  await context.close();
  await lawyer.context().close();
});
