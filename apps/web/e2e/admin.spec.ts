import { es } from '@l4l/shared/texts/es';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, E2E_ADMIN, freshAdminCode, presetConsent, registerClient } from './support.ts';

/** A page of its own (no shared cookies) with the cookie banner answered. */
async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await presetConsent(page, 'false');
  return page;
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  const dialog = page.getByRole('dialog', { name: es.login.title });
  await dialog.getByLabel(es.login.email).fill(email);
  await dialog.getByLabel(es.login.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
}

test('an administrator signs in with TOTP, verifies a lawyer, approves a case and bans a user', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // a client with a case waiting for validation, and a client to ban
  const client = await registerClient(request);
  const login = await request.post('/api/auth/login', {
    data: { email: client.mail, password: client.password },
  });
  expect(login.status()).toBe(200);
  const title = `Reclamación a la aseguradora ${Date.now().toString(36)}`;
  const created = await request.post('/api/cases/new-case', {
    data: { title, description: 'La aseguradora no me paga los daños del agua en la cocina.' },
  });
  expect(created.status()).toBe(200);
  await request.post('/api/auth/logout');
  const toBan = await registerClient(request);

  // the password, then the second factor with a code computed from the secret of e2e/serve.mjs
  await presetConsent(page, 'false');
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  const mfa = page.getByRole('dialog', { name: es.admin.mfa.title });
  await expect(mfa.getByText(es.admin.mfa.enterCode)).toBeVisible();
  await mfa.getByLabel(es.admin.mfa.code).fill(await freshAdminCode());
  await mfa.getByRole('button', { name: es.admin.mfa.verify }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: es.admin.sections.overview })).toBeVisible();

  // a pending demo lawyer is verified and can then log in
  const consoleNav = page.getByRole('navigation', { name: es.admin.consoleNav });
  await consoleNav.getByRole('link', { name: es.admin.sections.lawyers }).click();
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  const lawyerMail = (await card.getByRole('link').first().textContent())?.trim() ?? '';
  expect(lawyerMail).toContain('@');
  await card.getByRole('button', { name: new RegExp(`^${es.admin.lawyers.verify}`) }).click();
  await expect(page.getByText(/ya puede iniciar sesión/)).toBeVisible();
  const lawyerPage = await freshPage(browser);
  await signIn(lawyerPage, lawyerMail, DEMO_PASSWORD);
  await expect(lawyerPage).toHaveURL(/\/dashboard\/inicio$/);
  await expect(lawyerPage.getByRole('heading', { name: es.dashboard.lawyerHomeTitle })).toBeVisible();

  // the client's case is approved with a category and reaches the lawyers' board
  await consoleNav.getByRole('link', { name: es.admin.sections.cases }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(page.getByRole('table', { name: es.admin.sections.cases })).toBeVisible();
  // oldest first: the new case may sit on a later page
  const next = page.getByRole('button', { name: es.dashboard.nextPage });
  while (!(await row.isVisible()) && (await next.isEnabled())) await next.click();
  await row.getByRole('button', { name: new RegExp(`^${es.admin.cases.review}`) }).click();
  const review = page.getByRole('dialog');
  await expect(review.getByText('La aseguradora no me paga')).toBeVisible();
  await review.getByLabel(es.admin.cases.category).selectOption('Abogado Civil');
  await review.getByRole('button', { name: es.admin.cases.approve }).click();
  await expect(page.getByText(/aprobado y publicado/)).toBeVisible();
  const board = await lawyerPage.request.get('/api/cases/pending-cases?pageSize=100');
  expect(board.status()).toBe(200);
  const published = (await board.json()).data.find((c: { title: string }) => c.title === title);
  expect(published).toMatchObject({ category: 'Abogado Civil', status: 'PENDIENTE DE ASIGNACIÓN' });

  // a user is banned with a reason and is then refused at login with that reason and where to write
  await consoleNav.getByRole('link', { name: es.admin.sections.users }).click();
  await page.getByLabel(es.admin.users.search).fill(toBan.mail);
  const userRow = page.getByRole('row', { name: new RegExp(toBan.mail) });
  await userRow.getByRole('button', { name: new RegExp(`^${es.admin.users.ban}`) }).click();
  const banDialog = page.getByRole('dialog');
  await banDialog.getByLabel(es.admin.reasonOptional).fill('Mensajes ofensivos a los abogados');
  await banDialog.getByRole('button', { name: es.admin.users.ban }).click();
  await expect(userRow.getByText(es.admin.users.states.banned)).toBeVisible();
  const bannedPage = await freshPage(browser);
  await signIn(bannedPage, toBan.mail, toBan.password);
  await expect(
    bannedPage.getByText(es.login.bannedBecause('Mensajes ofensivos a los abogados', es.footer.supportMail)),
  ).toBeVisible();

  // every action is in the audit log
  await consoleNav.getByRole('link', { name: es.admin.sections.audit }).click();
  const audit = page.getByRole('table');
  await expect(audit.getByText(es.admin.audit.actions['user.ban'] ?? '').first()).toBeVisible();
  await expect(audit.getByText('Mensajes ofensivos a los abogados')).toBeVisible();
  await expect(audit.getByText(es.admin.audit.actions['case.approve'] ?? '').first()).toBeVisible();
  await expect(audit.getByText(es.admin.audit.actions['lawyer.verify'] ?? '').first()).toBeVisible();
});

test('someone who is not an administrator going to /admin gets their dashboard', async ({
  page,
  request,
}) => {
  const client = await registerClient(request);
  // with consent the session survives a reload, so /admin can be typed in the address bar
  await presetConsent(page, 'true');
  await signIn(page, client.mail, client.password);
  await expect(page).toHaveURL(/\/dashboard\/inicio$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard\/inicio$/);
  await expect(page.getByRole('navigation', { name: es.admin.consoleNav })).toHaveCount(0);
});
