#!/usr/bin/env node
/**
 * `npm test`: type check, lint, unit + integration tests (Vitest), browser tests (Playwright against the
 * production build). Ends with one plain line `N passed, N failed` that CI reads.
 * `--no-e2e` skips the browser tests; `--only-server` runs just the server integration tests (CI uses it
 * for the second run against PostgreSQL).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const args = new Set(process.argv.slice(2));
const onlyServer = args.has('--only-server');
const withE2e = !args.has('--no-e2e') && !onlyServer;

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];
/** each failed test by file and name, printed again at the very end where a log's tail still shows it */
const failedNames = [];
/** journeys that passed only on their retry */
const flakyNames = [];
/** worth reading, not failures */
const problemsNoted = [];

/** how long each step took, printed at the end so a slow CI run says where its minutes went */
const timings = [];
const startedAt = Date.now();

function timed(label, since) {
  timings.push(`${label}: ${Math.round((Date.now() - since) / 1000)} s`);
}

function run(label, command, commandArgs, env = {}) {
  process.stdout.write(`\n── ${label} ──\n`);
  const since = Date.now();
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  timed(label, since);
  if (result.status !== 0) problems.push(`${label} (exit ${result.status ?? result.signal})`);
  return result.status === 0;
}

function readJsonText(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function readJson(file) {
  try {
    return readJsonText(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Runs `command` with its output kept, and prints the output under its label once it has ended, so steps
 * that run at the same time do not mix their lines. Resolves to whether it passed.
 */
function runQuietly(label, command, commandArgs) {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      timed(label, since);
      process.stdout.write(`\n── ${label} ──\n${Buffer.concat(output).toString()}`);
      if (code !== 0) problems.push(`${label} (exit ${code ?? signal})`);
      resolve(code === 0);
    });
  });
}

const withBrowser = withE2e && (existsSync('/usr/bin/chromium') || Boolean(process.env.CHROMIUM_PATH));
if (!onlyServer) {
  // the checks and the web build need no database and little of each other: they run at once, the build
  // for the browser tests below
  const since = Date.now();
  // the build is no check of its own: a failed one is named among the failed steps, as any step is
  const [checks] = await Promise.all([
    Promise.all([
      runQuietly('typecheck', 'npx', ['tsc', '-b', 'packages/shared', 'apps/server', 'apps/web']),
      runQuietly('lint', process.execPath, ['scripts/biome.mjs', 'check', '.']),
      runQuietly('import boundaries', 'npm', ['run', 'lint:deps', '--silent']),
      runQuietly('table writers', 'npm', ['run', 'lint:writers', '--silent']),
    ]),
    withBrowser && runQuietly('web build', 'npm', ['run', 'build', '--silent']),
  ]);
  timed('checks and build, at once', since);
  for (const ok of checks) {
    if (ok) passed++;
    else failed++;
  }
}

const vitestOut = path.join(root, '.vitest-results.json');
rmSync(vitestOut, { force: true });
run('unit and integration (vitest)', 'npx', [
  'vitest',
  'run',
  ...(onlyServer ? ['--project', 'server'] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestOut}`,
]);
const vitest = readJson(vitestOut);
if (vitest) {
  for (const file of vitest.testResults ?? []) {
    const where = path.relative(root, file.name ?? '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failedNames.push(`${where} › ${test.fullName ?? test.title}`);
    if (file.status === 'failed' && failedTests.length === 0) failedNames.push(`${where} (the file itself)`);
  }
  passed += vitest.numPassedTests ?? 0;
  failed += (vitest.numFailedTests ?? 0) + (vitest.numFailedTestSuites ?? 0);
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
} else {
  failed++;
}

/**
 * One Playwright process per journey group (apps/web/playwright.config.ts), each with its own server on its
 * own port and its own report; every output line is prefixed with its group. The groups run one after the
 * other: on a two-core machine the browser already keeps both cores busy, and two groups at once made each
 * journey 2.1 to 2.4 times slower, so the pair took longer than one group after the other (measured
 * 2026-11-29: group 2 alone 9.4 min, at once with group 1 over 20). JOURNEYS_AT_ONCE=1 runs them together,
 * for a machine with cores to spare.
 */
async function runJourneyGroups(groups) {
  const atOnce = process.env.JOURNEYS_AT_ONCE === '1';
  process.stdout.write(
    `\n── browser (playwright): ${groups.length} groups ${atOnce ? 'at once' : 'one after the other'} ──\n`,
  );
  const runGroup = (group, index) => {
    const since = Date.now();
    const report = path.join(root, `.playwright-results-${group}.json`);
    rmSync(report, { force: true });
    const child = spawn(
      'npx',
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--project', group],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_PORT: String(3107 + index) },
      },
    );
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`[${group}] ${line}\n`));
    }
    return new Promise((resolve) => {
      child.on('close', (code, signal) => {
        timed(`browser (playwright) ${group}`, since);
        if (code !== 0) problems.push(`browser (playwright) ${group} (exit ${code ?? signal})`);
        resolve(readJson(report));
      });
    });
  };
  if (atOnce) return Promise.all(groups.map(runGroup));
  const reports = [];
  for (const [index, group] of groups.entries()) reports.push(await runGroup(group, index));
  return reports;
}

/** walks a Playwright JSON report's suites for the journeys that failed or passed only on their retry */
function collectJourneyNames(suites) {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const name = `${spec.file} › ${spec.title} [${test.projectName}]`;
        if (test.status === 'unexpected') failedNames.push(name);
        if (test.status === 'flaky') flakyNames.push(name);
      }
    }
    collectJourneyNames(suite.suites ?? []);
  }
}

if (withE2e) {
  if (!withBrowser) {
    problems.push('browser tests: Chromium is missing (apt-get install chromium)');
    failed++;
  } else {
    const listed = spawnSync(
      'npx',
      ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--list', '--reporter=json'],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const groups = readJsonText(listed.stdout)?.config?.projects?.map((project) => project.name) ?? [];
    if (groups.length === 0) {
      problems.push(`browser tests: the journey groups could not be listed\n${listed.stderr}`);
      failed++;
    }
    for (const report of await runJourneyGroups(groups)) {
      collectJourneyNames(report?.suites ?? []);
      if (report?.stats) {
        // CI retries a journey once; one that passed on its retry counts as passed but is named below, so
        // a flaky journey stays visible without turning a good run red
        const flaky = report.stats.flaky ?? 0;
        passed += (report.stats.expected ?? 0) + flaky;
        failed += report.stats.unexpected ?? 0;
        if (flaky > 0) problemsNoted.push(`${flaky} browser journey(s) passed only on their retry (flaky)`);
        skipped += report.stats.skipped ?? 0;
      } else {
        failed++;
      }
    }
  }
}

timed('all', startedAt);
process.stdout.write(`\nTimes: ${timings.join('; ')}\n`);
if (problems.length) process.stdout.write(`\nFailed steps: ${problems.join('; ')}\n`);
if (problemsNoted.length) process.stdout.write(`\nNote: ${problemsNoted.join('; ')}\n`);
if (failedNames.length)
  process.stdout.write(`\nFailed tests:\n${failedNames.map((name) => `  ${name}`).join('\n')}\n`);
if (flakyNames.length)
  process.stdout.write(`\nFlaky journeys:\n${flakyNames.map((name) => `  ${name}`).join('\n')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 || problems.length > 0 ? 1 : 0);
