#!/usr/bin/env node
/**
 * `npm run build -w @l4l/server`: bundles the server into dist/server.js with esbuild
 * (docs/decisions/0019-server-bundle.md). Node packages stay imports, installed by `npm ci --omit=dev`;
 * the workspace's @l4l/shared (TypeScript sources) is bundled in. The files a source module reads next to
 * itself are copied next to the bundle, where the same relative URL finds them; the migrations and the
 * web build resolve from the package folder (src/lib/server-root.ts).
 */
import { cpSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
// --outdir: elsewhere, for the test that builds and starts a bundle (test/build.test.ts)
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = path.resolve(values.outdir ?? path.join(root, 'dist'));

/** Every non-TypeScript file under src/ and where the bundle's code looks for it (relative to dist/). */
const ASSETS = {
  'src/lib/fonts/LiberationSans-Regular.ttf': 'fonts/LiberationSans-Regular.ttf',
  'src/lib/fonts/LiberationSans-Bold.ttf': 'fonts/LiberationSans-Bold.ttf',
  'src/lib/fonts/LiberationSans-Italic.ttf': 'fonts/LiberationSans-Italic.ttf',
  'src/lib/fonts/LICENSE-Liberation.txt': 'fonts/LICENSE-Liberation.txt',
  'src/modules/auth/common-passwords.txt': 'common-passwords.txt',
};

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

// a data file added to src/ without a place in the bundle would be missing only in production
const unplaced = filesUnder(path.join(root, 'src')).filter(
  (file) => !file.endsWith('.ts') && !(file.split(path.sep).join('/') in ASSETS),
);
if (unplaced.length > 0) {
  process.stderr.write(`scripts/build.mjs: add these files to ASSETS: ${unplaced.join(', ')}\n`);
  process.exit(1);
}

/** Bare imports (node:*, npm packages) stay imports; only the workspace's own packages are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@l4l/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: { server: 'src/server.ts' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.12',
  sourcemap: 'linked',
  plugins: [externalPackages],
  logLevel: 'warning',
});
for (const [from, to] of Object.entries(ASSETS)) cpSync(path.join(root, from), path.join(outdir, to));
process.stdout.write(`${path.relative(process.cwd(), path.join(outdir, 'server.js'))}\n`);
