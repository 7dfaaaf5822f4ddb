import { es } from '@l4l/shared/texts/es';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  adminToken,
  E2E_ADMIN,
  expectAccessible,
  pickDemoAvatar,
  presetConsent,
  registerClient,
  signedInPage,
} from './support.ts';

/**
 * Accessibility: axe-core (WCAG 2.1 A and AA) finds no serious or critical violation on any
 * page or dialog. One test per page or dialog, so a failure names the screen; the message lists each
 * rule, its impact and the elements it points at.
 */
const CLIENT = 'cliente1@l4l.demo';
const LAWYER = 'lucia.garcia@l4l.demo';
const LAWYER_NAME = 'Lucía García Fernández';

/** A signed-out page with the cookie banner already answered. */
async function publicPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await presetConsent(page, 'false');
  return page;
}

/** The id of the first case card's detail link on Mis casos. */
async function firstCaseDetail(page: Page): Promise<string> {
  await page.goto('/dashboard/casos');
  const link = page.getByRole('article').first().locator('a[href*="/dashboard/casos/"]').first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '';
}

test.describe('public pages', () => {
  test('landing', async ({ browser }) => {
    const page = await publicPage(browser);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'the landing page');
  });

  test('cookie banner', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: es.cookies.label })).toBeVisible();
    await expectAccessible(page, 'the landing page with the cookie banner');
  });

  test('login modal: login and recovery', async ({ browser }) => {
    const page = await publicPage(browser);
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: es.login.title });
    await expect(dialog.getByLabel(es.login.email)).toBeVisible();
    await expectAccessible(page, 'the login modal (login)');

    await dialog.getByRole('button', { name: es.login.forgot }).click();
    await expect(page.getByRole('dialog', { name: es.login.recoverTitle })).toBeVisible();
    await expectAccessible(page, 'the login modal (recovery)');

    // 'Otras formas de acceder' appears only with a sign-in provider configured (none on this server)
    await page.getByRole('button', { name: es.buttons.back }).click();
    await expect(page.getByRole('dialog', { name: es.login.title })).toBeVisible();
  });

  test('login modal: the administrator second step', async ({ browser }) => {
    const page = await publicPage(browser);
    await page.goto('/login');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(es.login.email).fill(E2E_ADMIN.email);
    await dialog.getByLabel(es.login.password, { exact: true }).fill(E2E_ADMIN.password);
    await dialog.getByRole('button', { name: es.buttons.continue }).click();
    await expect(page.getByRole('dialog', { name: es.admin.mfa.title })).toBeVisible();
    await expectAccessible(page, 'the second-factor step');
  });

  test('register modal: every step of a lawyer and a client', async ({ browser }) => {
    const page = await publicPage(browser);
    await page.goto('/registro');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: es.register.title })).toBeVisible();
    await expectAccessible(page, 'register step 1 (role)');

    await dialog.getByText(es.register.roleLawyer).click();
    await dialog.getByRole('button', { name: es.buttons.continue }).click();
    // a lawyer has no options step (Google makes client accounts only): straight to the credentials
    await expect(dialog.getByRole('heading', { name: es.register.credentialsTitle })).toBeVisible();
    await dialog.getByLabel(es.login.email).fill('nueva.abogada@example.com');
    await dialog.getByLabel(es.login.password, { exact: true }).fill('corta');
    await dialog.getByLabel(es.login.password, { exact: true }).blur();
    await expectAccessible(page, 'register step 3 (credentials, with an error)');

    await dialog.getByLabel(es.login.password, { exact: true }).fill('Abogada-Prueba-2026');
    await dialog.getByRole('button', { name: es.buttons.continue }).click();
    await expect(dialog.getByRole('heading', { name: es.register.personalTitle })).toBeVisible();
    await expectAccessible(page, 'register step 4 (personal data)');

    await dialog.getByLabel(es.register.name).fill('Nuria');
    await dialog.getByLabel(es.register.surname).fill('Campos Vidal');
    await dialog.getByLabel(es.register.phone).fill('612345678');
    await dialog.getByRole('button', { name: es.buttons.continue }).click();
    await expect(dialog.getByRole('heading', { name: es.register.lawyerTitle })).toBeVisible();
    await expectAccessible(page, 'register step 5 (lawyer profile)');
    // the categories popover open
    await dialog.getByRole('button', { name: new RegExp(es.register.categoriesPlaceholder) }).click();
    await expect(page.getByRole('checkbox').first()).toBeVisible();
    await expectAccessible(page, 'register step 5 with the categories open');
  });
});

