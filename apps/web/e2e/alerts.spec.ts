import { es } from '@l4l/shared/texts/es';
import { expect, test } from '@playwright/test';
import {
  presetConsent,
  registerClient,
  shootBothWidths,
  signedInPage,
  signInAsAdmin,
  signInThroughModal,
  watchStomp,
} from './support.ts';

/**
 * docs/alerts.md: a lawyer saves a board search; a client opens a matching case and an administrator
 * publishes it from the console, each in a browser context of their own; the lawyer's open board shows the
 * alert on the bell within seconds, without a reload, and its link opens the case picked out on the board.
 */
const LAWYER_MAIL = 'raul.moreno@l4l.demo';

test('a saved search alerts the lawyer on the bell within seconds of the publication, and the link opens the case', async ({
  browser,
  request,
}) => {
  const word = `Usufructo${Date.now().toString(36)}`;
  const title = `${word} de la vivienda familiar`;

  // the lawyer saves the board's search for the word, alerted at once
  const lawyer = await signedInPage(browser, LAWYER_MAIL);
  expect((await lawyer.request.post('/api/notifications/read-all')).status()).toBe(200);
  const { subscriptions } = watchStomp(lawyer);
  await lawyer.goto(`/dashboard/inicio?search=${encodeURIComponent(word.toLowerCase())}`);
  const panel = lawyer.getByRole('region', { name: es.alerts.savedSearches });
  await panel.getByRole('button', { name: es.alerts.saveSearch }).click();
  const form = panel.getByRole('form', { name: es.alerts.saveSearch });
  await form.getByLabel(es.alerts.nameLabel).fill('Usufructos');
  await form.getByLabel(es.alerts.frequencyLabel).selectOption('instant');
  await form.getByRole('button', { name: es.alerts.save }).click();
  await expect(panel.getByRole('heading', { name: 'Usufructos' })).toBeVisible();
  await shootBothWidths(lawyer, 'board-saved-searches');
  const bell = lawyer.getByTestId('notification-bell');
  await expect(bell).toHaveAccessibleName(es.notifications.centre.bell(0));
  await expect.poll(() => subscriptions()).toContain('/user/queue/notifications');

  // a client opens the case; an administrator publishes it from the console
  const client = await registerClient(request);
  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await presetConsent(clientPage, 'true');
  await signInThroughModal(clientPage, client.mail, client.password);
  const created = await clientPage.request.post('/api/cases/new-case', {
    data: { title, description: 'Mi madre tiene el usufructo y los hermanos discutimos quién paga el IBI.' },
  });
  expect(created.status()).toBe(200);
  const caseId = (await created.json()).data.id as string;

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await presetConsent(admin, 'true');
  await signInAsAdmin(admin);
  await admin
    .getByRole('navigation', { name: es.admin.consoleNav })
    .getByRole('link', { name: es.admin.sections.cases })
    .click();
  await expect(admin.getByRole('table', { name: es.admin.sections.cases })).toBeVisible();
  const row = admin.getByRole('row', { name: new RegExp(word) });
  const next = admin.getByRole('button', { name: es.dashboard.nextPage });
  while (!(await row.isVisible()) && (await next.isEnabled())) await next.click();
  await row.getByRole('button', { name: new RegExp(`^${es.admin.cases.review}`) }).click();
  const review = admin.getByRole('dialog');
  await review.getByLabel(es.admin.cases.category).selectOption('Abogado Sucesiones y testamentos');
  await review.getByRole('button', { name: es.admin.cases.approve }).click();
  await expect(admin.getByText(/aprobado y publicado/)).toBeVisible();

  // the lawyer's open board: the bell counts it within seconds, no reload
  await expect(lawyer.getByTestId('notification-count')).toHaveText('1', { timeout: 5_000 });
  await bell.click();
  const alert = lawyer.getByRole('link', { name: new RegExp(word) }).first();
  await expect(alert).toBeVisible();
  await shootBothWidths(lawyer, 'bell-case-match');
  await alert.click();
  await expect(lawyer).toHaveURL(new RegExp(`caso=${caseId}`));
  const picked = lawyer.getByRole('article', { name: title });
  await expect(picked).toHaveAttribute('aria-current', 'true');
  await expect(picked.getByText(es.alerts.pickedCase)).toBeVisible();
  await shootBothWidths(lawyer, 'board-picked-case');

  await clientContext.close();
  await adminContext.close();
  await lawyer.context().close();
});
