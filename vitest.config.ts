import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { webFreshModules } from './apps/web/vitest.config.ts';

/**
 * The server files that take over ten seconds (they start server processes, kill them, or wait out a hanging
 * SMTP server), measured on a two-core machine. They start first: on a clean clone Vitest knows no durations
 * and keeps the files' path order, which put most of them last, where one worker ran them alone for a minute
 * and a half while the other had nothing left. A file missing here only runs in its usual place.
 */
const SLOW_SERVER_FILES = [
  'test/shutdown.test.ts',
  'test/mail-kill.process.test.ts',
  'src/db/data-lock.test.ts',
  'src/modules/notifications/mail-latency.test.ts',
  'test/hostile-input.test.ts',
  'src/db/backup.test.ts',
  'src/modules/alerts/alerts.test.ts',
  'test/authorization.test.ts',
  'src/modules/health/health.routes.test.ts',
  'test/slow-clients.test.ts',
];

class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_SERVER_FILES.findIndex((slow) => file.moduleId.endsWith(`/apps/server/${slow}`));
      return index === -1 ? SLOW_SERVER_FILES.length : index;
    };
    // the projects stay in the order Vitest chose (their groups); a stable sort keeps the rest in place
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return sorted.toSorted(
      (a, b) => projects.indexOf(a.project.name) - projects.indexOf(b.project.name) || rank(a) - rank(b),
    );
  }
}

/**
 * One Vitest run, four projects: shared (node), server (node, real database per file), web and web-fresh-modules
 * (jsdom; apps/web/vitest.config.ts says which files need modules of their own).
 */
export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
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
