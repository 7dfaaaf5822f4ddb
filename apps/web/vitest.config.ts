import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    root: './apps/web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    passWithNoTests: true,
  },
});
