/**
 * The web app as a visitor gets it: a production build of apps/web and the real server serving it, with
 * the demo data. Shared by bench/web.mjs (bundle sizes, Lighthouse) and bench/web-inp.mjs (responsiveness).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ROOT } from './harness.mjs';

export const WEB_ROOT = path.join(ROOT, 'apps/web');

/**
 * A production build in `work`/dist, a folder of its own (others may be rebuilding apps/web/dist
 * meanwhile); BENCH_WEB_DIST names an existing build to measure instead.
 */
export function buildWeb(work) {
  if (process.env.BENCH_WEB_DIST) {
    const dist = path.resolve(process.env.BENCH_WEB_DIST);
    if (!existsSync(path.join(dist, '.vite/manifest.json'))) {
      throw new Error(`${dist} has no .vite/manifest.json: build it with this repository's vite.config.ts`);
    }
    return dist;
  }
  const dist = path.join(work, 'dist');
  const started = performance.now();
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', dist, '--logLevel', 'warn'],
    { cwd: WEB_ROOT, stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error(`vite build failed (${run.status ?? run.signal})`);
  console.log(`Built the web app in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return dist;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The real server on a fresh PGlite folder (`dataDir`) with the demo data, serving `dist`. In development
 * mode, as the journeys run it: production refuses the demo accounts (their passwords are published) and
 * asks for the platform's fiscal data and Stripe keys; the pages, their compression and their caching are
 * the same. `port`: where it listens (a free one otherwise).
 */
export async function startWebServer(dist, { dataDir, port }) {
  port ??= await freePort();
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      SEED_DEMO: 'true',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'warn',
      // the dashboard home of every run signs in once; the login limit is not what is measured
      RATE_LIMIT_FACTOR: '20',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early (${child.exitCode})`);
    try {
      const health = await fetch(`${origin}/api/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /api/health within 2 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // the stylesheet: the landing's first script is too small to be stored compressed (build/compress.ts)
  const entry = await fetch(origin).then((answer) => answer.text());
  const stylesheet = entry.match(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/)?.[1];
  const head = stylesheet
    ? await fetch(`${origin}${stylesheet}`, { headers: { 'accept-encoding': 'gzip, br' } })
    : null;
  return { origin, stop, compressed: Boolean(head?.headers.get('content-encoding')) };
}
