import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { es } from '@l4l/shared/texts/es';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TEST_PLATFORM } from '../../test/app.ts';
import { settle } from '../../test/chat-stomp.ts';
import { openTestDatabase } from '../../test/database.ts';
import {
  bearer,
  createLawyerWithProfile,
  createUser,
  DEFAULT_PASSWORD,
  signIn,
  uniqueMail,
} from '../../test/factories.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { type App, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { AppError } from '../lib/app-error.ts';
import { RedisRateLimiter } from '../lib/rate-limiter.ts';
import { REDIS_COMMAND_TIMEOUT_MS } from './redis.ts';

/**
 * docs/operations.md, Several processes: with REDIS_URL every process spends the same rate-limit budgets.
 * Two app instances here share one database and one Redis prefix of their own, as two processes behind
 * the balancer would. Runs only when REDIS_URL is set (the fallback test below always runs).
 */
const redisUrl = process.env.REDIS_URL;

export async function redisInstance(
  database: Database,
  prefix: string,
  overrides: Partial<Config> = {},
): Promise<{ app: App; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-redis-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      ...TEST_PLATFORM,
    },
    { jwtSecret: 'test-secret-that-is-long-enough-to-sign-tokens', webDist: undefined, ...overrides },
  );
  const app = await buildApp(config, { database });
  await app.ready();
  return { app, dataDir };
}

describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  const prefix = `l4l-test-${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  let database: Database;
  let first: App;
  let second: App;
  let redis: Redis;

  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
    for (const target of [0, 1]) {
      const { app, dataDir } = await redisInstance(database, prefix, { rateLimitFactor: 0.1 });
      dataDirs.push(dataDir);
      if (target === 0) first = app;
      else second = app;
    }
    redis = new Redis(redisUrl!);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
    redis?.disconnect();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const login = (app: App, email: string, password: string, ip: string) =>
    app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });

  it('gives one IP one login budget over both processes (100 per 5 minutes times the factor: 10)', async () => {
    const ip = '10.9.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 10; i++)
      answers.push((await login(i % 2 ? second : first, uniqueMail(), DEFAULT_PASSWORD, ip)).statusCode);
    expect(answers).toEqual(Array(10).fill(404));
    for (const app of [second, first]) {
      const refused = await login(app, uniqueMail(), DEFAULT_PASSWORD, ip);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.message).toBe(es.rateLimit.retryIn(5));
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(200);
    }
    // another IP has its own budget
    expect((await login(second, uniqueMail(), DEFAULT_PASSWORD, '10.9.0.2')).statusCode).toBe(404);
  });

  it('slows a source guessing passwords on either process, and lets the owner in from elsewhere', async () => {
    const user = await createUser(first);
    const attacker = '10.9.1.1';
    const answers: number[] = [];
    for (const app of [first, second, first, second, first])
      answers.push((await login(app, user.mail, 'Otra-Clave-99', attacker)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    const waiting = await login(second, user.mail, user.password, attacker);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().error).toEqual({ code: 'RATE_LIMITED', message: es.rateLimit.retryInSeconds(1) });
    expect((await login(second, user.mail, user.password, '10.9.1.2')).statusCode).toBe(200);
  });

  it('shares every limiter the app makes, and keeps every key under REDIS_PREFIX', async () => {
    const here = first.limiter('test:shared', 2, 60_000);
    const there = second.limiter('test:shared', 2, 60_000);
    await here.consume('someone');
    await there.consume('someone');
    await expect(here.consume('someone')).rejects.toBeInstanceOf(AppError);
    await there.reset('someone');
    await expect(here.consume('someone')).resolves.toBeUndefined();

    const keys = await redis.keys(`${prefix}:*`);
    expect(keys).toContain(`${prefix}:ratelimit:auth:login-by-ip:10.9.0.1`);
    expect(keys).toContain(`${prefix}:ratelimit:test:shared:someone`);
    expect(keys.some((key) => key.startsWith(`${prefix}:ratelimit:auth:password-failures:`))).toBe(true);
  });
});

describe.skipIf(!redisUrl)('a shared limit that does not wait for Redis (waitForRedis: false)', () => {
  const prefix = `l4l-test-${randomBytes(6).toString('hex')}`;
  let proxy: TcpProxy;
  const clients: Redis[] = [];
  /** a connected client of the app's kind (plugins/redis.ts) on the real Redis, or behind the proxy */
  const client = async (url: string) => {
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    });
    redis.on('error', () => {});
    clients.push(redis);
    await redis.connect();
    return redis;
  };
  const limiter = (redis: Redis, name: string, max: number) =>
    new RedisRateLimiter(redis, `${prefix}:${name}`, max, 60_000, { waitForRedis: false });

  beforeAll(async () => {
    proxy = await startTcpProxy({ targetPort: Number(new URL(redisUrl!).port || 6379) });
  });
  afterAll(async () => {
    await proxy.resume();
    for (const redis of clients) redis.disconnect();
    await proxy.close();
  });

  it('still spends one budget over two processes, letting each at most one attempt past it', async () => {
    const here = limiter(await client(redisUrl!), 'shared', 3);
    const there = limiter(await client(redisUrl!), 'shared', 3);
    const watcher = await client(redisUrl!);
    /** Redis has counted `n` attempts, and the process that made the last one has had its answer */
    const counted = async (n: number) => {
      await expect.poll(() => watcher.get(`${prefix}:shared:someone`)).toBe(String(n));
      await settle();
    };
    await here.consume('someone');
    await counted(1);
    await there.consume('someone');
    await counted(2);
    await here.consume('someone');
    await counted(3);
    // the budget is spent; neither process knows yet, so each lets one more through, then refuses
    await there.consume('someone');
    await counted(4);
    await expect(there.consume('someone')).rejects.toBeInstanceOf(AppError);
    await here.consume('someone');
    await counted(5);
    await expect(here.consume('someone')).rejects.toBeInstanceOf(AppError);
    // another key has its own budget
    await expect(here.consume('someone else')).resolves.toBeUndefined();
  });

  it('answers at once while Redis stalls, where a limiter that waits takes the command timeout', async () => {
    const behindProxy = new URL(redisUrl!);
    behindProxy.host = `127.0.0.1:${proxy.port}`;
    const redis = await client(behindProxy.toString());
    const waiting = new RedisRateLimiter(redis, `${prefix}:waiting`, 5, 60_000);
    const atOnce = limiter(redis, 'at-once', 5);
    proxy.stall();
    const timed = async (work: () => Promise<void>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    expect(await timed(() => waiting.consume('someone'))).toBeGreaterThanOrEqual(
      REDIS_COMMAND_TIMEOUT_MS - 50,
    );
    for (let i = 0; i < 5; i++) expect(await timed(() => atOnce.consume('someone'))).toBeLessThan(100);
    // its own count still limits while Redis is away
    await expect(atOnce.consume('someone')).rejects.toBeInstanceOf(AppError);
    await proxy.resume();
  });
});

describe.skipIf(!redisUrl)('cache clearing shared through Redis', () => {
  const prefix = `l4l-test-${randomBytes(6).toString('hex')}`;
  const dataDirs: string[] = [];
  let database: Database;
  let first: App;
  let second: App;

  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
    // the directory's and board's caches on, as outside tests
    const a = await redisInstance(database, prefix, { shortCaches: true });
    const b = await redisInstance(database, prefix, { shortCaches: true });
    [first, second] = [a.app, b.app];
    dataDirs.push(a.dataDir, b.dataDir);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.close();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  let reader: Record<string, string>;
  const priceOn = async (app: App, lawyerId: string) => {
    reader ??= bearer(await signIn(first, await createUser(first)));
    const res = await app.inject({
      method: 'GET',
      url: '/api/lawyers?sort=price_asc&pageSize=50',
      headers: reader,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as Array<{ id: string; price: number }>).find((card) => card.id === lawyerId)
      ?.price;
  };

  it("shows a lawyer's price change made through one process at once on the other", async () => {
    const lawyer = await createLawyerWithProfile(first, { name: 'Inés', surname: 'Caché' });
    // both processes now hold the directory page
    expect(await priceOn(first, lawyer.id)).toBe(60);
    expect(await priceOn(second, lawyer.id)).toBe(60);
    const changed = await first.inject({
      method: 'PUT',
      url: `/api/lawyers/profile/prices/${lawyer.id}`,
      headers: bearer(await signIn(first, lawyer)),
      payload: { priceHour: 45, priceFirstVisit: 0, isFirstVisitFree: true },
    });
    expect(changed.statusCode).toBe(200);
    expect(await priceOn(first, lawyer.id)).toBe(45);
    // the clearing travels through Redis: asked again until it has arrived (it takes milliseconds)
    await expect.poll(() => priceOn(second, lawyer.id), { timeout: 2_000 }).toBe(45);
  });

  it("tells every process that a lawyer's proposals changed (their board pages read them again)", async () => {
    const heard: Array<string | undefined> = [];
    second.caches.register('cases:board-proposals', (detail) => heard.push(detail));
    first.cases.proposalsChanged('lawyer-a', 'lawyer-b');
    await expect.poll(() => heard, { timeout: 2_000 }).toEqual(['lawyer-a,lawyer-b']);
  });
});

describe('a limiter whose Redis does not answer', () => {
  it('keeps limiting in this process (memory) instead of letting everyone through', async () => {
    // nothing listens there: every command fails at once
    const away = new Redis('redis://127.0.0.1:9', {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    away.on('error', () => {});
    const limiter = new RedisRateLimiter(away, 'l4l-test:away', 2, 60_000);
    await limiter.consume('someone');
    await limiter.consume('someone');
    const refused = await limiter.consume('someone').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(es.rateLimit.retryIn(1));
    away.disconnect();
  });
});
