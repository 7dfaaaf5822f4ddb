#!/usr/bin/env node
/** Starts the real server for the browser journeys: a fresh data folder, demo data, the built web app. */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTurn } from './turn.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const root = path.resolve(here, '../../..');
const port = process.env.E2E_PORT ?? '3107';
// a known folder, so journeys can read the mail outbox (e2e/support.ts)
const dataDir = path.join(tmpdir(), `l4l-e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
// the video room's journey calls through coturn when it is installed (e2e/turn.mjs); the others never use it
const turn = startTurn(port);

const server = spawn(
  process.execPath,
  ['--import', import.meta.resolve('tsx'), path.join(root, 'apps/server/src/server.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      SEED_DEMO: 'true',
      RATE_LIMIT_FACTOR: '20',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: 'e2e-admin@l4l.test',
      ADMIN_PASSWORD: 'E2e-Admin-Clave-2026',
      // fixed, so journeys can compute the admin's second-factor codes (e2e/support.ts)
      ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DP',
      ...(turn ? { TURN_URLS: turn.urls, TURN_SECRET: turn.secret } : {}),
    },
  },
);
const stop = (signal) => {
  turn?.stop();
  server.kill(signal);
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
server.on('exit', (code) => {
  turn?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
