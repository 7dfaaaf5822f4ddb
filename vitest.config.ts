import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { webFreshModules } from './apps/web/vitest.config.ts';

/**
 * The server files that take longest, their setup included (they start server processes, kill them, wait out
 * a hanging SMTP server or seed tens of thousands of rows), longest first, measured on a two-core machine.
 * They start first: on a clean clone Vitest knows no durations and keeps the files' path order, which put
 * most of them last, where one worker ran them alone for a minute and a half while the other had nothing
 * left. A file missing here only runs in its usual place.
 */
const SLOW_SERVER_FILES = [
  'test/mail-kill.process.test.ts',
  'test/shutdown.test.ts',
  'src/modules/notifications/mail-latency.test.ts',
  'src/modules/public-pages/sitemap-index.test.ts',
  'src/modules/alerts/alerts.test.ts',
  'test/slow-clients.test.ts',
  'test/hostile-input.test.ts',
  'src/db/data-lock.test.ts',
  'src/db/backup.test.ts',
  'src/modules/lawyers/lawyers.equivalence.test.ts',
  'test/authorization.test.ts',
  'test/origin.process.test.ts',
  'test/build.process.test.ts',
  'src/modules/health/health.routes.test.ts',
  'test/topology.process.test.ts',
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
    // one pool for every project, three workers on two cores: the server's files spend much of their time
    // waiting (on child processes, timers, a hanging SMTP server) and a third worker fills it; the web files
    // run beside the server's instead of one at a time before them. Measured on two cores: a run of 288 s
    // (the web group first on Vitest's one default worker, then the server's on two) took 254 s in one pool
    // of two, 219 s of three, 223 s of four. Each worker holds an embedded database per file: memory, not cores, bounds it
    maxWorkers: 3,
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
          pool: 'forks',
          // every file builds its own app on its own database, so the files of a worker can share its module
          // graph: without isolation the server's modules load once per worker, not once per file (import
          // time was most of this project's time)
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      webFreshModules,
    ],
  },
});
