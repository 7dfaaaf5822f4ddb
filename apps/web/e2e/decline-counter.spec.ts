import { es } from '@l4l/shared/texts/es';
import { type APIResponse, expect, test } from '@playwright/test';
import { adminToken, presetConsent, registerClient, shootBothWidths, signedInPage } from './support.ts';

/**
 * docs/alerts.md, Live screens: the lawyer declines a client's counter-offer in the chat with a note; the
 * client's card stops waiting and the chat tells them the lawyer keeps the price, and they may ask again.
 */
const LAWYER_MAIL = 'laura.martin@l4l.demo';

async function ok(response: APIResponse) {
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Record<string, string> }).data;
}

test('the lawyer declines a counter-offer with a note; the client’s card no longer waits', async ({
  browser,
}) => {
  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  const lawyerId = (await ok(await lawyer.request.get('/api/auth/me'))).id;
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
      data: { title: `Reclamación de una garantía (${Date.now()})`, description: 'El portátil falla.' },
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
      data: { price: 400, message: 'Reclamo a la tienda y al fabricante.' },
    }),
  );
  await ok(await client.post(`/api/proposal/${proposal.id}/counter-offer`, { data: { price: 250 } }));

  // the lawyer declines it in the chat, with a note
  await lawyer.goto(`/dashboard/chat?with=${(await ok(await client.get('/api/auth/me'))).id}`);
  const card = lawyer.getByRole('article', { name: es.chat.counterOfferTitle }).last();
  await card.getByRole('button', { name: es.proposals.declineCounter }).click();
  await card.getByLabel(es.proposals.declineCounterNote).fill('Por menos no puedo asumir el caso.');
  await card.getByRole('button', { name: es.proposals.declineCounter }).click();
  await expect(lawyer.getByText(es.proposals.counterDeclined)).toBeVisible();

  // the client's chat: the card says so, and the notice carries the note
  const page = await context.newPage();
  await presetConsent(page, 'true');
  await page.goto(`/dashboard/chat?with=${lawyerId}`);
  const own = page.getByRole('article', { name: es.chat.counterOfferOwnTitle }).last();
  await expect(own.getByText(es.chat.counterOfferDeclined)).toBeVisible();
  await expect(own.getByText(es.chat.counterOfferWaiting)).toHaveCount(0);
  await expect(page.getByText(/Por menos no puedo asumir el caso/)).toBeVisible();
  await shootBothWidths(page, 'counter-declined-client');

  // and may ask again
  await ok(await client.post(`/api/proposal/${proposal.id}/counter-offer`, { data: { price: 350 } }));
  await context.close();
  await lawyer.context().close();
});
