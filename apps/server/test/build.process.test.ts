import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresPass } from './passes.ts';
import { freePort, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * What `npm run build` makes for the server (scripts/build.mjs, docs/decisions/0019-server-bundle.md)
 * starts on plain Node, without tsx and away from the sources: a package folder holding only the bundle,
 * the migrations and a package.json (npm packages from the repository's node_modules). It migrates an
 * empty database, answers readiness, signs a client up and refuses a common password, which it reads from
 * the file copied next to the bundle.
 */

const serverPackage = path.resolve(import.meta.dirname, '..');

let work: string;
let server: ServerProcess;

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'l4l-build-'));
  const built = path.join(work, 'server');
  mkdirSync(built);
  writeFileSync(path.join(built, 'package.json'), '{ "type": "module" }\n');
  symlinkSync(path.join(serverPackage, 'drizzle'), path.join(built, 'drizzle'));
  symlinkSync(path.resolve(serverPackage, '../../node_modules'), path.join(work, 'node_modules'));
  execFileSync(
    process.execPath,
    [path.join(serverPackage, 'scripts/build.mjs'), '--outdir', path.join(built, 'dist')],
    {
      stdio: 'pipe',
    },
  );
  server = await startServerProcess(
    await freePort(),
    { DATA_DIR: path.join(work, 'data'), SEED_DEMO: 'false' },
    [path.join(built, 'dist/server.js')],
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

function register(password: string) {
  return fetch(`${server.base}/api/auth/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      mail: `bundle-${password.length}@l4l.test`,
      password,
      name: 'Berta',
      surname: 'Bundle',
      phoneNumber: '612345678',
    }),
  });
}

describe.skipIf(postgresPass())('the built server', () => {
  it('carries the files its code reads next to itself', () => {
    for (const file of ['common-passwords.txt', 'fonts/LiberationSans-Regular.ttf', 'server.js.map']) {
      expect(existsSync(path.join(work, 'server/dist', file)), file).toBe(true);
    }
  });

  it('migrates, answers readiness and signs a client up', async () => {
    const ready = await fetch(`${server.base}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ data: { status: 'ok', db: 'ok' } });

    const common = await register('Password1');
    expect(common.status).toBe(400);
    const signedUp = await register('Clave-Segura-1');
    expect(signedUp.status).toBe(200);
    expect(((await signedUp.json()) as { data: { id: string } }).data.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('listens with a backlog of 4096, not the 511 of node:http (Linux caps it at somaxconn)', () => {
    const port = new URL(server.base).port;
    // a listening socket's Send-Q in ss (iproute2) is its backlog
    const [listening] = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const somaxconn = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    expect(Number(listening?.trim().split(/\s+/)[2])).toBe(Math.min(4096, somaxconn));
  });
});
