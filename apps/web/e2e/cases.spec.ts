import { CASE_STEPS } from '@l4l/shared/constants/cases';
import { es } from '@l4l/shared/texts/es';
import { expect, type Page, test } from '@playwright/test';
import { adminToken, registerClient, signedInPage } from './support.ts';

const LAWYER_MAIL = 'lucia.garcia@l4l.demo';

/** The value beside a label of the case detail's left panel. */
const field = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test('a case from start to finish: created, approved, proposed, paid, tracked, closed and rated', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const client = await registerClient(request);
  const clientPage = await signedInPage(browser, client.mail, client.password);
  const lawyerPage = await signedInPage(browser, LAWYER_MAIL);
  const lawyer = (await (await lawyerPage.request.get('/api/auth/me')).json()).data as {
    id: string;
    name: string;
    surname: string;
  };
  const token = Date.now().toString(36);
  const title = `Fianza del piso ${token}`;

  // the client tells the case: from the home, 'Iniciar un caso' → Mis casos
  await clientPage.goto('/dashboard/inicio');
  await clientPage.getByRole('link', { name: es.nav.startCase }).first().click();
  await expect(clientPage.getByText(es.cases.approvalNotice)).toBeVisible();
  await clientPage.getByLabel(es.cases.titleLabel).fill(title);
  await clientPage
    .getByLabel(es.cases.descriptionLabel)
    .fill('Dejé el piso en perfecto estado y el casero no me devuelve los 900 euros de fianza.');
  await clientPage.getByRole('button', { name: es.cases.submit }).click();
  await expect(clientPage.getByText(es.cases.created)).toBeVisible();
  await expect(clientPage).toHaveURL(/\/dashboard\/casos$/);
  const card = clientPage.getByRole('article', { name: title });
  await expect(card.getByText('PENDIENTE DE VALIDACIÓN')).toBeVisible();
  const caseId =
    ((await card.getByRole('link', { name: title }).getAttribute('href')) ?? '').split('/').at(-1) ?? '';
  expect(caseId).toMatch(/^[0-9a-f-]{36}$/);

  // the platform approves it (the admin console's call)
  const approved = await request.post(`/api/admin/cases/${caseId}/approve`, {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
    data: { category: 'Abogado Civil' },
  });
  expect(approved.status()).toBe(200);

  // the lawyer finds it on the board and sends a proposal
  await lawyerPage.goto('/dashboard/inicio');
  await expect(lawyerPage.getByRole('heading', { name: es.dashboard.lawyerHomeTitle })).toBeVisible();
  await lawyerPage.getByLabel(es.dashboard.searchCases).fill(`fianza ${token}`);
  await expect(lawyerPage).toHaveURL(new RegExp(`search=fianza\\+${token}`));
  await expect(lawyerPage.getByRole('article')).toHaveCount(1);
  const boardCard = lawyerPage.getByRole('article', { name: title });
  await expect(boardCard.getByText('Civil')).toBeVisible();
  await boardCard.getByRole('button', { name: es.buttons.sendProposal }).click();
  const proposal = lawyerPage.getByRole('dialog', { name: es.buttons.sendProposal });
  await proposal.getByLabel(es.proposals.priceLabel).fill('350,50');
  await proposal
    .getByLabel(es.proposals.messageLabel)
    .fill('Te ayudo a reclamarla: burofax y, si hace falta, demanda.');
  await proposal.getByRole('button', { name: es.proposals.submit }).click();
  await expect(lawyerPage.getByText(es.proposals.sentToast)).toBeVisible();
  await expect(boardCard.getByText(es.proposals.sent)).toBeVisible();

  // the client accepts it in the chat and pays in the sandbox checkout (a new window)
  await clientPage.goto(`/dashboard/chat?with=${lawyer.id}`);
  const popup = clientPage.waitForEvent('popup');
  await clientPage.getByRole('button', { name: es.buttons.accept }).last().click();
  const checkout = await popup;
  await expect(checkout).toHaveURL(/\/payment\/sandbox\//);
  await checkout.getByRole('button', { name: es.payment.sandboxPay }).click();
  await expect(checkout).toHaveURL(/\/payment-success/);

  // the case is ACTIVO with the lawyer and the price
  await clientPage.goto(`/dashboard/casos/${caseId}`);
  await expect(field(clientPage, es.caseDetail.status)).toHaveText('ACTIVO');
  await expect(field(clientPage, es.caseDetail.lawyer)).toHaveText(`${lawyer.name} ${lawyer.surname}`);
  await expect(field(clientPage, es.caseDetail.price)).toHaveText('350,50 €');
  // the category without the title's prefix (docs/domain.md, Professional title)
  await expect(field(clientPage, es.caseDetail.category)).toHaveText('Civil');

  // the lawyer moves the timeline forward and asks to close the case
  await lawyerPage.goto(`/dashboard/casos/${caseId}`);
  await expect(lawyerPage.getByRole('heading', { level: 1 })).toHaveText(/\/ Caso #[0-9A-F]{8}/);
  await lawyerPage.getByLabel(es.caseDetail.nextStep).selectOption({ label: CASE_STEPS[3] });
  await lawyerPage.getByRole('button', { name: es.caseDetail.advance }).click();
  await expect(lawyerPage.getByText(es.cases.progressSaved)).toBeVisible();
  await lawyerPage.getByLabel(es.caseDetail.nextStep).selectOption({ label: CASE_STEPS[5] });
  await lawyerPage.getByRole('button', { name: es.caseDetail.advance }).click();
  const timeline = lawyerPage.getByRole('list', { name: es.caseDetail.timelineTitle });
  await expect(timeline.locator('li[aria-current="step"]')).toContainText(CASE_STEPS[5]);
  await lawyerPage.getByRole('button', { name: es.buttons.requestClosure }).click();
  await expect(lawyerPage.getByText(es.caseDetail.closureWaiting)).toBeVisible();

  // the client sees the progress, confirms the closure and rates the lawyer
  await clientPage.reload();
  await expect(
    clientPage.getByRole('list', { name: es.caseDetail.timelineTitle }).locator('li[aria-current="step"]'),
  ).toContainText(CASE_STEPS[5]);
  await expect(clientPage.getByText(es.caseDetail.closureQuestion)).toBeVisible();
  await clientPage.getByRole('button', { name: es.caseDetail.confirmClosure }).click();
  // asked first: the lawyer will be paid
  await clientPage
    .getByRole('dialog', { name: es.caseDetail.confirmClosureTitle })
    .getByRole('button', { name: es.caseDetail.confirmClosureYes })
    .click();
  await expect(clientPage.getByText(es.cases.closed)).toBeVisible();
  await expect(field(clientPage, es.caseDetail.status)).toHaveText('FINALIZADO');
  await expect(
    clientPage.getByRole('list', { name: es.caseDetail.timelineTitle }).locator('li[aria-current="step"]'),
  ).toContainText(CASE_STEPS[7]);

  const stars = clientPage.getByRole('group', { name: es.ratings.starsLabel });
  await stars.getByText(es.ratings.starLabel(5)).click({ force: true });
  await expect(stars.getByRole('radio', { name: es.ratings.starLabel(5) })).toBeChecked();
  await clientPage.getByLabel(es.ratings.titleLabel).fill('Recuperé mi fianza');
  await clientPage.getByLabel(es.ratings.commentLabel).fill('Rápida y clara en todo momento.');
  await clientPage.getByRole('button', { name: es.ratings.send }).click();
  await expect(clientPage.getByText(es.ratings.thanks)).toBeVisible();
  await expect(clientPage.getByText(es.ratings.alreadyRated)).toBeVisible();
  // the server remembers it: after a reload the prompt still says so
  await clientPage.reload();
  await expect(clientPage.getByText(es.ratings.alreadyRated)).toBeVisible();

  // the rating shows on the lawyer's public profile
  await clientPage.goto(`/dashboard/abogados/${lawyer.id}`);
  await expect(clientPage.getByText('Recuperé mi fianza')).toBeVisible();
  await expect(clientPage.getByText('Rápida y clara en todo momento.')).toBeVisible();
});
