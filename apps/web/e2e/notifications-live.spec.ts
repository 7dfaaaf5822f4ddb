import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import {
  clientWithPublishedCase,
  latestMailTo,
  mailLink,
  mailSubject,
  signedInPage,
  watchStomp,
} from './support.ts';

/**
 * docs/notifications.md: the lawyer proposes (through the API, in a browser context of their own) and the
 * client's open dashboard counts it within a second, without a reload; the mail leaves through the outbox
 * (the e2e server has no SMTP_URL, so it is an .eml file under its DATA_DIR/outbox), and the link in that
 * mail opens the chat with the proposal.
 */
const LAWYER_MAIL = 'lucia.garcia@l4l.demo';

test('a proposal reaches the client: the bell shows 1 within a second, the mail’s link opens the chat', async ({
  browser,
  request,
}) => {
  const title = `Desahucio por impago (${Date.now()})`;
  const { client, context, page, caseId } = await clientWithPublishedCase(browser, request, {
    title,
    description: 'Mi inquilino no paga desde hace cuatro meses.',
  });
  // the publication's notification is read: the bell starts with nothing to count
  expect((await page.request.post('/api/notifications/read-all')).status()).toBe(200);

  const { subscriptions } = watchStomp(page);
  await page.goto('/dashboard/inicio');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(es.notifications.centre.bell(0));
  await expect(page.getByTestId('notification-count')).toHaveCount(0);
  // the push is subscribed: what is timed below is the push, not the page getting ready
  await expect.poll(() => subscriptions()).toContain('/user/queue/notifications');

  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  const proposed = await lawyer.request.post(`/api/proposal/create-proposal-to-case/${caseId}`, {
    data: { price: 450, message: 'Puedo presentar la demanda de desahucio esta semana.' },
  });
  expect(proposed.status()).toBe(200);
  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 1_000 });
  await expect(bell).toHaveAccessibleName(es.notifications.centre.bell(1), { timeout: 1_000 });

  // the mail: in the outbox, to the client, about this case, with the link to the chat with the lawyer
  const subject = es.notifications.events['proposal.received'].title({ caseTitle: title });
  await expect.poll(() => mailSubject(latestMailTo(client.mail) ?? ''), { timeout: 15_000 }).toBe(subject);
  const link = mailLink(latestMailTo(client.mail) ?? '', '/dashboard/chat?with=');
  expect(link).toBeDefined();
  const lawyerId = (await (await lawyer.request.get('/api/auth/me')).json()).data.id as string;
  expect(new URL(link!).searchParams.get('with')).toBe(lawyerId);

  await page.goto(link!);
  await expect(page).toHaveURL(/\/dashboard\/chat\?with=/);
  const card = page.getByRole('log').getByRole('article', { name: es.chat.proposalTitle }).last();
  await expect(card).toBeVisible();
  await expect(card).toContainText('450');
  await context.close();
  await lawyer.context().close();
});
