import { defineConfig } from 'vitest/config';

/** One Vitest run, three projects: shared (node), server (node, real database per file), web (jsdom). */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          globalSetup: ['./test/global-setup.ts'],
          // each file opens its own database; PGlite is memory-hungry, so keep workers few
          pool: 'forks',
          maxWorkers: 2,
          // a project with its own maxWorkers runs in its own group (Vitest 4 refuses to mix them)
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
    ],
  },
});
