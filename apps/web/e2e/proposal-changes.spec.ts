import { caseCode } from '@l4l/shared/constants/cases';
import { es } from '@l4l/shared/texts/es';
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { adminToken, myId, registerClient, shootBothWidths, signedInPage } from './support.ts';

/**
 * docs/domain.md, Proposals: a lawyer replaces a price and the client sees, and pays, only the new one; a
 * client asks for a lower price and the lawyer accepts it in one click; a lawyer withdraws a proposal.
 * Each starts in the chat, where the two meet.
 */

/**
 * A fresh client's general case, published by an administrator, with `lawyerMail`'s proposal on it at
 * `price`: the two signed in, each on their own page.
 */
async function proposedCase(
  browser: Browser,
  request: APIRequestContext,
  lawyerMail: string,
  title: string,
  price: number,
) {
  const client = await registerClient(request);
  const clientPage = await signedInPage(browser, client.mail, client.password);
  const lawyerPage = await signedInPage(browser, lawyerMail);
  const created = await clientPage.request.post('/api/cases/new-case', {
    data: { title, description: 'Me despidieron sin carta ni preaviso después de seis años en la empresa.' },
  });
  expect(created.status()).toBe(200);
  const caseId = (await created.json()).data.id as string;
  const approved = await request.post(`/api/admin/cases/${caseId}/approve`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { category: 'Abogado Laboral' },
  });
  expect(approved.status()).toBe(200);
  const proposed = await lawyerPage.request.post(`/api/proposal/create-proposal-to-case/${caseId}`, {
    data: {
      price,
      message: 'Reclamación por despido improcedente: conciliación y demanda si no hay acuerdo.',
    },
  });
  expect(proposed.status()).toBe(200);
  return {
    caseId,
    clientId: await myId(clientPage),
    lawyerId: await myId(lawyerPage),
    clientPage,
    lawyerPage,
  };
}

/**
 * Both widths of the chat, the page at its top (a toast or the socket may have scrolled it) and, when
 * given, `card` scrolled into the thread's view (the thread keeps its own scroll at the newest message).
 */
async function shoot(page: Page, name: string, card?: Locator) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await card?.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await page.evaluate(() => window.scrollTo(0, 0));
  await shootBothWidths(page, name);
}

const thread = (page: Page) => page.getByRole('log');
const currentCards = (page: Page) => thread(page).getByRole('article', { name: es.chat.proposalTitle });

test('a lawyer replaces a price; the client sees only the new proposal and pays it', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const title = `Despido sin preaviso ${Date.now().toString(36)}`;
  const { caseId, clientId, lawyerId, clientPage, lawyerPage } = await proposedCase(
    browser,
    request,
    'sofia.jimenez@l4l.demo',
    title,
    400,
  );

  // the lawyer's own card: 'Cambiar precio'
  await lawyerPage.goto(`/dashboard/chat?with=${clientId}`);
  await expect(currentCards(lawyerPage)).toHaveCount(1);
  await currentCards(lawyerPage).getByRole('button', { name: es.proposals.changePrice }).click();
  const dialog = lawyerPage.getByRole('dialog', { name: es.proposals.replaceTitle });
  await expect(dialog.getByText(es.proposals.replaceDescription('400 €'))).toBeVisible();
  await dialog.getByLabel(es.proposals.newPriceLabel).fill('350');
  await dialog.getByRole('button', { name: es.proposals.replaceSubmit }).click();
  await expect(lawyerPage.getByText(es.proposals.replaced('350 €'))).toBeVisible();
  // the old card shrinks to its struck price; the new one is the only full card
  const superseded = thread(lawyerPage).getByRole('article', { name: es.chat.proposalSupersededTitle });
  await expect(superseded).toBeVisible();
  await expect(superseded.locator('del')).toHaveText('400 €');
  await expect(currentCards(lawyerPage)).toHaveCount(1);
  await expect(currentCards(lawyerPage)).toContainText('350 €');
  await shoot(lawyerPage, 'replace-lawyer-chat', superseded);

  // the client: one proposal to answer, at the new price
  await clientPage.goto(`/dashboard/chat?with=${lawyerId}`);
  await expect(
    thread(clientPage).getByText(es.caseMessages.proposalReplaced('Sofía Jiménez Cano', '400 €', '350 €')),
  ).toBeVisible();
  await expect(currentCards(clientPage)).toHaveCount(1);
  await expect(currentCards(clientPage)).toContainText('350 €');
  await expect(thread(clientPage).getByRole('button', { name: es.buttons.accept })).toHaveCount(1);
  await expect(
    thread(clientPage).getByRole('article', { name: es.chat.proposalSupersededTitle }).locator('del'),
  ).toHaveText('400 €');
  await shoot(
    clientPage,
    'replace-client-chat',
    thread(clientPage).getByRole('article', { name: es.chat.proposalSupersededTitle }),
  );

  // and pays it: the checkout asks the new price
  const [checkout] = await Promise.all([
    clientPage.context().waitForEvent('page'),
    currentCards(clientPage).getByRole('button', { name: es.buttons.accept }).click(),
  ]);
  await checkout.waitForLoadState();
  await expect(checkout.getByText('350 €')).toBeVisible();
  await checkout.getByRole('button', { name: es.payment.sandboxPay }).click();
  await expect(checkout).toHaveURL(/\/payment-success$/);
  await expect(thread(clientPage).getByText(es.caseMessages.paid(caseCode(caseId), '350 €'))).toBeVisible();
  const detail = await clientPage.request.get(`/api/cases/user/case/${caseId}`);
  expect((await detail.json()).data).toMatchObject({ status: 'ACTIVO', casePrice: 350, lawyerId });
  await shoot(clientPage, 'replace-client-paid');
  await clientPage.context().close();
  await lawyerPage.context().close();
});

