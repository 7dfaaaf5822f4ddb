import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COOKIE_CONSENT_KEY } from '@l4l/shared/constants/limits';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

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
let lastAdminStep = -1;

/**
 * A TOTP code of the e2e administrator that has not been used yet: the server accepts each code once
 * (RFC 6238 §5.2), so after a sign-in in the same 30 s step this waits for the next step.
 */
export async function freshAdminCode(): Promise<string> {
  let step = Math.floor(Date.now() / TOTP_STEP_MS);
  if (step <= lastAdminStep) {
    await new Promise((resolve) => setTimeout(resolve, (lastAdminStep + 1) * TOTP_STEP_MS - Date.now() + 50));
    step = Math.floor(Date.now() / TOTP_STEP_MS);
  }
  lastAdminStep = step;
  return adminTotp.generate({ timestamp: step * TOTP_STEP_MS + 1000 });
}

let cachedAdminToken: string | undefined;

/**
 * An admin token for API calls that stand in for the console in journeys of other features: the
 * password, then the second factor (API.md "Auth"). One sign-in per test run, in a request context of
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