test.describe('legal and standalone pages', () => {
  for (const [name, url] of [
    ['privacy policy', '/politica-de-privacidad'],
    ['cookie policy', '/politica-de-cookies'],
    ['legal notice', '/aviso-legal'],
  ] as const) {
    test(name, async ({ browser }) => {
      const page = await publicPage(browser);
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectAccessible(page, name);
    });
  }

  test('reset password', async ({ browser }) => {
    const page = await publicPage(browser);
    await page.goto('/reset-password?token=abc');
    await expect(page.getByRole('heading', { name: es.resetPassword.title })).toBeVisible();
    await expectAccessible(page, 'the reset-password page');
  });

  test('payment success, error and completion', async ({ browser }) => {
    const page = await publicPage(browser);
    await page.goto('/payment-success');
    await expect(page.getByRole('heading', { name: es.payment.successTitle })).toBeVisible();
    await expectAccessible(page, 'the payment success page');
    await page.goto('/payment-error');
    await expect(page.getByRole('heading', { name: es.payment.failureTitle })).toBeVisible();
    await expectAccessible(page, 'the payment error page');
    await page.goto('/payment/completion?payment_intent=pi_test_123&redirect_status=succeeded');
    await expect(page.getByRole('heading', { name: es.payment.completedTitle })).toBeVisible();
    await expectAccessible(page, 'the payment completion page');
  });

  test('router fallback', async ({ browser }) => {
    const page = await publicPage(browser);
    // a screen whose code cannot load is what the route error page is for
    await page.route(/\/assets\/legal-routes-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/aviso-legal');
    await expect(page.getByText(es.router.unexpected)).toBeVisible();
    await expectAccessible(page, 'the router fallback');
  });
});

test.describe('client', () => {
  test('home: the lawyer directory', async ({ browser }) => {
    const page = await signedInPage(browser, CLIENT);
    await page.goto('/dashboard/inicio');
    await expect(page.getByRole('heading', { name: es.dashboard.userHomeTitle })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'the client home');
    await page.getByRole('button', { name: new RegExp(es.dashboard.filterCategories) }).click();
    await expect(page.getByRole('checkbox').first()).toBeVisible();
    await expectAccessible(page, 'the client home with the categories open');
  });

  test('lawyer public profile and its start-a-case dialog', async ({ browser }) => {
    const page = await signedInPage(browser, CLIENT);
    await page.goto('/dashboard/inicio?search=garcia');
    const card = page.getByRole('article', { name: LAWYER_NAME });
    await card.getByRole('link', { name: es.buttons.knowMore }).click();
    await expect(page.getByRole('heading', { name: LAWYER_NAME })).toBeVisible();
    await expect(page.getByRole('heading', { name: es.ratings.panel })).toBeVisible();
    await expectAccessible(page, 'the lawyer public profile');
    await page.getByRole('button', { name: es.buttons.tellYourCase }).click();
    await expect(page.getByRole('dialog', { name: es.lawyerProfile.startCaseTitle })).toBeVisible();
    await expectAccessible(page, 'the start-a-case dialog');
  });

  test('Mi Perfil, the password modal and the avatar editor', async ({ browser }) => {
    const page = await signedInPage(browser, CLIENT);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: es.profile.title })).toBeVisible();
    await expect(page.getByLabel(es.profile.phone)).toBeVisible();
    await expectAccessible(page, 'Mi Perfil');
    await page.getByRole('button', { name: es.buttons.modify }).click();
    await expectAccessible(page, 'Mi Perfil while editing');
    await page.getByRole('button', { name: es.buttons.cancel }).click();

    await page.getByRole('button', { name: es.buttons.renewPassword }).click();
    await expect(page.getByRole('dialog', { name: es.profile.passwordModalTitle })).toBeVisible();
    await expectAccessible(page, 'the password modal');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: es.lawyerProfile.editPhoto }).click();
    const editor = page.getByRole('dialog', { name: es.profile.avatarTitle });
    await expect(editor).toBeVisible();
    await expectAccessible(page, 'the avatar editor');
    await pickDemoAvatar(editor);
    await expect(editor.getByRole('button', { name: es.profile.avatarSave })).toBeEnabled();
    await expectAccessible(page, 'the avatar editor with a picture to crop');
  });

  test('Mis casos', async ({ browser }) => {
    const page = await signedInPage(browser, CLIENT);
    await page.goto('/dashboard/casos');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'Mis casos (client)');
  });

  test('case detail', async ({ browser }) => {
    const page = await signedInPage(browser, CLIENT);
    await page.goto(await firstCaseDetail(page));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Caso #/);
    await expect(page.getByRole('list', { name: es.caseDetail.timelineTitle })).toBeVisible();
    await expectAccessible(page, 'the case detail (client)');
  });

  test('begin a case', async ({ browser }) => {
    const page = await signedInPage(browser, CLIENT);
    await page.goto('/dashboard/begincase');
    await expect(page.getByLabel(es.cases.titleLabel)).toBeVisible();
    await expectAccessible(page, 'begin-case');
    // submitted empty: the fields are flagged
    await page.getByRole('button', { name: es.cases.submit }).click();
    await expectAccessible(page, 'begin-case with its errors');
  });

  test('chat list and conversation', async ({ browser }) => {
    const page = await signedInPage(browser, CLIENT);
    await page.goto('/dashboard/chat');
    const list = page.getByRole('navigation', { name: es.chat.listLabel });
    await expect(list.getByRole('link').first()).toBeVisible();
    await expectAccessible(page, 'the chat list');
    await list.getByRole('link').first().click();
    await expect(page.getByRole('log').getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'a chat conversation');
  });

  test('billing', async ({ browser }) => {
    const page = await signedInPage(browser, CLIENT);
    await page.goto('/dashboard/profile/billing');
    await expect(page.getByRole('heading', { name: es.billing.subtitle })).toBeVisible();
    // the payments and, since the demo issues them, the invoices: wait for the first table (or the empty text)
    await expect(page.getByRole('table').or(page.getByText(es.billing.empty)).first()).toBeVisible();
    await expectAccessible(page, 'billing');
  });

  test('the payment test page', async ({ browser }) => {
    // an administrator's tool (a client is sent home)
    const page = await signedInPage(browser, E2E_ADMIN.email);
    await page.goto('/payment');
    await expect(page.getByRole('heading', { level: 1, name: es.payment.testPageTitle })).toBeVisible();
    await expectAccessible(page, 'the payment test page');
  });

  test('the phone menu', async ({ browser }) => {
    const page = await signedInPage(browser, CLIENT);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/dashboard/inicio');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'the client home on a phone');
    await page.getByRole('button', { name: es.buttons.menu }).click();
    await expect(page.getByRole('dialog', { name: es.nav.menuTitle })).toBeVisible();
    await expectAccessible(page, 'the phone menu');
  });
});

