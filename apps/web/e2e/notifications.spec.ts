import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import {
  clientWithPublishedCase,
  countPageSockets,
  expectAccessible,
  latestMailTo,
  mailSubject,
  signedInPage,
  watchStomp,
} from './support.ts';

/**
 * Notifications (docs/notifications.md): a lawyer proposes on a client's case and the client's bell
 * counts it at once, without a reload (STOMP); its mail leaves through the outbox; the notification
 * opens the chat with the proposal.
 */
const LAWYER_MAIL = 'lucia.garcia@l4l.demo';

test('the lawyer proposes: the client’s bell shows it live, the mail is in the outbox, the link opens the chat', async ({
  browser,
  request,
}) => {
  const title = `Reclamación de una fianza (${Date.now()})`;
  const { client, context, page, caseId } = await clientWithPublishedCase(browser, request, {
    title,
    description: 'El casero no me devuelve la fianza.',
  });

  // the tab holds ONE WebSocket, shared by the bell and the chat (lib/stomp-client.ts), counted inside the
  // page: the page left by the navigation below may have opened its own, whose close the browser does not
  // always report; a second one in the page itself fails
  const { subscriptions } = watchStomp(page);
  const pageSockets = await countPageSockets(page);
  await page.goto('/dashboard/inicio');
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(es.notifications.centre.bell(1));
  // the live push is subscribed once the page is idle: the timing below is the push's, not the idle wait
  await expect
    .poll(() => subscriptions().sort())
    .toEqual([
      '/topic/messages',
      '/user/queue/notifications',
      '/user/queue/presence',
      '/user/queue/read',
      '/user/queue/typing',
    ]);
  await expect.poll(pageSockets).toBe(1);

  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  const started = Date.now();
  const proposed = await lawyer.request.post(`/api/proposal/create-proposal-to-case/${caseId}`, {
    data: { price: 320, message: 'Puedo reclamarla por burofax y, si no paga, en el juzgado.' },
  });
  expect(proposed.status()).toBe(200);
  await expect(bell).toHaveAccessibleName(es.notifications.centre.bell(2), { timeout: 2000 });
  expect(Date.now() - started).toBeLessThan(2000);
  await expect(page.getByTestId('notification-count')).toHaveText('2');

  // the mail went out through the outbox, with the one-click unsubscribe headers
  const subject = es.notifications.events['proposal.received'].title({ caseTitle: title });
  await expect.poll(() => mailSubject(latestMailTo(client.mail) ?? ''), { timeout: 15_000 }).toBe(subject);
  const mail = latestMailTo(client.mail) ?? '';
  // a long header is folded onto the next line (RFC 5322)
  expect(mail).toMatch(
    /^List-Unsubscribe:\s+<http:\/\/localhost:\d+\/api\/notifications\/unsubscribe\?token=/m,
  );
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

  // the list: the proposal first, unread; its link opens the chat with the proposal card
  await bell.click();
  await expect(page).toHaveURL(/\/dashboard\/notificaciones$/);
  const first = page.getByTestId('notification-item').first();
  await expect(first).toContainText(subject);
  await expectAccessible(page, 'the notifications list');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(bell).toBeVisible();
  await expectAccessible(page, 'the notifications list at 375 px');
  await page.setViewportSize({ width: 1280, height: 800 });
  await first.getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard\/chat\?with=/);
  await expect(
    page.getByRole('log').getByRole('article', { name: es.chat.proposalTitle }).last(),
  ).toBeVisible();
  // opening it read it: the bell counts one less
  await expect(bell).toHaveAccessibleName(es.notifications.centre.bell(1));
  // client-side navigation from the home to the list and the chat: still the one socket
  expect(await pageSockets()).toBe(1);
  await context.close();
  await lawyer.context().close();
});
