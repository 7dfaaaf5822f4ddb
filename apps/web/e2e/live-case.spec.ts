import { CASE_STEPS } from '@l4l/shared/constants/cases';
import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import {
  clientWithProposal,
  okData,
  presetConsent,
  shootBothWidths,
  signedInPage,
  watchStomp,
} from './support.ts';

/**
 * docs/alerts.md, Live screens: the client's case page follows the case while the lawyer moves it, in
 * another browser: the timeline's step and then the closure request show without a reload.
 */
const LAWYER_MAIL = 'david.romero@l4l.demo';

test('the client’s open case page shows the lawyer’s step and closure request without a reload', async ({
  browser,
}) => {
  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  const { context, client, caseId, proposalId } = await clientWithProposal(browser, lawyer, {
    title: `Obras sin licencia del vecino (${Date.now()})`,
    description: 'Ha cerrado la terraza.',
    price: 300,
  });
  const accepted = await client.post(`/api/proposal/accept-proposal/${proposalId}`);
  expect(accepted.status()).toBe(200);
  const session = new URL(((await accepted.json()) as { data: string }).data).pathname.split('/').pop();
  expect((await client.post(`/payment/sandbox/${session}/pay`, { maxRedirects: 0 })).status()).toBe(303);

  // the client's case page is open and subscribed
  const page = await context.newPage();
  await presetConsent(page, 'true');
  const { subscriptions } = watchStomp(page);
  await page.goto(`/dashboard/casos/${caseId}`);
  const timeline = page.getByRole('list', { name: es.caseDetail.timelineTitle });
  await expect(timeline).toBeVisible();
  await expect.poll(() => subscriptions()).toContain('/topic/messages');
  let reloaded = false;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloaded = true;
  });

  // the lawyer moves the case to step 4 in their own browser
  await okData(await lawyer.request.put(`/api/cases/${caseId}/progress`, { data: { progressStep: 4 } }));
  await expect(timeline.locator('li[aria-current="step"]')).toContainText(CASE_STEPS[4] ?? '', {
    timeout: 5_000,
  });
  await shootBothWidths(page, 'live-case-step');

  // and asks to close it: the client's page offers the answer, still without a reload
  await okData(await lawyer.request.post(`/api/cases/close-case/${caseId}`));
  await expect(page.getByRole('button', { name: es.caseDetail.confirmClosure })).toBeVisible({
    timeout: 5_000,
  });
  expect(reloaded).toBe(false);

  await context.close();
  await lawyer.context().close();
});
