import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import { clientWithProposal, okData, presetConsent, shootBothWidths, signedInPage } from './support.ts';

/**
 * docs/alerts.md, Live screens: the lawyer declines a client's counter-offer in the chat with a note; the
 * client's card stops waiting and the chat tells them the lawyer keeps the price, and they may ask again.
 */
const LAWYER_MAIL = 'laura.martin@l4l.demo';

test('the lawyer declines a counter-offer with a note; the client’s card no longer waits', async ({
  browser,
}) => {
  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  const lawyerId = (await okData(await lawyer.request.get('/api/auth/me'))).id;
  const { context, client, proposalId } = await clientWithProposal(browser, lawyer, {
    title: `Reclamación de una garantía (${Date.now()})`,
    description: 'El portátil falla.',
    price: 400,
  });
  await okData(await client.post(`/api/proposal/${proposalId}/counter-offer`, { data: { price: 250 } }));

  // the lawyer declines it in the chat, with a note
  await lawyer.goto(`/dashboard/chat?with=${(await okData(await client.get('/api/auth/me'))).id}`);
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
  await okData(await client.post(`/api/proposal/${proposalId}/counter-offer`, { data: { price: 350 } }));
  await context.close();
  await lawyer.context().close();
});
