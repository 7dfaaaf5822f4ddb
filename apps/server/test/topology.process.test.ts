import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * docs/operations.md, Several processes: HAProxy (Debian's package, as in compose.yaml) in front of two
 * server processes on one PostgreSQL and one Redis. Needs DATABASE_URL, REDIS_URL and the `haproxy`
 * binary (.ci/run installs it); skipped with a note otherwise. Ports 3140–3142.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

function haproxyBinary(): string | undefined {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // not this one
    }
  }
  return undefined;
}
const haproxy = haproxyBinary();
const missing = [
  !databaseUrl && 'DATABASE_URL',
  !redisUrl && 'REDIS_URL',
  !haproxy && 'haproxy (apt-get install haproxy)',
].filter(Boolean);
if (missing.length > 0) console.warn(`topology test skipped: it needs ${missing.join(', ')}`);

const BALANCER_PORT = 3140;
const PORTS = { a: 3141, b: 3142 } as const;
// the balancer reaches the servers from this loopback address: the only one TRUST_PROXY names
const PROXY_ADDRESS = '127.0.0.3';
const DEMO_PASSWORD = 'L4l-Demo-2026';

function haproxyConfig(): string {
  return `global
  log stdout format raw local0 warning
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout tunnel 1h
  # a request whose server died before answering is sent to the other one
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout
frontend web
  bind 127.0.0.1:${BALANCER_PORT}
  default_backend app
backend app
  balance roundrobin
  option forwardfor
  option httpchk GET /api/health/ready
  # which process answered (tests only; compose's haproxy.cfg does not say)
  http-response set-header x-served-by %s
  default-server inter 500 fall 1 rise 1 source ${PROXY_ADDRESS}
  server a 127.0.0.1:${PORTS.a} check
  server b 127.0.0.1:${PORTS.b} check
`;
}

describe.skipIf(missing.length > 0)('two processes behind HAProxy on PostgreSQL and Redis', () => {
  const database = `l4l_topology_${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'l4l-topology-'));
  const servers: Partial<Record<keyof typeof PORTS, ServerProcess>> = {};
  let balancer: ChildProcess | undefined;
  const base = `http://127.0.0.1:${BALANCER_PORT}`;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${database}`);
    const url = new URL(databaseUrl!);
    url.pathname = `/${database}`;
    const env = (name: string) => ({
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `l4l-topology-${randomBytes(4).toString('hex')}`,
      DATA_DIR: path.join(dir, name),
      TRUST_PROXY: PROXY_ADDRESS,
      // one signing key for every replica, or a session made on one is refused by the other
      JWT_SECRET: 'topology-test-secret-shared-by-both-processes',
      RATE_LIMIT_FACTOR: '0.05',
      PUBLIC_URL: base,
    });
    const shared = env('a');
    // the first process migrates and seeds the demo; the second finds them done
    servers.a = await startServerProcess(PORTS.a, shared);
    servers.b = await startServerProcess(PORTS.b, { ...shared, DATA_DIR: path.join(dir, 'b') });
    const config = path.join(dir, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig());
    balancer = spawn(haproxy!, ['-db', '-f', config], { stdio: ['ignore', 'inherit', 'inherit'] });
    const deadline = Date.now() + 15_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/api/health/ready`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error('haproxy did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 180_000);

  afterAll(async () => {
    balancer?.kill('SIGTERM');
    await Promise.all(Object.values(servers).map((server) => server?.stop()));
    await admin(`drop database if exists ${database} with (force)`).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const call = async (method: string, url: string, body?: unknown, token?: string, headers = {}) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json()) as { data: { token: string; id: string; length: number } };
    return { status: res.status, servedBy: res.headers.get('x-served-by'), body: answer };
  };

  let token: string;
  let caseId: string;

  it('spreads a journey over both processes: sign in, directory, a new case', async () => {
    const signIn = await call('POST', '/api/auth/login', {
      email: 'cliente1@l4l.demo',
      password: DEMO_PASSWORD,
    });
    expect(signIn.status).toBe(200);
    token = signIn.body.data.token as string;
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      const directory = await call('GET', '/api/lawyers?page=1&pageSize=5', undefined, token);
      expect(directory.status).toBe(200);
      expect(directory.body.data.length).toBeGreaterThan(0);
      servedBy.add(directory.servedBy);
    }
    expect(servedBy).toEqual(new Set(['a', 'b']));

    const created = await call(
      'POST',
      '/api/cases/new-case',
      {
        title: 'Herencia de mi abuela',
        description: 'Necesito ayuda con el reparto de una herencia entre hermanos.',
      },
      token,
    );
    expect(created.status).toBe(200);
    caseId = created.body.data.id as string;

    // what one process created, the other reads
    const seen = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      const read = await call('GET', `/api/cases/user/case/${caseId}`, undefined, token);
      expect(read.status).toBe(200);
      seen.add(read.servedBy);
    }
    expect(seen).toEqual(new Set(['a', 'b']));
  });

  it('believes X-Forwarded-For only from the balancer: forged values do not open new login budgets', async () => {
    const answers: number[] = [];
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 7; i++) {
      const res = await call(
        'POST',
        '/api/auth/login',
        { email: `nadie-${i}@l4l.test`, password: 'Otra-Clave-99' },
        undefined,
        // a new forged client address per request
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      answers.push(res.status);
      servedBy.add(res.servedBy);
    }
    // 100 logins per 5 minutes times 0.05: five for this client over both processes (Redis), one of
    // which the journey's sign-in spent
    expect(answers).toEqual([404, 404, 404, 404, 429, 429, 429]);
    expect(servedBy).toEqual(new Set(['a', 'b']));
  });

  it('finishes the journey on one process when the other is killed', async () => {
    // one process dies without warning; the balancer sends everything to the other
    servers.a?.process.kill('SIGKILL');
    await servers.a?.exited;
    const after: Array<{ status: number; servedBy: string | null }> = [];
    for (let i = 0; i < 4; i++) {
      const res = await call('GET', `/api/cases/user/case/${caseId}`, undefined, token);
      after.push({ status: res.status, servedBy: res.servedBy });
    }
    expect(after).toEqual(Array(4).fill({ status: 200, servedBy: 'b' }));
  });
});
