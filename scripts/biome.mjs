#!/usr/bin/env node
/**
 * Runs Biome's native binary for this machine. The project depends on Biome's Linux binaries directly
 * (optionalDependencies) rather than on the `@biomejs/biome` wrapper, whose other-platform packages the
 * package registry available to our machines does not serve, which left npm's lock file unusable by
 * `npm ci` (docs/decisions/0001-stack.md).
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const candidates = [`@biomejs/cli-${process.platform}-${process.arch}/biome`];
let binary;
for (const candidate of candidates) {
  try {
    binary = require.resolve(candidate);
    break;
  } catch {}
}
if (!binary) {
  console.error(
    `Biome has no binary installed for ${process.platform}-${process.arch}. ` +
      `Install one with: npm install --no-save @biomejs/biome`,
  );
  process.exit(1);
}
const run = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
process.exit(run.status ?? 1);
