import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { bearer, createUser, DEFAULT_PASSWORD, signIn } from './factories.ts';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.ts';

/**
 * The app on a real PostgreSQL whose network stalls or which refuses connections, through a proxy this
 * test owns. A stalled database must not hold requests for as long as the stall lasts: /api/health
 * answers 503 within 2 s and the API 503 with Retry-After within a few seconds; a refused connection is a
 * 503 too, never a 500; once the database is back, requests succeed again. Needs DATABASE_URL.
 */
const serverUrl = process.env.DATABASE_URL;

let proxy: TcpProxy;
let app: App;
let dataDir: string;
let dropDatabase: () => Promise<void>;
let token: string;
let userId: string;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

/** A request timed from start to answer. */
async function timed(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; payload?: object } = {},
) {
  const started = performance.now();
  const res = await app.inject({
    method,
    url,
    ...(options.token ? { headers: bearer(options.token) } : {}),
    ...(options.payload ? { payload: options.payload } : {}),
  });
  return { res, ms: performance.now() - started };
}

const myCases = () => timed('GET', `/api/cases/user/${userId}`, { token });

describe.skipIf(!serverUrl)('a database that stalls or refuses', () => {
  beforeAll(async () => {
    const name = `l4l_outage_${process.pid}_${randomBytes(3).toString('hex')}`;
    await admin(`create database ${name}`);
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
    const target = new URL(serverUrl as string);
    proxy = await startTcpProxy({ targetPort: Number(target.port || 5432), targetHost: target.hostname });
    const through = new URL(serverUrl as string);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    through.pathname = `/${name}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-outage-'));
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: through.toString(),
        SEED_DEMO: 'false',
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_STATEMENT_TIMEOUT_MS: '1500',
      },
      { jwtSecret: 'test-secret-that-is-long-enough-to-sign-tokens', webDist: undefined },
    );
    app = await buildApp(config);
    await app.ready();
    const user = await createUser(app);
    userId = user.id;
    token = await signIn(app, user);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers normally while the database answers', async () => {
    expect((await timed('GET', '/api/health')).res.statusCode).toBe(200);
    expect((await myCases()).res.statusCode).toBe(200);
  });

  it('stalled: /api/health answers 503 within 2 s and the API 503 with Retry-After within seconds', async () => {
    proxy.stall();
    try {
      const health = await timed('GET', '/api/health');
      expect(health.res.statusCode).toBe(503);
      expect(health.res.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: expect.any(String), db: 'error' },
      });
      expect(health.ms).toBeLessThan(2_000);

      const ready = await timed('GET', '/api/health/ready');
      expect(ready.res.statusCode).toBe(503);
      // it names what fails: no answer in time, or (the ping it shares having given up) an error
      expect(['timeout', 'error']).toContain(ready.res.json().error.checks.db);
      expect(ready.ms).toBeLessThan(2_000);
      // the process itself is alive
      const live = await timed('GET', '/api/health/live');
      expect(live.res.statusCode).toBe(200);
      expect(live.res.json()).toEqual({ data: { status: 'ok' } });

      // several at once, more than the pool has connections: each is answered, none waits for the stall
      const answers = await Promise.all(Array.from({ length: 12 }, () => myCases()));
      for (const { res, ms } of answers) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json().error).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: 'El servicio no está disponible en este momento.',
        });
        expect(ms).toBeLessThan(6_000);
      }
    } finally {
      await proxy.resume();
    }
  }, 30_000);

  it('back from the stall: requests succeed again', async () => {
    // connections cut during the stall are replaced; a bounded number of tries, each answered quickly
    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 200; attempt++) {
      status = (await myCases()).res.statusCode;
    }
    expect(status).toBe(200);
    expect((await timed('GET', '/api/health')).res.statusCode).toBe(200);
  }, 60_000);

  it('refused: 503 with Retry-After, not 500, and back to normal once it listens again', async () => {
    await proxy.refuse();
    try {
      for (const call of [
        () => myCases(),
        () =>
          timed('POST', '/api/auth/login', {
            payload: { email: 'nadie@l4l.test', password: DEFAULT_PASSWORD },
          }),
      ]) {
        const { res, ms } = await call();
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
        expect(ms).toBeLessThan(6_000);
      }
      const health = await timed('GET', '/api/health');
      expect(health.res.statusCode).toBe(503);
      expect(health.ms).toBeLessThan(2_000);
    } finally {
      await proxy.resume();
    }
    let status = 0;
    for (let attempt = 0; attempt < 10 && status !== 200; attempt++) {
      status = (await myCases()).res.statusCode;
    }
    expect(status).toBe(200);
  }, 60_000);
});
