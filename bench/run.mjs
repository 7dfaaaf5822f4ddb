#!/usr/bin/env node
/**
 * `npm run bench`: runs every benchmark listed here, one after the other, and fails when one fails (a
 * missed target). `npm run bench -- lawyers-listing` runs only the named ones. Add a benchmark by writing
 * bench/<name>.mjs (exit code 0 when its targets are met) and adding its name below. Each runs with tsx
 * loaded, so a benchmark may read the shared package's TypeScript constants.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHES = [
  'lawyers-listing',
  'board',
  'chat',
  'chat-10k',
  'web',
  'web-inp',
  'directory-1m',
  'board-1m',
  'hardening',
  'marketplace',
  'alerts',
];

const here = path.dirname(new URL(import.meta.url).pathname);
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !BENCHES.includes(name));
if (unknown.length) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${BENCHES.join(', ')}.`);
  process.exit(2);
}

const failed = [];
for (const name of asked.length ? asked : BENCHES) {
  console.log(`\n══ bench: ${name} ══`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, `${name}.mjs`)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed.push(`${name} (exit ${run.status ?? run.signal})`);
}
console.log(
  failed.length ? `\nBenchmarks failing: ${failed.join(', ')}` : '\nEvery benchmark met its targets.',
);
process.exit(failed.length ? 1 : 0);
