import { es } from '@l4l/shared/texts/es';
import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  expect,
  type Page,
  test,
} from '@playwright/test';
import {
  adminToken,
  E2E_ADMIN,
  presetConsent,
  registerClient,
  shootBothWidths as shoot,
  signedInPage,
} from './support.ts';

/**
 * Ratings answered and moderated (docs/domain.md, Ratings): a fresh client rates a demo lawyer after a
 * paid, finished case; the lawyer answers from their sheet and the client sees the answer; the lawyer
 * reports the rating, an administrator hides it in 'Valoraciones' and it leaves the public list, while
 * its author still sees it, marked hidden.
 */
// a demo lawyer no other journey signs in as; only the fresh rating is answered, reported and hidden
const LAWYER_MAIL = 'beatriz.molina@l4l.demo';
const expectSoon = expect.configure({ timeout: 30_000 });

test.beforeEach(() => test.slow());

/** The `data` of a 200 answer (the steps before the screens under test go through the API). */
async function ok(answer: APIResponse): Promise<Record<string, string>> {
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: Record<string, string> }).data;
}

/** A fresh client with a paid, finished case of the lawyer's, rated with `title`: the client's page. */
async function ratedCase(browser: Browser, lawyer: APIRequestContext, title: string) {
  const context = await browser.newContext();
  const account = await registerClient(context.request);
  await context.request.post('/api/auth/login', {
    data: { email: account.mail, password: account.password },
  });
  const client = context.request;
  const created = await ok(
    await client.post('/api/cases/new-case', {
      data: { title: `Reclamación a mi casero (${Date.now()})`, description: 'No me devuelve la fianza.' },
    }),
  );
  await ok(
    await client.post(`/api/admin/cases/${created.id}/approve`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
      data: { category: 'Abogado Civil' },
    }),
  );
  const proposal = await ok(
    await lawyer.post(`/api/proposal/create-proposal-to-case/${created.id}`, {
      data: { price: 150, message: 'Reclamo la fianza por burofax y, si no paga, en el juzgado.' },
    }),
  );
  const accepted = await client.post(`/api/proposal/accept-proposal/${proposal.id}`);
  expect(accepted.status()).toBe(200);
  const checkout = ((await accepted.json()) as { data: string }).data;
  const session = new URL(checkout).pathname.split('/').pop();
  const paid = await client.post(`/payment/sandbox/${session}/pay`, { maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await ok(await lawyer.post(`/api/cases/close-case/${created.id}`));
  await ok(await client.post(`/api/cases/confirm-close-case/${created.id}/${proposal.chatId}`));
  const rating = await ok(
    await client.post('/api/rating/new-rating', {
      data: { caseId: created.id, stars: 1, title, description: 'No me devolvió las llamadas; un desastre.' },
    }),
  );
  const page = await context.newPage();
  await presetConsent(page, 'true');
  return { page, ratingId: rating.id ?? '', lawyerId: rating.lawyerId ?? '' };
}

/** The ratings list item whose title is `title`. */
const ratingItem = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });

test('a lawyer answers a rating and the client reads it; reported, an administrator hides it from the public list', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Valoración de prueba ${Date.now().toString(36)}`;
  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  const { page: client, ratingId, lawyerId } = await ratedCase(browser, lawyer.request, title);

  // the lawyer's sheet: 'Responder' opens the counted form; an empty answer is refused before sending
  await lawyer.goto('/profile');
  const rated = ratingItem(lawyer, title);
  await expectSoon(rated).toBeVisible();
  await rated.getByRole('button', { name: es.ratings.reply }).click();
  await rated.getByRole('button', { name: es.ratings.replySend }).click();
  await expectSoon(rated.getByRole('alert')).toHaveText(es.ratings.replyRequired);
  const answer = 'Siento que no quedara satisfecho; le llamé tres veces y le escribí por el chat.';
  await rated.getByLabel(es.ratings.replyLabel).fill(answer);
  await expect(rated.getByText(es.ratings.replyCount(answer.length, 1000))).toBeVisible();
  await rated.scrollIntoViewIfNeeded();
  await shoot(lawyer, 'rating-reply-form');
  await rated.getByRole('button', { name: es.ratings.replySend }).click();
  await expectSoon(rated.getByText(/^Respuesta de Beatriz/)).toBeVisible();
  await expect(rated.getByText(answer)).toBeVisible();
  await expect(rated.getByRole('button', { name: es.ratings.reply })).toHaveCount(0);
  await shoot(lawyer, 'rating-replied');

  // the client reads the answer under their rating in 'Mis Valoraciones'
  await client.goto('/profile');
  const mine = ratingItem(client, title);
  await expectSoon(mine.getByText(answer)).toBeVisible();
  await expect(mine.getByText(/^Respuesta de Beatriz/)).toBeVisible();

  // the lawyer reports it: the dialog asks for a reason
  await rated.getByRole('button', { name: es.ratings.report }).click();
  const dialog = lawyer.getByRole('dialog', { name: es.ratings.reportTitle });
  await dialog
    .getByLabel(es.ratings.reportLabel)
    .fill('Es falso: hay constancia de mis llamadas en el chat.');
  await shoot(lawyer, 'rating-report-dialog');
  await dialog.getByRole('button', { name: es.ratings.reportSend }).click();
  await expectSoon(lawyer.getByText(es.ratings.reported)).toBeVisible();
  await expect(dialog).toBeHidden();

  // an administrator hides it from 'Valoraciones', with a note
  const admin = await signedInPage(browser, E2E_ADMIN.email);
  await admin.goto('/admin');
  await admin
    .getByRole('navigation', { name: es.admin.consoleNav })
    .getByRole('link', { name: es.admin.sections.ratings })
    .click();
  await expectSoon(admin).toHaveURL(/\/admin\/valoraciones$/);
  await expectSoon(admin.getByText('Es falso: hay constancia de mis llamadas en el chat.')).toBeVisible();
  await shoot(admin, 'admin-ratings');
  await admin.getByRole('button', { name: `${es.admin.ratings.hide}: ${title}` }).click();
  const decision = admin.getByRole('dialog', { name: es.admin.ratings.hideTitle });
  await decision.getByLabel(es.admin.ratings.note).fill('Acusaciones sin fundamento.');
  await shoot(admin, 'admin-ratings-hide');
  await decision.getByRole('button', { name: es.admin.ratings.hide }).click();
  await expectSoon(admin.getByText(es.admin.ratings.hidden)).toBeVisible();
  await expect(admin.getByRole('button', { name: `${es.admin.ratings.hide}: ${title}` })).toHaveCount(0);

  // gone from the lawyer's public list; its author still sees it, marked hidden
  const list = await client.request.get(`/api/rating/lawyer-rating/${lawyerId}?pageSize=100`);
  expect(((await list.json()).data as Array<{ id: string }>).map((rating) => rating.id)).not.toContain(
    ratingId,
  );
  await client.goto(`/dashboard/abogados/${lawyerId}`);
  await expectSoon(client.getByRole('heading', { name: es.ratings.panel })).toBeVisible();
  await expect(client.getByText(title)).toHaveCount(0);
  await client.goto('/profile');
  await expectSoon(ratingItem(client, title).getByText(`${es.ratings.hidden}.`)).toBeVisible();
  await shoot(client, 'rating-hidden-author');

  for (const page of [lawyer, client, admin]) await page.context().close();
});