test.describe('lawyer', () => {
  test('home: the board and the proposal modal', async ({ browser }) => {
    const page = await signedInPage(browser, LAWYER);
    await page.goto('/dashboard/inicio');
    await expect(page.getByRole('heading', { name: es.dashboard.lawyerHomeTitle })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'the lawyer board');
    await page.getByRole('button', { name: es.buttons.sendProposal }).first().click();
    const dialog = page.getByRole('dialog', { name: es.buttons.sendProposal });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'the proposal modal');
    // sent empty: the fields are flagged
    await dialog.getByRole('button', { name: es.proposals.submit }).click();
    await expectAccessible(page, 'the proposal modal with its errors');
  });

  test('Ficha de Abogado, the password modal and the avatar editor', async ({ browser }) => {
    const page = await signedInPage(browser, LAWYER);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: es.lawyerProfile.sheetTitle })).toBeVisible();
    await expect(page.getByLabel(es.trust.barNumber)).toBeVisible();
    await expect(page.getByRole('region', { name: es.lawyerProfile.workExperience })).toBeVisible();
    await expectAccessible(page, 'Ficha de Abogado');

    await page.getByRole('button', { name: es.buttons.renewPassword }).click();
    await expect(page.getByRole('dialog', { name: es.profile.passwordModalTitle })).toBeVisible();
    await expectAccessible(page, 'the password modal (lawyer)');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: es.lawyerProfile.editPhoto }).click();
    await expect(page.getByRole('dialog', { name: es.profile.avatarTitle })).toBeVisible();
    await expectAccessible(page, 'the avatar editor (lawyer)');
    await page.keyboard.press('Escape');

    // a new experience card, in edit mode
    const work = page.getByRole('region', { name: es.lawyerProfile.workExperience });
    await work.getByRole('button', { name: es.buttons.createNew }).click();
    await expect(work.getByLabel(es.lawyerProfile.company)).toBeVisible();
    await expectAccessible(page, 'Ficha de Abogado with an experience being edited');
  });

  test('Mis casos', async ({ browser }) => {
    const page = await signedInPage(browser, LAWYER);
    await page.goto('/dashboard/casos');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'Mis casos (lawyer)');
  });

  test('case detail', async ({ browser }) => {
    const page = await signedInPage(browser, LAWYER);
    await page.goto(await firstCaseDetail(page));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Caso #/);
    await expect(page.getByRole('list', { name: es.caseDetail.timelineTitle })).toBeVisible();
    await expectAccessible(page, 'the case detail (lawyer)');
  });

  test('chat and billing', async ({ browser }) => {
    const page = await signedInPage(browser, LAWYER);
    await page.goto('/dashboard/chat');
    const list = page.getByRole('navigation', { name: es.chat.listLabel });
    await list.getByRole('link').first().click();
    await expect(page.getByRole('log').getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'a chat conversation (lawyer)');
    await page.goto('/dashboard/profile/billing');
    await expect(page.getByRole('heading', { name: es.billing.subtitle })).toBeVisible();
    // the payments and, since the demo issues them, the invoices: wait for the first table (or the empty text)
    await expect(page.getByRole('table').or(page.getByText(es.billing.empty)).first()).toBeVisible();
    await expectAccessible(page, 'billing (lawyer)');
  });

  test('Cobros and the sandbox onboarding form', async ({ browser }) => {
    const page = await signedInPage(browser, 'andres.castro@l4l.demo');
    await page.goto('/dashboard/cobros');
    await expect(page.getByRole('heading', { level: 1, name: moneyWebEs.payouts.title })).toBeVisible();
    await expect(
      page.getByRole('table').or(page.getByText(moneyWebEs.payouts.transfers.empty)).first(),
    ).toBeVisible();
    await expectAccessible(page, 'Cobros');
    // the form itself, opened directly: the demo lawyers' accounts may be enabled already (the set-up
    // button that leads here is the money journey's), and only submitting it would change anything
    await page.goto('/payout/sandbox/sbx_acct_accessibility');
    // a lawyer whose account is enabled reads the same form as 'change the account'
    await expect(
      page
        .getByRole('heading', { name: moneyWebEs.sandbox.title })
        .or(page.getByRole('heading', { name: moneyWebEs.sandbox.changeTitle })),
    ).toBeVisible();
    await expectAccessible(page, 'the sandbox payout onboarding form');
  });
});

