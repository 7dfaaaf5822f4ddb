#!/usr/bin/env node
/**
 * `npm start`: starts the one L4L process (API, WebSocket and web app), on the embedded database with demo
 * data unless configured otherwise (see README). In development it first builds the web app when its build
 * is missing or older than its sources, and runs the server from its TypeScript sources through tsx. In
 * production (NODE_ENV=production) it never builds: the build tools are development dependencies, absent
 * after `npm ci --omit=dev`; `npm run build` comes first and the built server (apps/server/dist) runs on
 * plain Node (docs/operations.md).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from './server-flags.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const serverBundle = path.join(root, 'apps/server/dist/server.js');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

const production = process.env.NODE_ENV === 'production';
if (production) {
  const missing = [
    existsSync(serverBundle) ? null : ['el servidor construido', 'The built server', 'apps/server/dist'],
    existsSync(dist) ? null : ['la aplicación web construida', 'The built web app', 'apps/web/dist'],
  ].filter((entry) => entry !== null);
  if (missing.length > 0) {
    process.stderr.write(
      missing
        .map(
          ([es, en, folder]) =>
            `Falta ${es} (${folder}): ejecuta \`npm run build\` antes de \`npm start\` en producción.\n` +
            `${en} is missing (${folder}): run \`npm run build\` before \`npm start\` in production.\n`,
        )
        .join(''),
    );
    process.exit(1);
  }
} else {
  buildWhenStale();
}

function buildWhenStale() {
  const sources = Math.max(
    newest(path.join(root, 'apps/web/src')),
    newest(path.join(root, 'apps/web/public')),
    newest(path.join(root, 'packages/shared/src')),
    statSync(path.join(root, 'apps/web/index.html'), { throwIfNoEntry: false })?.mtimeMs ?? 0,
  );
  if (!existsSync(dist) || statSync(dist).mtimeMs < sources) {
    process.stdout.write('Preparando la aplicación web (vite build)...\n');
    const build = spawnSync('npm', ['run', 'build', '-w', '@l4l/web', '--silent'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const server = spawn(
  process.execPath,
  [
    ...SERVER_NODE_FLAGS,
    ...(production
      ? ['--enable-source-maps', serverBundle]
      : ['--import', import.meta.resolve('tsx'), path.join(root, 'apps/server/src/server.ts')]),
  ],
  {
    cwd: process.cwd(),
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
