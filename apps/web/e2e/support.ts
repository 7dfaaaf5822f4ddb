import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { COOKIE_CONSENT_KEY } from '@l4l/shared/constants/limits';
import type { APIRequestContext, Page } from '@playwright/test';

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

/** The administrator that e2e/serve.mjs ensures at start. */
export const E2E_ADMIN = { email: 'e2e-admin@l4l.test', password: 'E2e-Admin-Clave-2026' };

/** An admin token for API calls that stand in for the console in journeys of other features. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: E2E_ADMIN });
  const body = await res.json();
  if (!body.data?.token) throw new Error(`admin login failed: ${res.status()} ${JSON.stringify(body)}`);
  return body.data.token as string;
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
