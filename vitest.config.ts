import { defineConfig } from 'vitest/config';
import { webFreshModules } from './apps/web/vitest.config.ts';

/**
 * One Vitest run, four projects: shared (node), server (node, real database per file), web and web-fresh-modules
 * (jsdom; apps/web/vitest.config.ts says which files need modules of their own).
 */
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
          // every file builds its own app on its own database, so the files of a worker can share its module
          // graph: without isolation the server's modules load once per worker, not once per file (import
          // time was most of this project's time)
          isolate: false,
          // a project with its own maxWorkers runs in its own group (Vitest 4 refuses to mix them)
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      webFreshModules,
    ],
  },
});
