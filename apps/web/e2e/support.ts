import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { COOKIE_CONSENT_KEY } from '@l4l/shared/constants/limits';
import { es } from '@l4l/shared/texts/es';
import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
  test,
  type WebSocket,
} from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The avatar editor (`editor`, its dialog) given one of the demo's drawn avatars, a PNG, to crop. */
export async function pickDemoAvatar(editor: Locator) {
  const avatars = path.join(e2eDataDir, 'uploads', 'avatars');
  const picture = readdirSync(avatars).find((file) => file.endsWith('.png')) ?? '';
  await editor.locator('input[type="file"]').setInputFiles(path.join(avatars, picture));
}

/** The e2e server (playwright.config.ts). */
export const e2eBaseUrl = `http://localhost:${process.env.E2E_PORT ?? '3107'}`;

/** The e2e server's data folder (e2e/serve.mjs). */
export const e2eDataDir = path.join(tmpdir(), `l4l-e2e-${process.env.E2E_PORT ?? '3107'}`);

/** The demo accounts the seed creates (README lists them too). */
export const DEMO_PASSWORD = 'L4l-Demo-2026';

/** The newest mail in the outbox sent to `to`, as raw .eml text. */
export function latestMailTo(to: string): string | undefined {
  const outbox = path.join(e2eDataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
  } catch {
    return undefined;
  }
  const mails = files
    .map((f) => ({ f, text: readFileSync(path.join(outbox, f), 'utf8') }))
    .filter(({ text }) => text.toLowerCase().includes(`to: ${to.toLowerCase()}`))
    .sort((a, b) => a.f.localeCompare(b.f));
  return mails.at(-1)?.text;
}

/** A mail's Subject with its RFC 2047 encoded words decoded (nodemailer writes accents that way). */
export function mailSubject(raw: string): string {
  const folded = raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '';
  return folded
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_all, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/g, (_hex, code: string) =>
                String.fromCharCode(Number.parseInt(code, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/**
 * The first link of a mail to `pathname` (an absolute URL), read through its quoted-printable encoding:
 * soft line breaks joined, `=3D` back to `=` (a URL carries nothing else that needs decoding).
 */
export function mailLink(raw: string, pathname: string): string | undefined {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const escaped = pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.match(new RegExp(`https?://[^\\s"<>]*${escaped}[^\\s"<>]*`))?.[0];
}

/**
 * The WebSockets a page opens and the STOMP destinations each subscribes to, watched from now on: what
 * the tab holds open, and whether the live pushes are subscribed yet.
 */
export function watchStomp(page: Page) {
  const sockets: WebSocket[] = [];
  const subscribed = new Map<WebSocket, string[]>();
  page.on('websocket', (socket) => {
    sockets.push(socket);
    subscribed.set(socket, []);
    socket.on('framesent', ({ payload }) => {
      const text = payload.toString();
      const destination = text.startsWith('SUBSCRIBE') ? text.match(/^destination:(.*)$/m)?.[1] : null;
      if (destination) subscribed.get(socket)?.push(destination);
    });
  });
  const openSockets = () => sockets.filter((socket) => !socket.isClosed());
  return {
    subscriptions: () => openSockets().flatMap((socket) => subscribed.get(socket) ?? []),
  };
}

/**
 * How many WebSockets the page's current document holds connecting or open, counted inside the page from
 * its next load on. The browser does not always tell the test when a socket of a document left by a
 * navigation closes; counted from inside, such a document simply has none.
 */
export async function countPageSockets(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const made: Array<InstanceType<typeof Native>> = [];
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof Native>) {
        super(...args);
        made.push(this);
      }
    };
    Object.defineProperty(window, '__l4lOpenSockets', {
      value: () => made.filter((socket) => socket.readyState <= Native.OPEN).length,
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __l4lOpenSockets?: () => number }).__l4lOpenSockets?.() ?? 0);
}

/** Chooses the cookie consent before the page loads, so the banner stays out of the way. */
export async function presetConsent(page: Page, value: 'true' | 'false') {
  await page.addInitScript(
    ([key, v]) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, v);
    },
    [COOKIE_CONSENT_KEY, value] as const,
  );
}

