import { readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/chromium.ts';

/**
 * Browser journeys against the production build served by the real server (one process, its own fresh
 * data folder with demo data). Debian's Chromium: Playwright's own browser download cannot work here.
 *
 * The journeys are split in two groups of about the same length (the projects below). `npm test` runs
 * each group in its own Playwright process with its own server and port, one after the other (at once
 * with JOURNEYS_AT_ONCE=1: on two cores that made every journey more than twice as slow), so the groups
 * never see each other's data; `npx playwright test` with no project runs both, one after the other, on
 * one server.
 */
const port = Number(process.env.E2E_PORT ?? 3107);

/** Measured lengths on a quiet machine decide the split; every spec file belongs to exactly one group. */
export const JOURNEY_GROUPS = [
  [
    'accessibility.spec.ts',
    'alerts.spec.ts',
    'axe-routes-public.spec.ts',
    'colegiacion.spec.ts',
    'consultation-call.spec.ts',
    'consultations.spec.ts',
    'cookie-banner-flash.spec.ts',
    'decline-counter.spec.ts',
    'foundation.spec.ts',
    'live-case.spec.ts',
    'notifications-live.spec.ts',
    'proposal-changes.spec.ts',
    'search-filters.spec.ts',
    'small-defects.spec.ts',
    'trust.spec.ts',
  ],
  [
    'accounts.spec.ts',
    'admin.spec.ts',
    'axe-routes-signed.spec.ts',
    'cases.spec.ts',
    'chat.spec.ts',
    'directory.spec.ts',
    'documents.spec.ts',
    'invoices.spec.ts',
    'journeys.spec.ts',
    'keyboard.spec.ts',
    'money.spec.ts',
    'notifications.spec.ts',
    'payments.spec.ts',
    'privacy.spec.ts',
    'proposal-journeys.spec.ts',
    'public-pages.spec.ts',
    'reviews.spec.ts',
    'verify-email.spec.ts',
  ],
];

const specs = readdirSync(path.join(import.meta.dirname, 'e2e')).filter((file) => file.endsWith('.spec.ts'));
const grouped = JOURNEY_GROUPS.flat();
const misplaced = specs.filter((file) => grouped.filter((entry) => entry === file).length !== 1);
if (misplaced.length > 0 || grouped.length !== specs.length) {
  throw new Error(
    `every journey file belongs to exactly one group in playwright.config.ts: ${misplaced.join(', ')}`,
  );
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // a slow CI machine: a journey gets two minutes before it counts as stuck
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 20_000 : 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // a trace records DOM snapshots and a screencast of every action, which took a third of the machine's CPU
    // through a group: only a retry records one, so a journey that fails twice leaves its trace
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: JOURNEY_GROUPS.map((files, index) => ({
    name: `journeys-${index + 1}`,
    testMatch: files,
    outputDir: `test-results/journeys-${index + 1}`,
    use: { ...devices['Desktop Chrome'], channel: undefined, viewport: { width: 1280, height: 800 } },
  })),
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // a loaded machine may need longer to seed the demo data (E2E_SERVER_TIMEOUT_MS)
    timeout: Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 120_000),
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
