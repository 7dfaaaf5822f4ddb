import { es } from '@l4l/shared/texts/es';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  E2E_ADMIN,
  expectFocusTrapped,
  expectVisibleFocus,
  presetConsent,
  signedInPage,
  tabTo,
} from './support.ts';

/**
 * Keyboard only: the main journeys with Tab, Shift+Tab, Enter, Space, Escape and the arrows —
 * no click, no fill. In every dialog focus is trapped (Tab goes round inside) and returns, on Escape, to
 * the control that opened it; every control that takes the focus shows it.
 */
const CLIENT = 'cliente1@l4l.demo';
const LAWYER = 'lucia.garcia@l4l.demo';
const LAWYER_NAME = 'Lucía García Fernández';

/** Opens a dialog from `opener` with `key`, checks the trap, closes it with Escape: focus is back on `opener`. */
async function checkDialog(page: Page, opener: Locator, dialog: Locator, key = 'Enter') {
  await expect(opener).toBeFocused();
  await page.keyboard.press(key);
  await expect(dialog).toBeVisible();
  await expectFocusTrapped(page, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectVisibleFocus(page);
}

async function publicPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await presetConsent(page, 'false');
  return page;
}

test('signing in through the login modal', async ({ browser }) => {
  const page = await publicPage(browser);
  await page.goto('/');
  const login = page.getByRole('banner').getByRole('button', { name: es.buttons.login });
  await expect(login).toBeVisible();
  await tabTo(page, login);
  await checkDialog(page, login, page.getByRole('dialog', { name: es.login.title }));

  // the register modal from its header button, and its first step's radio cards with the arrows
  const register = page.getByRole('banner').getByRole('button', { name: es.buttons.register });
  await tabTo(page, register);
  const wizard = page.getByRole('dialog', { name: es.register.title });
  await checkDialog(page, register, wizard);
  await page.keyboard.press('Enter');
  await expect(wizard).toBeVisible();
  await tabTo(page, wizard.getByRole('radio', { name: new RegExp(es.register.roleUser) }));
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await expect(wizard.getByRole('radio', { name: new RegExp(es.register.roleLawyer) })).toBeChecked();
  await expectVisibleFocus(page);
  // without Google sign-in there is no choice of method: the lawyer goes straight to the access data
  await page.keyboard.press('Enter');
  const credentials = page.getByRole('dialog', { name: es.register.credentialsTitle });
  await expect(credentials).toBeVisible();
  await expectFocusTrapped(page, credentials);
  await page.keyboard.press('Escape');
  await expect(register).toBeFocused();

  // signing in: Enter opens the modal on the mail field; Tab to the password; Enter sends
  await tabTo(page, login, { backwards: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: es.login.title });
  await expect(dialog.getByLabel(es.login.email)).toBeFocused();
  await page.keyboard.type(CLIENT);
  await tabTo(page, dialog.getByLabel(es.login.password, { exact: true }));
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/inicio/);
  await expect(page.getByRole('heading', { name: es.dashboard.userHomeTitle })).toBeVisible();
});

test('a client searches the directory, opens a profile and sends a case from it', async ({ browser }) => {
  const page = await signedInPage(browser, CLIENT);
  await page.goto('/dashboard/inicio');
  await expect(page.getByRole('article').first()).toBeVisible();

  await tabTo(page, page.getByLabel(es.dashboard.searchByName));
  await page.keyboard.type('garcia');
  await expect(page).toHaveURL(/search=garcia/);
  const card = page.getByRole('article', { name: LAWYER_NAME });
  await expect(card).toBeVisible();

  // the categories popover: Enter opens it, Space ticks a box, Escape closes it back onto its button
  const categories = page.getByRole('button', { name: new RegExp(es.dashboard.filterCategories) });
  await tabTo(page, categories);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: es.dashboard.filterCategories });
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(categories).toBeFocused();

  const knowMore = card.getByRole('link', { name: es.buttons.knowMore });
  await tabTo(page, knowMore);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/abogados\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: LAWYER_NAME })).toBeVisible();

  const tell = page.getByRole('button', { name: es.buttons.tellYourCase });
  await tabTo(page, tell);
  const dialog = page.getByRole('dialog', { name: es.lawyerProfile.startCaseTitle });
  await checkDialog(page, tell, dialog);

  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel(es.cases.titleLabel)).toBeFocused();
  const title = `Herencia de mi abuela ${Date.now().toString(36)}`;
  await page.keyboard.type(title);
  await tabTo(page, dialog.getByLabel(es.cases.descriptionLabel));
  await page.keyboard.type('Somos tres hermanos y no nos ponemos de acuerdo con el reparto de la casa.');
  await tabTo(page, dialog.getByRole('button', { name: es.cases.submit }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(es.cases.created)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/chat\?with=/);
  await expect(dialog).toBeHidden();
});