let counter = 0;
/** A mail nobody has used yet in this run. */
export function freshMail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@example.com`;
}

/** The administrator that e2e/serve.mjs ensures at start, with its second-factor secret. */
export const E2E_ADMIN = { email: 'e2e-admin@l4l.test', password: 'E2e-Admin-Clave-2026' };
export const E2E_ADMIN_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';

const TOTP_STEP_MS = 30_000;
const adminTotp = new TOTP({
  issuer: 'L4L',
  algorithm: 'SHA1',
  digits: 6,
  period: 30,
  secret: Secret.fromBase32(E2E_ADMIN_TOTP_SECRET),
});
/**
 * The last step this run's server was sent, kept beside its data: Playwright starts a new worker after a
 * failed journey, and a worker that forgot the steps its predecessor used would send one of them again
 * (refused as a replay), failing its retry and every admin sign-in for the next minute with it.
 */
const adminStepFile = path.join(e2eDataDir, 'e2e-admin-totp-step');
const lastAdminStep = (): number => {
  try {
    return Number(readFileSync(adminStepFile, 'utf8')) || -1;
  } catch {
    return -1;
  }
};

/**
 * A TOTP code of the e2e administrator that has not been used yet. The server accepts each step once and
 * one step of drift either way (RFC 6238; ADR 0007), so three sign-ins fit in one 30 s step — the previous step's code,
 * this one's and the next one's — before this waits. The previous step is not used in the last seconds of
 * a step, when it is about to fall out of the server's window.
 */
export async function freshAdminCode(): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / TOTP_STEP_MS);
    const earliest = now % TOTP_STEP_MS < TOTP_STEP_MS - 3000 ? current - 1 : current;
    const step = Math.max(lastAdminStep() + 1, earliest);
    if (step <= current + 1) {
      writeFileSync(adminStepFile, String(step));
      return adminTotp.generate({ timestamp: step * TOTP_STEP_MS + 1000 });
    }
    // every usable step is taken: wait until the step before `step` begins
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * TOTP_STEP_MS - now + 50));
  }
}

let cachedAdminToken: string | undefined;

/**
 * An admin token for API calls that stand in for the console in journeys of other features: the
 * password, then the second factor (docs/api/http.md, Auth). One sign-in per test run, in a request context of
 * its own so the session cookie it sets never mixes with the journey's (a later logout there would end it).
 */
export async function adminToken(_request?: APIRequestContext): Promise<string> {
  if (cachedAdminToken) return cachedAdminToken;
  const context = await playwrightRequest.newContext({ baseURL: e2eBaseUrl });
  try {
    const res = await context.post('/api/auth/login', { data: E2E_ADMIN });
    const mfaToken = (await res.json()).data?.mfaToken;
    if (!mfaToken) throw new Error(`admin login failed: ${res.status()}`);
    const verified = await context.post('/api/auth/mfa/verify', {
      data: { mfaToken, code: await freshAdminCode() },
    });
    const body = await verified.json();
    if (!body.data?.token) {
      throw new Error(`admin second factor failed: ${verified.status()} ${JSON.stringify(body)}`);
    }
    cachedAdminToken = body.data.token as string;
    return cachedAdminToken;
  } finally {
    await context.dispose();
  }
}

/** Registers a client through the API (for journeys whose subject is not registration). */
export async function registerClient(request: APIRequestContext, mail = freshMail('cliente')) {
  const password = 'Cliente-Prueba-2026';
  const res = await request.post('/api/auth/user/register', {
    data: { mail, password, name: 'Marta', surname: 'Ruiz Gómez', phoneNumber: '612345678' },
  });
  if (res.status() !== 200) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  // the API client keeps the cookie register sets; drop it so the browser context starts signed out
  await request.post('/api/auth/logout');
  return { mail, password };
}

/**
 * A client registered and signed in (cookie consent given) in a browser context of their own, with a case
 * they opened and an administrator published, so lawyers can propose on it.
 */
export async function clientWithPublishedCase(
  browser: Browser,
  request: APIRequestContext,
  theCase: { title: string; description: string },
) {
  const client = await registerClient(request);
  const context = await browser.newContext();
  const page = await context.newPage();
  await presetConsent(page, 'true');
  await signInThroughModal(page, client.mail, client.password);
  const created = await page.request.post('/api/cases/new-case', { data: theCase });
  expect(created.status()).toBe(200);
  const caseId = (await created.json()).data.id as string;
  const approved = await request.post(`/api/admin/cases/${caseId}/approve`, {
    headers: { authorization: `Bearer ${await adminToken()}` },
    data: { category: 'Abogado Civil' },
  });
  expect(approved.status()).toBe(200);
  return { client, context, page, caseId };
}

/**
 * What axe checks: WCAG 2.0, 2.1 and 2.2, levels A and AA, plus axe's best practices (heading
 * order, unique landmarks, named dialogs), which Lighthouse's accessibility score counts too.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
/**
 * WCAG rules axe ships as experimental, so off unless named: label in name (2.5.3), which a sighted
 * speech-input user trips on when a control's accessible name does not contain the text it shows.
 */
const AXE_EXTRA_RULES = ['label-content-name-mismatch'];

/**
 * Waits until no finite CSS animation or transition is running (dialogs fade and rise in), so axe
 * measures the colours a person ends up seeing, not a half-transparent frame. Spinners loop forever
 * and are left alone.
 */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * axe-core on the page as it is now (an open dialog included): its serious and critical violations, each
 * with its impact, the elements it points at and why. Moderate and minor findings are attached to the
 * test as annotations, so the report still shows them.
 */
export async function seriousViolations(
  page: Page,
  where: string,
  options: { exclude?: string[] } = {},
): Promise<string[]> {
  await settleAnimations(page);
  // with no dialog open, the page at its top: axe's target-size counts a control scrolled beneath the
  // sticky header as obscured, which says where the test left the scroll, not how the page is built
  await page.evaluate(() => {
    if (!document.querySelector('[role="dialog"], dialog[open], [aria-modal="true"]')) window.scrollTo(0, 0);
  });
  // options() replaces what withTags() set: the extra rules first, then the tags. Legacy mode runs axe in
  // the page itself; the default opens a second, blank page for every check to merge frames' results in,
  // which costs more than the check (the app has no frames)
  let builder = new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({
      rules: Object.fromEntries(AXE_EXTRA_RULES.map((id) => [id, { enabled: true }])),
      resultTypes: ['violations'],
    })
    .withTags(AXE_TAGS);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const describe = (violation: (typeof violations)[number]) =>
    `${violation.id} (${violation.impact}) on ${where}: ${violation.help}\n${violation.nodes
      .map((node) => {
        const why = node.failureSummary?.split('\n').slice(1, 2).join(' ').trim();
        return `    ${node.target.join(' ')}${why ? ` — ${why}` : ''}`;
      })
      .join('\n')}`;
  const serious = violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  for (const violation of violations.filter((v) => !serious.includes(v))) {
    test.info().annotations.push({ type: `axe on ${where}`, description: describe(violation) });
  }
  return serious.map(describe);
}

/** axe-core on the page as it is now (an open dialog included): no serious or critical violation. */
export async function expectAccessible(page: Page, where: string, options: { exclude?: string[] } = {}) {
  expect(
    await seriousViolations(page, where, options),
    `axe: serious or critical violations on ${where}`,
  ).toEqual([]);
}

/** Signs in through the login modal (the path a person takes), ending on the dashboard or the console. */
export async function signInThroughModal(page: Page, mail: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(es.login.email).fill(mail);
  await dialog.getByLabel(es.login.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
  await expect(page).toHaveURL(/\/dashboard\/inicio/);
}

/** The id of the person signed in on this page. */
export async function myId(page: Page): Promise<string> {
  const answer = await page.request.get('/api/auth/me');
  expect(answer.status()).toBe(200);
  return (await answer.json()).data.id as string;
}

/** The e2e administrator signed in through the modal and its second step, on /admin. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(es.login.email).fill(E2E_ADMIN.email);
  await dialog.getByLabel(es.login.password, { exact: true }).fill(E2E_ADMIN.password);
  await dialog.getByRole('button', { name: es.buttons.continue }).click();
  const mfa = page.getByRole('dialog', { name: es.admin.mfa.title });
  await mfa.getByLabel(es.admin.mfa.code).fill(await freshAdminCode());
  await mfa.getByRole('button', { name: es.admin.mfa.verify }).click();
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * The browser storage (session cookie, consent) of a signed-in account, made once per run and account,
 * so each page test starts signed in without going through the modal again.
 */
const sessions = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();
export async function signedInState(browser: Browser, mail: string, password = DEMO_PASSWORD) {
  const known = sessions.get(mail);
  if (known) return known;
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await presetConsent(page, 'true');
    if (mail === E2E_ADMIN.email) await signInAsAdmin(page);
    else await signInThroughModal(page, mail, password);
    const state = await context.storageState();
    sessions.set(mail, state);
    return state;
  } finally {
    await context.close();
  }
}

/** A page signed in as `mail` (cookie consent given), in a context of its own. */
/**
 * The contexts signedInPage opened for the test running now. The worker's browser outlives a test, so a
 * context a journey forgot to close would keep its person connected (still 'En línea') into the next one:
 * the first signedInPage of a test closes what the previous test left open.
 */
let openedPages: { testId: string; contexts: BrowserContext[] } = { testId: '', contexts: [] };

export async function signedInPage(browser: Browser, mail: string, password = DEMO_PASSWORD): Promise<Page> {
  const { testId } = test.info();
  if (openedPages.testId !== testId) {
    await Promise.all(openedPages.contexts.map((left) => left.close()));
    openedPages = { testId, contexts: [] };
  }
  const context = await browser.newContext({ storageState: await signedInState(browser, mail, password) });
  openedPages.contexts.push(context);
  return context.newPage();
}

/** A short description of the focused element, for failure messages. */
async function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'nothing (body)';
    const name =
      el.getAttribute('aria-label') ??
      (el as HTMLInputElement).labels?.[0]?.textContent ??
      el.textContent?.trim().slice(0, 40) ??
      '';
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}> "${name}"`;
  });
}

