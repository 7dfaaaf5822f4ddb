import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: './apps/web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    passWithNoTests: true,
    // user-event types key by key: the long forms (the lawyer wizard) need more than 5 s on a busy 2-core machine
    testTimeout: 20_000,
  },
});
