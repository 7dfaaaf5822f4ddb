import AxeBuilder from '@axe-core/playwright';
import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import { myId, png, signedInPage } from './support.ts';

/**
 * The chat journey: a demo client and a demo lawyer who already share a chat talk live in two browsers,
 * the client attaches a picture, and a proposal the lawyer sends shows 'Aceptar'/'Rechazar' to the client
 * only. cliente2 (Pablo) and alejandro.suarez share the chat of a finished case; Pablo's insurance claim
 * is on the lawyers' board, where Alejandro has no proposal yet.
 */
const CLIENT_MAIL = 'cliente2@l4l.demo';
const CLIENT_NAME = 'Pablo Herrera Sanz';
const LAWYER_MAIL = 'alejandro.suarez@l4l.demo';
const LAWYER_NAME = 'Alejandro Suárez Prieto';
const BOARD_CASE_TITLE = 'La aseguradora no me paga las lesiones de un accidente';

test('a client and a lawyer chat live, attach a picture, and a new proposal reaches only the client', async ({
  browser,
}) => {
  // two browsers, an accessibility audit of a full conversation, a picture and a proposal: a long journey
  test.slow();
  const client = await signedInPage(browser, CLIENT_MAIL);
  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  const clientId = await myId(client);

  // the lawyer follows a deep link through the '/chat' alias (a lawyer opens it by the client's id)
  await lawyer.goto(`/chat?with=${clientId}`);
  await expect(lawyer).toHaveURL(new RegExp(`/dashboard/chat\\?with=${clientId}`));
  await expect(lawyer.getByRole('heading', { name: CLIENT_NAME })).toBeVisible();
  await expect(lawyer.getByText(es.chat.heading)).toBeVisible();

  // the client opens the conversation from the list, starting at the home
  await client.goto('/dashboard/inicio');
  await client.getByRole('link', { name: es.nav.privateChat }).click();
  await client
    .getByRole('navigation', { name: es.chat.listLabel })
    .getByRole('link', { name: new RegExp(LAWYER_NAME) })
    .click();
  await expect(client.getByRole('heading', { name: LAWYER_NAME })).toBeVisible();
  const clientLog = client.getByRole('log');
  const lawyerLog = lawyer.getByRole('log');

  // no serious accessibility fault on a full conversation (every kind of the demo chat is on screen)
  await expect(clientLog.getByRole('article').first()).toBeVisible();
  const audit = await new AxeBuilder({ page: client }).analyze();
  const serious = audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // typed by one, seen by the other without a reload
  const question = `Hola, Alejandro. ¿Podrías mirar también lo del seguro? (${Date.now()})`;
  const box = client.getByLabel(es.chat.messageLabel);
  await box.fill(question);
  await box.press('Enter');
  await expect(box).toHaveValue('');
  await expect(lawyerLog.getByText(question)).toBeVisible();
  await expect(clientLog.getByText(question)).toBeVisible();

  // Shift+Enter breaks the line; Enter sends both lines as one message
  const reply = lawyer.getByLabel(es.chat.messageLabel);
  await reply.fill('Claro, Pablo.');
  await reply.press('Shift+Enter');
  await reply.pressSequentially('Te envío una propuesta ahora.');
  await reply.press('Enter');
  await expect(clientLog.getByText('Claro, Pablo.\nTe envío una propuesta ahora.')).toBeVisible();

  // a picture: uploaded, then delivered to both as an image message that really loads
  await client
    .getByTestId('chat-image-input')
    .setInputFiles({ name: 'parte.png', mimeType: 'image/png', buffer: png() });
  const received = lawyerLog.getByRole('img', { name: es.chat.imageLabel }).last();
  await expect(received).toHaveAttribute('src', /^\/uploads\//);
  await expect.poll(() => received.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
  await expect(clientLog.getByRole('img', { name: es.chat.imageLabel }).last()).toHaveAttribute(
    'src',
    (await received.getAttribute('src')) ?? '',
  );

  // the lawyer proposes on the client's case on the board: the card appears live on both sides
  const board = await lawyer.request.get('/api/cases/pending-cases', { params: { pageSize: 100 } });
  expect(board.status()).toBe(200);
  const boardCase = ((await board.json()).data as { id: string; title: string }[]).find(
    (item) => item.title === BOARD_CASE_TITLE,
  );
  expect(boardCase).toBeDefined();
  const offer = `Reclamación a la aseguradora con el baremo de tráfico (${Date.now()})`;
  const proposed = await lawyer.request.post(`/api/proposal/create-proposal-to-case/${boardCase?.id}`, {
    data: { price: 450.5, message: offer },
  });
  expect(proposed.status()).toBe(200);

  const clientCard = clientLog
    .getByRole('article', { name: es.chat.proposalTitle })
    .filter({ hasText: offer });
  await expect(clientCard).toBeVisible();
  await expect(clientCard.getByText('450,50 €')).toBeVisible();
  await expect(clientCard.getByRole('button', { name: es.buttons.accept })).toBeVisible();
  await expect(clientCard.getByRole('button', { name: es.buttons.reject })).toBeVisible();
  const lawyerCard = lawyerLog
    .getByRole('article', { name: es.chat.proposalTitle })
    .filter({ hasText: offer });
  await expect(lawyerCard).toBeVisible();
  // the lawyer's own open proposal: change its price or withdraw it, never the client's answers
  await expect(lawyerCard.getByRole('button', { name: es.proposals.changePrice })).toBeVisible();
  await expect(lawyerCard.getByRole('button', { name: es.buttons.accept })).toHaveCount(0);
  await expect(lawyerCard.getByRole('button', { name: es.buttons.reject })).toHaveCount(0);

  // the client rejects it: the buttons go and the server's notice reaches the lawyer
  await clientCard.getByRole('button', { name: es.buttons.reject }).click();
  // 'Rechazar' asks first; the reason is optional
  await client.getByRole('dialog').getByRole('button', { name: es.proposals.rejectConfirm }).click();
  await expect(client.getByText(es.proposals.rejected)).toBeVisible();
  await expect(clientCard.getByRole('button')).toHaveCount(0);

  // away from the chat, the lawyer's nav counts what arrives
  await lawyer.getByRole('link', { name: es.nav.home }).first().click();
  await expect(lawyer).toHaveURL(/\/dashboard\/inicio/);
  const badge = lawyer.getByTestId('chat-unread-badge');
  // other clients' chats may hold unread messages already: count from there
  await lawyer.waitForLoadState('networkidle');
  const before = (await badge.count()) > 0 ? Number.parseInt((await badge.textContent()) || '0', 10) : 0;
  await box.fill('¿Lo has recibido?');
  await box.press('Enter');
  await expect(badge).toContainText(String(before + 1));
  await expect(badge.getByText(es.chat.unreadCount(before + 1))).toBeAttached();

  await client.context().close();
  await lawyer.context().close();
});

test('the client confirms a closure the lawyer asks for, then rates the case from the chat', async ({
  browser,
}) => {
  // cliente3 (María José) and javier.lopez: an ACTIVO case whose first closure request she withdrew
  const client = await signedInPage(browser, 'cliente3@l4l.demo');
  const lawyer = await signedInPage(browser, 'javier.lopez@l4l.demo');
  const clientId = await myId(client);
  const lawyerId = await myId(lawyer);

  const cases = await client.request.get(`/api/cases/user/${clientId}`, { params: { pageSize: 100 } });
  expect(cases.status()).toBe(200);
  const active = (
    (await cases.json()).data as { id: string; status: string; lawyerId: string | null }[]
  ).find((item) => item.status === 'ACTIVO' && item.lawyerId === lawyerId);
  expect(active).toBeDefined();

  await client.goto(`/dashboard/chat?with=${lawyerId}`);
  await expect(client.getByRole('heading', { name: 'Javier López Ortega' })).toBeVisible();
  const log = client.getByRole('log');
  // the withdrawn request shows no buttons
  await expect(log.getByRole('button', { name: es.chat.confirmClosure })).toHaveCount(0);

  // the lawyer asks to close: the request arrives live with the client's two buttons
  const asked = await lawyer.request.post(`/api/cases/close-case/${active?.id}`);
  expect(asked.status()).toBe(200);
  const request = log.getByRole('article', { name: es.chat.closureTitle }).last();
  await expect(request.getByRole('button', { name: es.buttons.cancel })).toBeVisible();
  await request.getByRole('button', { name: es.chat.confirmClosure }).click();
  // asked first, saying that the lawyer will be paid
  const asking = client.getByRole('dialog', { name: es.caseDetail.confirmClosureTitle });
  await expect(asking).toContainText(es.caseDetail.confirmClosureText);
  await asking.getByRole('button', { name: es.caseDetail.confirmClosureYes }).click();
  await expect(client.getByText(es.cases.closed)).toBeVisible();
  await expect(request.getByRole('button')).toHaveCount(0);

  // the closure (red banner) and the rating prompt follow from the server: the same prompt as the case's
  const stars = log.getByRole('group', { name: es.ratings.starsLabel });
  await expect(stars).toBeVisible();
  await stars.getByRole('radio', { name: es.ratings.starLabel(4) }).check();
  await log.getByRole('button', { name: es.ratings.send }).click();
  await expect(client.getByText(es.ratings.thanks)).toBeVisible();
  await expect(log.getByText(es.ratings.alreadyRated)).toBeVisible();
  const ratings = await client.request.get(`/api/rating/user-rating/${clientId}`, {
    params: { pageSize: 100 },
  });
  const rated = ((await ratings.json()).data as { caseId: string; stars: number }[]).find(
    (rating) => rating.caseId === active?.id,
  );
  expect(rated?.stars).toBe(4);

  await client.context().close();
  await lawyer.context().close();
});
