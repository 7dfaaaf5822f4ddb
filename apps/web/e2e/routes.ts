import { consultationsWebEs } from '@l4l/shared/texts/consultations-web';
import { es } from '@l4l/shared/texts/es';
import { moneyWebEs } from '@l4l/shared/texts/money-web';
import { expect, type Page } from '@playwright/test';

/**
 * Every route of the web app's router (src/app/router.tsx) for every role that can open it, in one place:
 * the axe specs (axe-routes.ts) visits each at 1280 and 375 px and opens its main dialogs. A route a
 * role cannot open (the guard or the layout sends it elsewhere) is left out of that role's list. Param
 * routes take real ids of the demo data, looked up once per role (`demoIds`).
 */
export type Role = 'visitor' | 'client' | 'lawyer' | 'admin';

/** The demo person each signed-in role is (the administrator is the e2e server's own, with its second factor). */
export const ROLE_MAIL: Record<Exclude<Role, 'visitor'>, string> = {
  client: 'cliente1@l4l.demo',
  lawyer: 'lucia.garcia@l4l.demo',
  admin: 'e2e-admin@l4l.test',
};

export type DemoIds = { lawyerId: string; caseId: string };

export type Dialog = {
  name: string;
  /** opens it and waits until it shows; Escape closes it afterwards */
  open: (page: Page) => Promise<void>;
  /** only at this width (the phone menu exists at 375 px only) */
  width?: number;
};

export type AppRoute = {
  /** the router's path; `:lawyerId` and `:caseId` take the demo's ids */
  path: string;
  roles: Role[];
  /** what shows once the screen has loaded (default: its level-1 heading) */
  ready?: (page: Page) => Promise<void>;
  dialogs?: Partial<Record<Role, Dialog[]>>;
};

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
const dialogNamed = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('dialog', { name })).toBeVisible();
};
const firstArticle = async (page: Page) => {
  await expect(page.getByRole('article').first()).toBeVisible();
};
const tableOrEmpty = (empty: string) => async (page: Page) => {
  await h1(page);
  await expect(page.getByRole('table').or(page.getByText(empty)).first()).toBeVisible();
};
const click = (page: Page, name: string | RegExp) => page.getByRole('button', { name }).first().click();

/** The dialog `button` opens, ready once the dialog named `title` shows. */
const opensDialog = (name: string, button: string | RegExp, title: string | RegExp): Dialog => ({
  name,
  open: async (page) => {
    await click(page, button);
    await dialogNamed(title)(page);
  },
});

const SIGNED_IN: Role[] = ['client', 'lawyer'];
const phoneMenu: Dialog = {
  ...opensDialog('the phone menu', es.buttons.menu, es.nav.menuTitle),
  width: 375,
};
const passwordAndAvatar: Dialog[] = [
  opensDialog('the password modal', es.buttons.renewPassword, es.profile.passwordModalTitle),
  opensDialog('the avatar editor', es.lawyerProfile.editPhoto, es.profile.avatarTitle),
];
const adminDialog = (name: string, button: RegExp): Dialog => ({
  name,
  open: async (page) => {
    await click(page, button);
    await expect(page.getByRole('dialog')).toBeVisible();
  },
});