test('the sandbox checkout page', async ({ browser, request }) => {
  // a fresh client's case, published, proposed on by the lawyer and accepted: the checkout's URL
  const client = await registerClient(request);
  const clientContext = await browser.newContext();
  const clientApi = clientContext.request;
  await clientApi.post('/api/auth/login', { data: { email: client.mail, password: client.password } });
  const created = await clientApi.post('/api/cases/new-case', {
    data: { title: 'Despido sin carta', description: 'Me han despedido sin entregarme la carta de despido.' },
  });
  const caseId = (await created.json()).data.id as string;
  const approved = await request.post(`/api/admin/cases/${caseId}/approve`, {
    headers: { Authorization: `Bearer ${await adminToken()}` },
    data: { category: 'Abogado Laboral' },
  });
  expect(approved.status()).toBe(200);
  // another lawyer than the one the other tests use, so their board is left as the demo made it
  const lawyer = await signedInPage(browser, 'jose.martinez@l4l.demo');
  const proposed = await lawyer.request.post(`/api/proposal/create-proposal-to-case/${caseId}`, {
    data: { price: 250, message: 'Reclamamos la improcedencia del despido.' },
  });
  expect(proposed.status()).toBe(200);
  const accepted = await clientApi.post(
    `/api/proposal/accept-proposal/${(await proposed.json()).data.id as string}`,
  );
  expect(accepted.status()).toBe(200);
  const checkoutUrl = new URL((await accepted.json()).data as string);

  // the checkout is the paying client's only: their own browser, signed in
  const page = await clientContext.newPage();
  await page.goto(checkoutUrl.pathname);
  await expect(page.getByRole('heading', { name: es.payment.sandboxTitle })).toBeVisible();
  await expectAccessible(page, 'the sandbox checkout page');
});

