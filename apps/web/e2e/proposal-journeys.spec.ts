import { es } from '@l4l/shared/texts/es';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { adminToken, myId, registerClient, shootBothWidths, signedInPage } from './support.ts';

/**
 * Journeys of a case addressed to one lawyer, its proposals and what the screens say about them: each
 * starts where a person starts (Mis casos, the case page, the chat) and checks what the screen says.
 */

/** The value beside a label of the case detail's left panel. */
const field = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

/**
 * A fresh client's case addressed to `lawyerMail` from their profile ('Cuéntame tu caso'), approved by the
 * platform: PENDIENTE DE ASIGNACIÓN in the lawyer's Mis casos, with a chat between the two.
 */
async function addressedCase(
  browser: Browser,
  request: APIRequestContext,
  lawyerMail: string,
  title: string,
) {
  const client = await registerClient(request);
  const clientPage = await signedInPage(browser, client.mail, client.password);
  const lawyerPage = await signedInPage(browser, lawyerMail);
  const lawyerId = await myId(lawyerPage);
  const clientId = await myId(clientPage);
  const created = await clientPage.request.post('/api/cases/create-case-chat', {
    data: {
      title,
      description: 'El casero no me devuelve la fianza de 900 euros aunque dejé el piso en perfecto estado.',
      lawyerId,
    },
  });
  expect(created.status()).toBe(200);
  const caseId = (await created.json()).data.case.id as string;
  const approved = await request.post(`/api/admin/cases/${caseId}/approve`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { category: 'Abogado Civil' },
  });
  expect(approved.status()).toBe(200);
  return { caseId, clientId, lawyerId, clientPage, lawyerPage };
}

async function sendProposal(page: Page, price: string, message: string) {
  const dialog = page.getByRole('dialog', { name: es.buttons.sendProposal });
  await dialog.getByLabel(es.proposals.priceLabel).fill(price);
  await dialog.getByLabel(es.proposals.messageLabel).fill(message);
  await dialog.getByRole('button', { name: es.proposals.submit }).click();
  await expect(page.getByText(es.proposals.sentToast)).toBeVisible();
}

test("a case addressed to one lawyer gets a proposal from the case page, from Mis casos and from the client's chat", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const token = Date.now().toString(36);
  const title = `Fianza del piso ${token}`;
  const { caseId, clientId, lawyerPage } = await addressedCase(
    browser,
    request,
    'carmen.rodriguez@l4l.demo',
    title,
  );

  // the case page: 'Enviar propuesta' beside the case's data
  await lawyerPage.goto(`/dashboard/casos/${caseId}`);
  await expect(lawyerPage.getByText(title, { exact: true })).toBeVisible();
  await shootBothWidths(lawyerPage, 'item1-case-page');
  await expect(lawyerPage.getByRole('button', { name: es.buttons.sendProposal })).toBeVisible();

  // Mis casos: the case's row offers it too
  await lawyerPage.goto('/dashboard/casos');
  const row = lawyerPage.getByRole('article', { name: title });
  await expect(row).toBeVisible();
  await shootBothWidths(lawyerPage, 'item1-my-cases');
  await expect(row.getByRole('button', { name: es.buttons.sendProposal })).toBeVisible();

  // the chat with the client knows their open case with this lawyer, and proposes on it
  await lawyerPage.goto(`/dashboard/chat?with=${clientId}`);
  const cases = lawyerPage.getByRole('region', { name: /Casos abiertos/ });
  await expect(lawyerPage.getByRole('log')).toBeVisible();
  await shootBothWidths(lawyerPage, 'item1-chat');
  await expect(cases).toContainText(title);
  await cases.getByRole('button', { name: es.buttons.sendProposal }).click();
  await sendProposal(lawyerPage, '350,50', 'Te ayudo a reclamarla: burofax y, si hace falta, demanda.');
  // sent: the case now shows the pending proposal, not a second 'Enviar propuesta'
  await expect(cases.getByRole('button', { name: es.buttons.sendProposal })).toHaveCount(0);
  await lawyerPage.goto(`/dashboard/casos/${caseId}`);
  await expect(lawyerPage.getByText(es.cases.myProposal('350,50 €'))).toBeVisible();
  await expect(lawyerPage.getByRole('button', { name: es.buttons.sendProposal })).toHaveCount(0);
  await lawyerPage.context().close();
});