/**
 * The focused control shows a focus indicator: a computed outline or box-shadow that is not none, on the
 * control itself or, for a visually hidden native input (a radio inside a card), on its label.
 */
export async function expectVisibleFocus(page: Page) {
  const result = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { ok: false };
    const ring = (node: Element) => {
      const style = getComputedStyle(node);
      const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
      return outline || style.boxShadow !== 'none';
    };
    const label = el.closest('label');
    return { ok: ring(el) || (label !== null && ring(label)) };
  });
  expect(result.ok, `no visible focus indicator on ${await describeFocus(page)}`).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus indicator of every control
 * passed on the way. Fails, naming the controls visited, when `target` is not reached in `max` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  options: { backwards?: boolean; max?: number } = {},
) {
  const visited: string[] = [];
  for (let i = 0; i < (options.max ?? 40); i++) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    visited.push(await describeFocus(page));
    await expectVisibleFocus(page);
    // a picker loaded on demand swaps its shell for the real trigger, same id, a few milliseconds after the
    // shell takes the focus: the locator may have resolved to the shell just replaced
    const reached = await target.evaluate(
      (el) => el === document.activeElement || (el.id !== '' && el.id === document.activeElement?.id),
    );
    if (reached) return;
  }
  throw new Error(`Tab never reached the target; focus went through:\n  ${visited.join('\n  ')}`);
}