test('a client begins a case from the nav', async ({ browser }) => {
  const page = await signedInPage(browser, CLIENT);
  await page.goto('/dashboard/inicio');
  await expect(page.getByRole('article').first()).toBeVisible();
  const nav = page.getByRole('navigation', { name: es.nav.mainNav });
  await tabTo(page, nav.getByRole('link', { name: es.nav.startCase }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/begincase$/);
  // as a person would, the form is on screen before the next Tab
  await expect(page.getByLabel(es.cases.titleLabel)).toBeVisible();

  const title = `Obras sin licencia del vecino ${Date.now().toString(36)}`;
  await tabTo(page, page.getByLabel(es.cases.titleLabel));
  await page.keyboard.type(title);
  await tabTo(page, page.getByLabel(es.cases.descriptionLabel));
  await page.keyboard.type('El vecino de arriba ha cerrado la terraza y ahora entra agua en mi casa.');
  await tabTo(page, page.getByRole('button', { name: es.cases.submit }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(es.cases.created)).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/casos$/);
  await expect(page.getByRole('article', { name: title })).toBeVisible();
});

test('a client’s profile dialogs and the phone menu', async ({ browser }) => {
  const page = await signedInPage(browser, CLIENT);
  await page.goto('/profile');
  await expect(page.getByLabel(es.profile.phone)).toBeVisible();
  const renew = page.getByRole('button', { name: es.buttons.renewPassword });
  await tabTo(page, renew);
  await checkDialog(page, renew, page.getByRole('dialog', { name: es.profile.passwordModalTitle }));
  const photo = page.getByRole('button', { name: es.lawyerProfile.editPhoto });
  await tabTo(page, photo, { backwards: true });
  await checkDialog(page, photo, page.getByRole('dialog', { name: es.profile.avatarTitle }));

  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/dashboard/inicio');
  await expect(page.getByRole('article').first()).toBeVisible();
  const menu = page.getByRole('button', { name: es.buttons.menu });
  await tabTo(page, menu);
  const sheet = page.getByRole('dialog', { name: es.nav.menuTitle });
  await checkDialog(page, menu, sheet);
  // a link of the menu takes the person there and closes it
  await page.keyboard.press('Enter');
  await tabTo(page, sheet.getByRole('link', { name: es.nav.myCases }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/casos$/);
  await expect(sheet).toBeHidden();
});

test('a lawyer sends a proposal from the board', async ({ browser }) => {
  const page = await signedInPage(browser, LAWYER);
  await page.goto('/dashboard/inicio');
  await expect(page.getByRole('heading', { name: es.dashboard.lawyerHomeTitle })).toBeVisible();
  // a case nobody has proposed on yet, so this lawyer has no proposal on it either
  const card = page
    .getByRole('article')
    .filter({ hasText: es.cases.proposalsCount(0) })
    .first();
  const send = card.getByRole('button', { name: es.buttons.sendProposal });
  await expect(send).toBeVisible();
  const caseTitle = (await card.getByRole('heading').textContent())?.trim() ?? '';
  await tabTo(page, send, { max: 60 });
  const dialog = page.getByRole('dialog', { name: es.buttons.sendProposal });
  await checkDialog(page, send, dialog);

  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel(es.proposals.priceLabel)).toBeFocused();
  await page.keyboard.type('180,50');
  await tabTo(page, dialog.getByLabel(es.proposals.messageLabel));
  await page.keyboard.type('Puedo llevar tu caso: primero una carta, y si no hay respuesta, la demanda.');
  await tabTo(page, dialog.getByRole('button', { name: es.proposals.submit }));
  await page.keyboard.press('Enter');
  await expect(page.getByText(es.proposals.sentToast)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByRole('article', { name: caseTitle }).getByText(es.proposals.sent, { exact: true }),
  ).toBeVisible();
});

test('a lawyer’s sheet dialogs', async ({ browser }) => {
  const page = await signedInPage(browser, LAWYER);
  await page.goto('/profile');
  await expect(page.getByLabel(es.trust.barNumber)).toBeVisible();
  const photo = page.getByRole('button', { name: es.lawyerProfile.editPhoto });
  await tabTo(page, photo);
  await checkDialog(page, photo, page.getByRole('dialog', { name: es.profile.avatarTitle }));
  const renew = page.getByRole('button', { name: es.buttons.renewPassword });
  await tabTo(page, renew);
  await checkDialog(page, renew, page.getByRole('dialog', { name: es.profile.passwordModalTitle }));
});

test('the console’s dialogs', async ({ browser }) => {
  const page = await signedInPage(browser, E2E_ADMIN.email);
  await page.goto('/admin/casos');
  await expect(page.getByRole('table', { name: es.admin.sections.cases })).toBeVisible();
  const review = page.getByRole('button', { name: new RegExp(`^${es.admin.cases.review}`) }).first();
  await tabTo(page, review, { max: 60 });
  await checkDialog(page, review, page.getByRole('dialog'));

  await page.goto('/admin/abogados');
  const reject = page
    .getByRole('article')
    .first()
    .getByRole('button', { name: new RegExp(`^${es.admin.lawyers.reject}`) });
  await expect(reject).toBeVisible();
  await tabTo(page, reject, { max: 60 });
  await checkDialog(page, reject, page.getByRole('dialog'));

  await page.goto('/admin/usuarios');
  await expect(page.getByRole('table')).toBeVisible();
  const ban = page.getByRole('button', { name: new RegExp(`^${es.admin.users.ban}`) }).first();
  await tabTo(page, ban, { max: 60 });
  await checkDialog(page, ban, page.getByRole('dialog'));
});