test('a client asks for a lower price; the lawyer accepts it in one click, and may withdraw it', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const title = `Horas extra sin pagar ${Date.now().toString(36)}`;
  const { clientId, lawyerId, clientPage, lawyerPage } = await proposedCase(
    browser,
    request,
    'rocio.dominguez@l4l.demo',
    title,
    500,
  );

  // the client's card: 'Pedir otro precio'
  await clientPage.goto(`/dashboard/chat?with=${lawyerId}`);
  await currentCards(clientPage).getByRole('button', { name: es.proposals.counter }).click();
  const dialog = clientPage.getByRole('dialog', { name: es.proposals.counterTitle });
  await dialog.getByLabel(es.proposals.counterPriceLabel).fill('420');
  await dialog
    .getByLabel(es.proposals.counterNoteLabel)
    .fill('¿Podrías dejarlo en 420 €? Es lo que puedo pagar.');
  await dialog.getByRole('button', { name: es.proposals.counterSubmit }).click();
  await expect(clientPage.getByText(es.proposals.counterSent)).toBeVisible();
  const asked = thread(clientPage).getByRole('article', { name: es.chat.counterOfferOwnTitle });
  await expect(asked).toContainText('420 €');
  await expect(asked).toContainText(es.chat.counterOfferWaiting);
  // asked once: the card no longer offers it
  await expect(currentCards(clientPage).getByRole('button', { name: es.proposals.counter })).toHaveCount(0);
  await shoot(clientPage, 'counter-client-asked', asked);

  // the lawyer reads it with what they would receive, and accepts it in one click
  await lawyerPage.goto(`/dashboard/chat?with=${clientId}`);
  const counter = thread(lawyerPage).getByRole('article', { name: es.chat.counterOfferTitle });
  await expect(counter).toContainText('¿Podrías dejarlo en 420 €?');
  await expect(counter).toContainText(es.chat.lawyerReceives);
  await shoot(lawyerPage, 'counter-lawyer-card', counter);
  await counter.getByRole('button', { name: es.proposals.acceptCounter('420 €') }).click();
  await expect(lawyerPage.getByText(es.proposals.replaced('420 €'))).toBeVisible();
  await expect(counter).toContainText(es.chat.counterOfferAnswered);
  await expect(currentCards(lawyerPage)).toHaveCount(1);
  await expect(currentCards(lawyerPage)).toContainText('420 €');
  await shoot(lawyerPage, 'counter-lawyer-answered', counter);

  // the client's chat follows without a reload: the new price to accept, the old one superseded
  await expect(currentCards(clientPage)).toContainText('420 €');
  await expect(asked).toContainText(es.chat.counterOfferAnswered);
  await expect(thread(clientPage).getByRole('button', { name: es.buttons.accept })).toHaveCount(1);
  await shoot(clientPage, 'counter-client-new-price', asked);

  // the lawyer withdraws it after all: asked first, then the client's card says so, with nothing to answer
  await currentCards(lawyerPage).getByRole('button', { name: es.proposals.withdraw }).click();
  const confirm = lawyerPage.getByRole('dialog', { name: es.proposals.withdrawTitle });
  await confirm.getByRole('button', { name: es.proposals.withdrawConfirm }).click();
  await expect(lawyerPage.getByText(es.proposals.withdrawn)).toBeVisible();
  const withdrawn = thread(clientPage).getByRole('article', { name: es.chat.proposalWithdrawnTitle });
  await expect(withdrawn.locator('del')).toHaveText('420 €');
  await expect(currentCards(clientPage)).toHaveCount(0);
  await expect(thread(clientPage).getByRole('button', { name: es.buttons.accept })).toHaveCount(0);
  await shoot(clientPage, 'withdrawn-client-chat', withdrawn);
  await clientPage.context().close();
  await lawyerPage.context().close();
});