test('a proposal card names its case and shows the amount with IVA, and the lawyer sees the fee and what they receive', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const token = Date.now().toString(36);
  const first = `Fianza del piso ${token}`;
  const { caseId, clientId, lawyerId, clientPage, lawyerPage } = await addressedCase(
    browser,
    request,
    'elena.navarro@l4l.demo',
    first,
  );
  // a second case of the same client with the same lawyer, both proposed on
  const second = `Reclamación a la comunidad ${token}`;
  const created = await clientPage.request.post('/api/cases/create-case-chat', {
    data: {
      title: second,
      description: 'La comunidad no arregla la bajante que inunda mi trastero.',
      lawyerId,
    },
  });
  const secondId = (await created.json()).data.case.id as string;
  expect(
    (
      await request.post(`/api/admin/cases/${secondId}/approve`, {
        headers: { Authorization: `Bearer ${await adminToken(request)}` },
        data: { category: 'Abogado Civil' },
      })
    ).status(),
  ).toBe(200);
  for (const [id, price] of [
    [caseId, 350.5],
    [secondId, 200],
  ] as const) {
    const proposed = await lawyerPage.request.post(`/api/proposal/create-proposal-to-case/${id}`, {
      data: { price, message: 'Me encargo de todo.' },
    });
    expect(proposed.status()).toBe(200);
  }
  const code = (id: string) => id.slice(0, 8).toUpperCase();

  await lawyerPage.goto(`/dashboard/chat?with=${clientId}`);
  const lawyerCards = lawyerPage.getByRole('article', { name: es.chat.proposalTitle });
  await expect(lawyerCards).toHaveCount(2);
  await shootBothWidths(lawyerPage, 'item6-lawyer-chat');
  await expect(lawyerCards.first()).toContainText(first);
  await expect(lawyerCards.first()).toContainText(`#${code(caseId)}`);
  await expect(lawyerCards.last()).toContainText(second);
  await expect(lawyerCards.last()).toContainText(`#${code(secondId)}`);
  await expect(lawyerCards.first()).toContainText('IVA incluido');
  // 10 % of 350,50 € is 35,05 €, and its IVA 7,36 €: the lawyer receives 308,09 € (docs/money.md, The fee
  // and its IVA)
  await expect(lawyerCards.first()).toContainText('35,05 € + 7,36 € IVA = 42,41 €');
  await expect(lawyerCards.first()).toContainText('308,09 €');

  await clientPage.goto(`/dashboard/chat?with=${lawyerId}`);
  const clientCards = clientPage.getByRole('article', { name: es.chat.proposalTitle });
  await expect(clientCards).toHaveCount(2);
  await shootBothWidths(clientPage, 'item6-client-chat');
  await expect(clientCards.first()).toContainText(first);
  await expect(clientCards.first()).toContainText(`#${code(caseId)}`);
  await expect(clientCards.last()).toContainText(second);
  await expect(clientCards.first()).toContainText('IVA incluido');
  // the fee is the lawyer's business, not the client's
  await expect(clientCards.first()).not.toContainText('35,05 €');
  await clientPage.context().close();
  await lawyerPage.context().close();
});

test("after payment the lawyer's case page shows the client, with mail and phone, labelled 'Cliente'", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // the demo's paid case of Javier López with María José Blanco (apps/server/src/db/seed/demo-cases.ts),
  // found through the API with any status: journeys before this one may have given the lawyer newer cases
  // and the chat's journey finishes this one; the assigned lawyer reads the client's contact either way
  const page = await signedInPage(browser, 'javier.lopez@l4l.demo');
  const answer = await page.request.get(`/api/cases/lawyer/${await myId(page)}?pageSize=100`);
  const assigned = (await answer.json()).data as Array<{ id: string; title: string }>;
  const demoCase = assigned.find(
    (c) => c.title === 'Compra de vivienda con una hipoteca antigua sin cancelar',
  );
  expect(demoCase).toBeDefined();
  await page.goto(`/dashboard/casos/${demoCase?.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/\/ Caso #[0-9A-F]{8}/);
  await shootBothWidths(page, 'item7-lawyer-case');
  await expect(field(page, 'Cliente')).toContainText('María José Blanco Rey');
  await expect(field(page, 'Correo electrónico')).toHaveText('cliente3@l4l.demo');
  await expect(field(page, 'Teléfono')).toHaveText(/^6\d{8}$/);
  await expect(page.locator('dt', { hasText: /^Abogado$/ })).toHaveCount(0);
  await page.context().close();
});

test("'Rechazar' asks first, with an optional reason the lawyer reads in the chat", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const token = Date.now().toString(36);
  const { caseId, clientId, lawyerId, clientPage, lawyerPage } = await addressedCase(
    browser,
    request,
    'sergio.gallego@l4l.demo',
    `Fianza del piso ${token}`,
  );
  const proposed = await lawyerPage.request.post(`/api/proposal/create-proposal-to-case/${caseId}`, {
    data: { price: 400, message: 'Me encargo de todo.' },
  });
  expect(proposed.status()).toBe(200);

  await clientPage.goto(`/dashboard/chat?with=${lawyerId}`);
  const card = clientPage.getByRole('article', { name: es.chat.proposalTitle });
  await card.getByRole('button', { name: es.buttons.reject }).click();
  const dialog = clientPage.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await shootBothWidths(clientPage, 'item3-reject-dialog');
  // nothing is rejected until confirmed: cancelling keeps the buttons
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByRole('button', { name: es.buttons.accept })).toBeVisible();

  await card.getByRole('button', { name: es.buttons.reject }).click();
  await clientPage
    .getByRole('dialog')
    .getByLabel(/Motivo/)
    .fill('El precio se sale de mi presupuesto.');
  await clientPage
    .getByRole('dialog')
    .getByRole('button', { name: /Rechazar propuesta/ })
    .click();
  await expect(card.getByRole('button', { name: es.buttons.accept })).toHaveCount(0);

  await lawyerPage.goto(`/dashboard/chat?with=${clientId}`);
  await expect(lawyerPage.getByText('El precio se sale de mi presupuesto.')).toBeVisible();
  await clientPage.context().close();
  await lawyerPage.context().close();
});