test.describe('administration console', () => {
  test('overview', async ({ browser }) => {
    const page = await signedInPage(browser, E2E_ADMIN.email);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: es.admin.sections.overview })).toBeVisible();
    await expect(page.getByText(es.admin.stats.lawyersPending).first()).toBeVisible();
    await expectAccessible(page, 'the console overview');
  });

  test('pending lawyers and the reject dialog', async ({ browser }) => {
    const page = await signedInPage(browser, E2E_ADMIN.email);
    await page.goto('/admin/abogados');
    const card = page.getByRole('article').first();
    await expect(card).toBeVisible();
    await expectAccessible(page, 'the pending lawyers');
    await card.getByRole('button', { name: new RegExp(`^${es.admin.lawyers.reject}`) }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the reject-lawyer dialog');
  });

  test('users and the ban dialog', async ({ browser }) => {
    const page = await signedInPage(browser, E2E_ADMIN.email);
    await page.goto('/admin/usuarios');
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page, 'the users table');
    await page
      .getByRole('row', { name: /cliente5@l4l\.demo/ })
      .getByRole('button', { name: new RegExp(`^${es.admin.users.ban}`) })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the ban dialog');
  });

  test('cases to validate and the review dialog', async ({ browser }) => {
    const page = await signedInPage(browser, E2E_ADMIN.email);
    await page.goto('/admin/casos');
    await expect(page.getByRole('table', { name: es.admin.sections.cases })).toBeVisible();
    await expectAccessible(page, 'the cases to validate');
    await page
      .getByRole('button', { name: new RegExp(`^${es.admin.cases.review}`) })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the case review dialog');
  });

  test('audit log', async ({ browser }) => {
    const page = await signedInPage(browser, E2E_ADMIN.email);
    await page.goto('/admin/auditoria');
    await expect(page.getByRole('heading', { level: 1, name: es.admin.sections.audit })).toBeVisible();
    await expectAccessible(page, 'the audit log');
  });

  test('payments, the refund dialog and the money summary', async ({ browser }) => {
    const page = await signedInPage(browser, E2E_ADMIN.email);
    await page.goto('/admin/pagos');
    await expect(page.getByRole('heading', { level: 1, name: moneyWebEs.admin.section })).toBeVisible();
    await expect(page.getByRole('heading', { name: moneyWebEs.admin.disputes.title })).toBeVisible();
    await expect(
      page.getByRole('table').first().or(page.getByText(moneyWebEs.admin.table.empty)),
    ).toBeVisible();
    await expectAccessible(page, 'Pagos');
    // a disputed payment's button is disabled (its dispute refunds instead): open an enabled one
    const refund = page
      .getByRole('button', { name: /^Reembolsar el pago del caso/, disabled: false })
      .first();
    if (await refund.isVisible()) {
      await refund.click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, 'the refund dialog');
    }
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: moneyWebEs.admin.summary.title })).toBeVisible();
    await expect(page.getByRole('figure').first()).toBeVisible();
    await expectAccessible(page, 'the money summary');
  });
});

test.describe('phone width (375 px)', () => {
  test('landing and the login sheet', async ({ browser }) => {
    const page = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
    await presetConsent(page, 'false');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectAccessible(page, 'the landing page on a phone');
    await page.goto('/login');
    await expect(page.getByRole('dialog', { name: es.login.title })).toBeVisible();
    await expectAccessible(page, 'the login sheet on a phone');
  });

  test('client screens', async ({ browser }) => {
    const page = await signedInPage(browser, CLIENT);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(await firstCaseDetail(page));
    await expect(page.getByRole('list', { name: es.caseDetail.timelineTitle })).toBeVisible();
    await expectAccessible(page, 'the case detail on a phone');
    await page.goto('/profile');
    await expect(page.getByLabel(es.profile.phone)).toBeVisible();
    await expectAccessible(page, 'Mi Perfil on a phone');
    await page.goto('/dashboard/profile/billing');
    await expect(page.getByRole('heading', { name: es.billing.subtitle })).toBeVisible();
    await expectAccessible(page, 'billing on a phone');
  });

  test('lawyer board and sheet', async ({ browser }) => {
    const page = await signedInPage(browser, LAWYER);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/dashboard/inicio');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectAccessible(page, 'the lawyer board on a phone');
    await page.goto('/profile');
    await expect(page.getByLabel(es.trust.barNumber)).toBeVisible();
    await expectAccessible(page, 'Ficha de Abogado on a phone');
  });
});