export const APP_ROUTES: AppRoute[] = [
  // the public layout
  {
    // the visitor arrives with no cookie choice: the banner shows over the landing, then is answered
    path: '/',
    roles: ['visitor'],
    ready: async (page) => {
      await h1(page);
      await expect(page.getByRole('region', { name: es.cookies.label })).toBeVisible();
    },
    dialogs: {
      visitor: [
        {
          name: 'the landing with the cookie banner answered',
          open: async (page) => {
            const banner = page.getByRole('region', { name: es.cookies.label });
            await banner.getByRole('button', { name: es.cookies.reject }).click();
            await expect(banner).toBeHidden();
          },
        },
      ],
    },
  },
  { path: '/login', roles: ['visitor'], ready: dialogNamed(es.login.title) },
  // after an erasure: the login, with the notice of what was kept
  { path: '/cuenta-eliminada', roles: ['visitor'], ready: dialogNamed(es.login.title) },
  {
    path: '/registro',
    roles: ['visitor'],
    ready: async (page) => {
      await expect(page.getByRole('dialog').getByRole('heading', { name: es.register.title })).toBeVisible();
    },
  },
  { path: '/ruta-que-no-existe', roles: ['visitor'] },
  { path: '/reset-password?token=abc', roles: ['visitor'] },
  { path: '/confirmar-correo?token=abc', roles: ['visitor'] },
  { path: '/verificar-correo?token=abc', roles: ['visitor'] },
  { path: '/politica-de-privacidad', roles: ['visitor', 'client'] },
  { path: '/politica-de-cookies', roles: ['visitor'] },
  { path: '/aviso-legal', roles: ['visitor'] },
  { path: '/payment-success', roles: ['visitor', 'client'] },
  { path: '/payment-error', roles: ['visitor', 'client'] },
  {
    path: '/payment/completion?payment_intent=pi_test_123&redirect_status=succeeded',
    roles: ['visitor', 'client'],
  },
  // the dashboard
  {
    path: '/dashboard/inicio',
    roles: SIGNED_IN,
    ready: firstArticle,
    dialogs: {
      client: [phoneMenu],
      lawyer: [
        phoneMenu,
        opensDialog('the proposal modal', es.buttons.sendProposal, es.buttons.sendProposal),
      ],
    },
  },
  {
    path: '/dashboard/abogados/:lawyerId',
    roles: SIGNED_IN,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: es.ratings.panel })).toBeVisible();
    },
    dialogs: {
      client: [
        opensDialog('the start-a-case dialog', es.buttons.tellYourCase, es.lawyerProfile.startCaseTitle),
      ],
    },
  },
  {
    // reached with navigation state {lawyerId}: opened at its address alone it says what is missing
    path: '/dashboard/detail',
    roles: SIGNED_IN,
    ready: async (page) => {
      await expect(page.getByText(es.lawyerProfile.noId)).toBeVisible();
    },
  },
  { path: '/dashboard/casos', roles: SIGNED_IN, ready: firstArticle },
  {
    path: '/dashboard/casos/:caseId',
    roles: SIGNED_IN,
    ready: async (page) => {
      await expect(page.getByRole('list', { name: es.caseDetail.timelineTitle })).toBeVisible();
    },
  },
  {
    // reached with navigation state {caseId}: opened at its address alone it says what is missing
    path: '/dashboard/casos/informacion-del-caso',
    roles: SIGNED_IN,
    ready: async (page) => {
      await expect(page.getByText(es.cases.noCaseId)).toBeVisible();
    },
  },
  { path: '/dashboard/notificaciones', roles: SIGNED_IN },
  // (+) first consultations: both parties' list (the room needs a consultation of the signed-in person's)
  { path: '/dashboard/consultas', roles: ['client', 'lawyer'] },
  {
    // (+) a lawyer's slot picker, where a client books a first consultation
    path: '/dashboard/abogados/:lawyerId/primera-consulta',
    roles: ['client'],
    ready: async (page) => {
      await expect(
        page.getByRole('heading', { name: consultationsWebEs.booking.title }).first(),
      ).toBeVisible();
    },
  },
  {
    path: '/dashboard/cobros',
    roles: ['lawyer'],
    ready: tableOrEmpty(moneyWebEs.payouts.transfers.empty),
  },
  {
    path: '/dashboard/begincase',
    roles: ['client'],
    ready: async (page) => {
      await expect(page.getByLabel(es.cases.titleLabel)).toBeVisible();
    },
  },
  {
    path: '/profile',
    roles: SIGNED_IN,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: es.buttons.renewPassword })).toBeVisible();
    },
    dialogs: { client: passwordAndAvatar, lawyer: passwordAndAvatar },
  },
  {
    path: '/dashboard/profile/billing',
    roles: SIGNED_IN,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: es.billing.subtitle })).toBeVisible();
      await expect(page.getByRole('table').or(page.getByText(es.billing.empty)).first()).toBeVisible();
    },
  },
  {
    path: '/dashboard/chat',
    roles: SIGNED_IN,
    ready: async (page) => {
      const list = page.getByRole('navigation', { name: es.chat.listLabel });
      await expect(list.getByRole('link').first()).toBeVisible();
    },
  },
  {
    // the old address of the chat: it opens the dashboard's, with the first conversation
    path: '/chat',
    roles: SIGNED_IN,
    ready: async (page) => {
      await expect(page).toHaveURL(/\/dashboard\/chat/);
      await expect(page.getByRole('navigation', { name: es.chat.listLabel })).toBeVisible();
    },
  },
  {
    path: '/payout/sandbox/sbx_acct_axe',
    roles: ['lawyer'],
    ready: async (page) => {
      // titled for changing the account once the lawyer's enabled account has loaded
      await expect(
        page
          .getByRole('heading', { name: moneyWebEs.sandbox.title })
          .or(page.getByRole('heading', { name: moneyWebEs.sandbox.changeTitle })),
      ).toBeVisible();
    },
  },
  // the administration console
  { path: '/payment', roles: ['admin'] },
  {
    path: '/admin',
    roles: ['admin'],
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: moneyWebEs.admin.summary.title })).toBeVisible();
    },
  },
  {
    path: '/admin/abogados',
    roles: ['admin'],
    ready: firstArticle,
    dialogs: { admin: [adminDialog('the reject-lawyer dialog', new RegExp(`^${es.admin.lawyers.reject}`))] },
  },
  {
    path: '/admin/usuarios',
    roles: ['admin'],
    ready: async (page) => {
      await expect(page.getByRole('table')).toBeVisible();
    },
    dialogs: { admin: [adminDialog('the ban dialog', new RegExp(`^${es.admin.users.ban}`))] },
  },
  {
    path: '/admin/casos',
    roles: ['admin'],
    ready: async (page) => {
      await expect(page.getByRole('table', { name: es.admin.sections.cases })).toBeVisible();
    },
    dialogs: { admin: [adminDialog('the case review dialog', new RegExp(`^${es.admin.cases.review}`))] },
  },
  {
    path: '/admin/pagos',
    roles: ['admin'],
    ready: tableOrEmpty(moneyWebEs.admin.table.empty),
    dialogs: { admin: [adminDialog('the refund dialog', /^Reembolsar el pago del caso/)] },
  },
  { path: '/admin/auditoria', roles: ['admin'] },
  { path: '/admin/valoraciones', roles: ['admin'] },
];

/** The demo ids the param routes take, read as the signed-in role (the visitor needs none). */
export async function demoIds(page: Page, role: Role): Promise<DemoIds> {
  if (role === 'visitor' || role === 'admin') return { lawyerId: '', caseId: '' };
  const lawyers = await page.request.get('/api/lawyers?search=garcia');
  const lawyerId = ((await lawyers.json()).data?.[0]?.id as string | undefined) ?? '';
  await page.goto('/dashboard/casos');
  const link = page.getByRole('article').first().locator('a[href*="/dashboard/casos/"]').first();
  await expect(link).toBeVisible();
  const caseId = ((await link.getAttribute('href')) ?? '').split('/').pop() ?? '';
  expect(lawyerId && caseId, 'the demo has a lawyer and a case to open').toBeTruthy();
  return { lawyerId, caseId };
}

/** The route's address with the demo's ids in place of its params. */
export const addressOf = (route: AppRoute, ids: DemoIds) =>
  route.path.replace(':lawyerId', ids.lawyerId).replace(':caseId', ids.caseId);

export const defaultReady = h1;
