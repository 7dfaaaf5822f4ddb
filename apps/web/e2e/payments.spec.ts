import { readFileSync } from 'node:fs';
import { caseCode } from '@l4l/shared/constants/cases';
import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import { adminToken, myId, presetConsent, registerClient, signedInPage } from './support.ts';

/**
 * The payment journey: a new client accepts a lawyer's proposal in the chat, pays it in the sandbox
 * checkout window, sees the green 'paid' banner and the case ACTIVO, and finds the payment in both
 * billing histories; the receipt downloads as a PDF.
 */
const LAWYER_MAIL = 'lucia.garcia@l4l.demo';

test('a client pays a proposal in the sandbox window; both billing histories show it', async ({
  browser,
  request,
}) => {
  // a client of their own: the demo clients' chats carry what earlier journeys of the run left in them
  const fresh = await registerClient(request);
  const client = await signedInPage(browser, fresh.mail, fresh.password);
  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  const lawyerId = await myId(lawyer);

  // a fresh case of the client's, published by an administrator, and the lawyer's proposal on it
  const title = `Reclamación de la fianza del alquiler (${Date.now()})`;
  const created = await client.request.post('/api/cases/new-case', {
    data: { title, description: 'El casero no me devuelve la fianza de 1.200 euros.' },
  });
  expect(created.status()).toBe(200);
  const caseId = (await created.json()).data.id as string;
  const approved = await client.request.post(`/api/admin/cases/${caseId}/approve`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
    data: { category: 'Abogado Civil' },
  });
  expect(approved.status()).toBe(200);
  const offer = `Reclamo la fianza con burofax y demanda si hace falta (${Date.now()})`;
  const proposed = await lawyer.request.post(`/api/proposal/create-proposal-to-case/${caseId}`, {
    data: { price: 300, message: offer },
  });
  expect(proposed.status()).toBe(200);
  const code = caseCode(caseId);

  // the client accepts it in the chat: the sandbox checkout opens in a new window
  await client.goto(`/dashboard/chat?with=${lawyerId}`);
  const card = client
    .getByRole('log')
    .getByRole('article', { name: es.chat.proposalTitle })
    .filter({ hasText: offer });
  await expect(card).toBeVisible();
  const [checkout] = await Promise.all([
    client.context().waitForEvent('page'),
    card.getByRole('button', { name: es.buttons.accept }).click(),
  ]);
  await checkout.waitForLoadState();
  await expect(checkout.getByRole('heading', { name: es.payment.sandboxTitle })).toBeVisible();
  await expect(checkout.getByText(es.payment.sandboxBadge)).toBeVisible();
  await expect(checkout.getByText('300 €')).toBeVisible();
  await expect(checkout.getByText(`#${code}`, { exact: false })).toBeVisible();
  await checkout.getByRole('button', { name: es.payment.sandboxPay }).click();
  await expect(checkout).toHaveURL(/\/payment-success$/);
  await expect(checkout.getByRole('heading', { name: es.payment.successTitle })).toBeVisible();
  await expect(checkout.getByText(es.payment.successText)).toBeVisible();

  // the chat shows the platform's 'paid' message without a reload
  await expect(client.getByRole('log').getByText(es.caseMessages.paid(code, '300 €'))).toBeVisible();

  // the case is ACTIVO now
  const detail = await client.request.get(`/api/cases/user/case/${caseId}`);
  expect((await detail.json()).data).toMatchObject({ status: 'ACTIVO', progressStep: 2, lawyerId });

  // the client's billing history: what they paid, with the receipt
  await client.goto('/profile');
  await client.getByRole('link', { name: es.buttons.billingHistory }).click();
  await expect(client).toHaveURL(/\/dashboard\/profile\/billing$/);
  await expect(client.getByRole('heading', { name: es.billing.subtitle })).toBeVisible();
  const clientRow = client.getByRole('row').filter({ hasText: `#${code}` });
  await expect(clientRow).toContainText('300 €');
  await expect(clientRow).toContainText('EUR');
  const [download] = await Promise.all([
    client.waitForEvent('download'),
    clientRow.getByRole('link', { name: es.billing.downloadReceipt(code) }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^justificante-${code}-[0-9a-f]{8}\\.pdf$`));
  const saved = await download.path();
  expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // the lawyer's: what they earn, 300 € less the 10 % fee and its IVA (30 € + 6,30 €; docs/money.md, The fee
  // and its IVA)
  await lawyer.goto('/dashboard/profile/billing');
  const lawyerRow = lawyer.getByRole('row').filter({ hasText: `#${code}` });
  await expect(lawyerRow).toContainText('263,70 €');

  await client.context().close();
  await lawyer.context().close();
});

test('the payment result pages work without signing in', async ({ page }) => {
  await presetConsent(page, 'false');
  await page.goto('/payment-error');
  await expect(page.getByRole('heading', { name: es.payment.failureTitle })).toBeVisible();
  await expect(page.getByText(es.payment.failureText)).toBeVisible();
  await expect(page.getByRole('link', { name: es.payment.backHome })).toHaveAttribute('href', '/dashboard');

  await page.goto('/payment/completion?payment_intent=pi_test_123&redirect_status=succeeded');
  await expect(page.getByRole('heading', { name: es.payment.completedTitle })).toBeVisible();
  await expect(page.getByText('pi_test_123')).toBeVisible();
  // the demo runs the sandbox provider: the server cannot ask Stripe, so the page says so
  await expect(page.getByText(es.payment.unverified)).toBeVisible();
});
