import { defineProject } from 'vitest/config';

const base = {
  root: './apps/web',
  environment: 'jsdom',
  setupFiles: ['./src/test/setup.ts'],
  passWithNoTests: true,
  // user-event types key by key: the long forms (the lawyer wizard) need more than 5 s on a busy 2-core machine
  testTimeout: 20_000,
} as const;

/**
 * The files that replace a module (`vi.mock`), watch a module load for the first time, or change a module's state
 * for good (the landing's SPA, once started in place, stays for the module's life) need a module graph of their
 * own; every other file shares its worker's graph and jsdom window, which saves most of the project's time (a
 * fresh jsdom and a fresh import of React and the app per file).
 */
export const FRESH_MODULES = [
  'src/app/landing/landing-app.test.tsx',
  'src/app/routes/landing-route.test.tsx',
  'src/components/avatar-editor/avatar-editor.test.tsx',
  'src/components/form/picker-on-demand.test.tsx',
  'src/features/auth/components/login-modal.test.tsx',
  'src/features/payments/components/payment-test-page.test.tsx',
  'src/lib/api-client.test.ts',
];

export const webFreshModules = defineProject({
  test: { ...base, name: 'web-fresh-modules', include: FRESH_MODULES, isolate: true },
});

export default defineProject({
  test: {
    ...base,
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: FRESH_MODULES,
    isolate: false,
  },
});