/**
 * Focus stays inside an open dialog: Tab goes round every control of it and comes back to where it
 * started, Shift+Tab goes round the other way, and no press ever leaves the dialog.
 */
export async function expectFocusTrapped(page: Page, dialog: Locator) {
  const inside = () => dialog.evaluate((node) => node.contains(document.activeElement));
  const focusedHandle = async () => page.evaluateHandle(() => document.activeElement);
  expect(await inside(), `focus is not in the dialog but on ${await describeFocus(page)}`).toBe(true);
  for (const key of ['Tab', 'Shift+Tab']) {
    const start = await focusedHandle();
    let back = false;
    for (let i = 0; i < 60 && !back; i++) {
      await page.keyboard.press(key);
      expect(await inside(), `${key} left the dialog for ${await describeFocus(page)}`).toBe(true);
      await expectVisibleFocus(page);
      back = await page.evaluate((el) => el === document.activeElement, start);
    }
    expect(back, `${key} never came back round to the first control of the dialog`).toBe(true);
  }
}

/**
 * Screenshots of the page at 1280×800 and 375×812, into the folder SHOTS_DIR names (a path of the caller's
 * choosing, to look at the screens or compare a build before and after a change); nothing when it is unset,
 * so a CI run spends no time on them.
 */
export async function shootBothWidths(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(dir, `${name}-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * A real PNG of one colour (24×24 brass unless told), made here so a journey needs no fixture file: a
 * picture to attach in the chat or to crop as an avatar.
 */
export function png(
  width = 24,
  height = 24,
  rgb: readonly [number, number, number] = [226, 169, 63],
): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The `data` of an API answer that must be 200. */
export async function okData(response: APIResponse): Promise<Record<string, string>> {
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Record<string, string> }).data;
}

/**
 * A fresh client (signed in, in a browser context of their own) whose case an administrator published and
 * `lawyer` proposed on, all through the API: for journeys about what follows a proposal.
 */
export async function clientWithProposal(
  browser: Browser,
  lawyer: Page,
  theCase: { title: string; description: string; price: number },
) {
  const context = await browser.newContext();
  const account = await registerClient(context.request);
  await okData(
    await context.request.post('/api/auth/login', {
      data: { email: account.mail, password: account.password },
    }),
  );
  const client = context.request;
  const created = await okData(
    await client.post('/api/cases/new-case', {
      data: { title: theCase.title, description: theCase.description },
    }),
  );
  await okData(
    await client.post(`/api/admin/cases/${created.id}/approve`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
      data: { category: 'Abogado Civil' },
    }),
  );
  const proposal = await okData(
    await lawyer.request.post(`/api/proposal/create-proposal-to-case/${created.id}`, {
      data: { price: theCase.price, message: 'Me encargo yo, con un precio cerrado.' },
    }),
  );
  return { context, client, caseId: created.id as string, proposalId: proposal.id as string };
}

/**
 * Picks `name` in a combobox's list: clicks the combobox until its listbox shows (a click that lands before
 * the list's code has loaded opens nothing; a person clicks again), then the option.
 */
export async function chooseOption(page: Page, combobox: Locator, name: string) {
  const listbox = page.getByRole('listbox');
  await expect(async () => {
    if (!(await listbox.isVisible())) await combobox.click();
    await expect(listbox).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await listbox.getByRole('option', { name, exact: true }).click();
}
