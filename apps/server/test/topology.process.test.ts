import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CASE_STATUS } from '@l4l/shared/constants/cases';
import { dataEnvelope } from '@l4l/shared/envelope';
import { loginAnswerSchema } from '@l4l/shared/schemas/admin';
import { signInSchema } from '@l4l/shared/schemas/auth';
import { caseSchema, proposalSchema } from '@l4l/shared/schemas/cases';
import { type ChatMessage, chatHistorySchema } from '@l4l/shared/schemas/chat';
import { caseDocumentSchema } from '@l4l/shared/schemas/documents';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_ADMIN_MAIL, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { totpCode } from '../src/modules/auth/index.ts';
import { TEST_FILES_KEY } from './app.ts';
import { closeAllStomp, openStomp, type TestStomp, textMessage } from './chat-stomp.ts';
import { multipart } from './documents.ts';
import { haproxyBinary } from './haproxy-binary.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { pdf } from './zip.ts';

/**
 * docs/operations.md, Several processes: HAProxy (Debian's package, as in compose.yaml) in front of two
 * server processes on one PostgreSQL, one Redis and one S3 bucket (s3rver, started here). A client's whole
 * journey (sign in, directory, case, publication, proposal, payment, a document, the chat both ways with
 * read receipts, closure and rating) is answered by both processes; one of them is killed in the middle of
 * the chat, and nothing acknowledged is lost: the journey finishes on the other. Needs DATABASE_URL,
 * REDIS_URL and the `haproxy` binary (.ci/run installs it); skipped with a note otherwise. Ports:
 * TOPOLOGY_PORT (3140 unless set) to TOPOLOGY_PORT + 3.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

const haproxy = haproxyBinary();
const missing = [
  !databaseUrl && 'DATABASE_URL',
  !redisUrl && 'REDIS_URL',
  !haproxy && 'haproxy (apt-get install haproxy, or HAPROXY=<its path>)',
].filter(Boolean);
if (missing.length > 0) console.warn(`topology test skipped: it needs ${missing.join(', ')}`);

const BASE_PORT = Number(process.env.TOPOLOGY_PORT ?? 3140);
const BALANCER_PORT = BASE_PORT;
const PORTS = { a: BASE_PORT + 1, b: BASE_PORT + 2 } as const;
const S3_PORT = BASE_PORT + 3;
type Name = keyof typeof PORTS;
// the balancer reaches the servers from this loopback address: the only one TRUST_PROXY names
const PROXY_ADDRESS = '127.0.0.3';
// 100 logins per 5 minutes per address, times RATE_LIMIT_FACTOR
const RATE_LIMIT_FACTOR = 0.1;
const LOGIN_BUDGET = 100 * RATE_LIMIT_FACTOR;
const CLIENT_MAIL = 'cliente1@l4l.demo';
const LAWYER_MAIL = 'lucia.garcia@l4l.demo';

function haproxyConfig(): string {
  return `global
  log stdout format raw local0 warning
defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout tunnel 1h
  # a readiness check answered slowly on a busy machine is not a process down (the default is inter)
  timeout check 5s
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
  # a dead process is out after three refused checks; until then its requests are sent to the other
  default-server inter 500 fall 3 rise 1 source ${PROXY_ADDRESS}
  server a 127.0.0.1:${PORTS.a} check
  server b 127.0.0.1:${PORTS.b} check
`;
}

/** Waits, boundedly, for a condition that another process makes true. */
async function until<T>(read: () => T | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(missing.length > 0)('two processes behind HAProxy on PostgreSQL, Redis and S3', () => {
  const database = `l4l_topology_${randomBytes(4).toString('hex')}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'l4l-topology-'));
  const bucketDir = path.join(dir, 's3');
  const servers: Partial<Record<Name, ServerProcess>> = {};
  let balancer: ChildProcess | undefined;
  let s3: S3rver | undefined;
  const base = `http://127.0.0.1:${BALANCER_PORT}`;
  let loginsSpent = 0;

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
    s3 = new S3rver({
      port: S3_PORT,
      address: '127.0.0.1',
      silent: true,
      directory: bucketDir,
      configureBuckets: [{ name: 'l4l-topologia', configs: [] }],
    });
    await s3.run();
    const shared = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `l4l-topology-${randomBytes(4).toString('hex')}`,
      TRUST_PROXY: PROXY_ADDRESS,
      // one signing key and one key for documents at rest for every replica, as in compose.yaml
      JWT_SECRET: 'topology-test-secret-shared-by-both-processes',
      FILES_KEY: TEST_FILES_KEY,
      STORAGE_URL: `s3://l4l-topologia?endpoint=http://127.0.0.1:${S3_PORT}`,
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      RATE_LIMIT_FACTOR: String(RATE_LIMIT_FACTOR),
      PUBLIC_URL: base,
    };
    // the first process migrates and seeds the demo; the second finds them done
    servers.a = await startServerProcess(PORTS.a, { ...shared, DATA_DIR: path.join(dir, 'a') });
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
    await closeAllStomp();
    balancer?.kill('SIGTERM');
    await Promise.all(Object.values(servers).map((server) => server?.stop()));
    await s3?.close();
    await admin(`drop database if exists ${database} with (force)`).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** A request to the balancer, or straight to one process (`on`); the answer's JSON and who served it. */
  const call = async (
    method: string,
    url: string,
    options: { body?: unknown; token?: string; headers?: Record<string, string>; on?: Name } = {},
  ) => {
    const res = await fetch(`${options.on ? `http://127.0.0.1:${PORTS[options.on]}` : base}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, servedBy: res.headers.get('x-served-by'), json, res };
  };
  /** The `data` of a 200 answer, checked against its shared schema. */
  const dataOf = <T>(schema: z.ZodType<T>, answer: { status: number; json: unknown }): T => {
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    return dataEnvelope(schema).parse(answer.json).data;
  };
  const signIn = async (email: string) => {
    loginsSpent++;
    return dataOf(
      signInSchema,
      await call('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } }),
    );
  };

  const people = {} as Record<'client' | 'lawyer' | 'admin', { id: string; token: string }>;
  let caseId: string;
  let chatId: string;

  /** A STOMP connection through the balancer, and the process that took it. */
  const connect = async (who: 'client' | 'lawyer') => {
    let servedBy: string | undefined;
    const stomp = await openStomp(`ws://127.0.0.1:${BALANCER_PORT}/ws`, {
      headers: { Authorization: `Bearer ${people[who].token}` },
      onUpgrade: (headers) => {
        servedBy = String(headers['x-served-by'] ?? '');
      },
    });
    expect(stomp.closeCode(), JSON.stringify(stomp.errors.map((e) => e.headers))).toBeUndefined();
    return { stomp, servedBy: servedBy as Name };
  };
  const texts = (stomp: TestStomp) =>
    (stomp.messages as Array<ChatMessage & { upTo?: string }>).filter((m) => m.upTo === undefined);
  const receipts = (stomp: TestStomp) =>
    (stomp.messages as unknown as Array<{ chatId: string; upTo?: string; readAt: string }>).filter(
      (m) => m.upTo !== undefined,
    );

  it('spreads the first steps over both processes: three sign-ins, the directory, a new case', async () => {
    const client = await signIn(CLIENT_MAIL);
    people.client = { id: client.baseUser.id, token: client.token };
    const lawyer = await signIn(LAWYER_MAIL);
    people.lawyer = { id: lawyer.baseUser.id, token: lawyer.token };
    // the administrator: the password, then the second factor (both count as login attempts)
    const challenge = dataOf(
      loginAnswerSchema,
      await call('POST', '/api/auth/login', { body: { email: DEMO_ADMIN_MAIL, password: DEMO_PASSWORD } }),
    );
    if (!('mfaToken' in challenge))
      throw new Error('the demo administrator signed in without a second factor');
    const adminSession = dataOf(
      signInSchema,
      await call('POST', '/api/auth/mfa/verify', {
        body: { mfaToken: challenge.mfaToken, code: totpCode(DEMO_ADMIN_TOTP_SECRET) },
      }),
    );
    loginsSpent += 2;
    people.admin = { id: adminSession.baseUser.id, token: adminSession.token };

    const servedBy = new Set<string | null>();
    for (let i = 0; i < 4; i++) {
      const directory = await call('GET', '/api/lawyers?page=1&pageSize=5', { token: people.client.token });
      expect(dataOf(z.array(z.unknown()), directory).length).toBeGreaterThan(0);
      servedBy.add(directory.servedBy);
    }
    expect(servedBy).toEqual(new Set(['a', 'b']));

    const created = dataOf(
      caseSchema,
      await call('POST', '/api/cases/new-case', {
        token: people.client.token,
        body: {
          title: 'Herencia de mi abuela',
          description: 'Necesito ayuda con el reparto de una herencia entre hermanos.',
        },
      }),
    );
    caseId = created.id;

    // what one process created, the other reads
    const seen = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      const read = await call('GET', `/api/cases/user/case/${caseId}`, { token: people.client.token });
      expect(dataOf(caseSchema, read).status).toBe(CASE_STATUS.PDTEAVALIDACION);
      seen.add(read.servedBy);
    }
    expect(seen).toEqual(new Set(['a', 'b']));
  });

  it('believes X-Forwarded-For only from the balancer: forged values do not open new login budgets', async () => {
    // the budget is the address's over both processes (Redis); the sign-ins above spent part of it
    const left = LOGIN_BUDGET - loginsSpent;
    expect(left).toBeGreaterThan(0);
    const answers: number[] = [];
    const servedBy = new Set<string | null>();
    for (let i = 0; i < left + 3; i++) {
      const res = await call('POST', '/api/auth/login', {
        body: { email: `nadie-${i}@l4l.test`, password: 'Otra-Clave-99' },
        // a new forged client address per request
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      answers.push(res.status);
      servedBy.add(res.servedBy);
    }
    expect(answers).toEqual([...Array(left).fill(404), 429, 429, 429]);
    expect(servedBy).toEqual(new Set(['a', 'b']));
  });

  it('publishes the case, takes a proposal and its payment, each step on whichever process answers', async () => {
    const served = new Set<string | null>();
    const approved = await call('POST', `/api/admin/cases/${caseId}/approve`, {
      token: people.admin.token,
      body: { category: 'Abogado Civil' },
    });
    expect(dataOf(caseSchema, approved).status).toBe(CASE_STATUS.PENDIENTE_ASIGNACION);
    served.add(approved.servedBy);

    const proposed = await call('POST', `/api/proposal/create-proposal-to-case/${caseId}`, {
      token: people.lawyer.token,
      body: { price: 120, message: 'Puedo llevar la herencia por un precio cerrado.' },
    });
    const proposal = dataOf(proposalSchema, proposed);
    served.add(proposed.servedBy);
    expect(proposal.chatId).toBeTruthy();
    chatId = proposal.chatId as string;

    const accepted = await call('POST', `/api/proposal/accept-proposal/${proposal.id}`, {
      token: people.client.token,
    });
    const checkout = new URL(dataOf(z.string(), accepted));
    served.add(accepted.servedBy);
    const paid = await call('POST', `${checkout.pathname}/pay`, { token: people.client.token });
    // the sandbox answers a POST with 303 See Other to the result page
    expect(paid.status).toBe(303);
    expect(paid.res.headers.get('location')).toMatch(/^\/payment-success/);
    served.add(paid.servedBy);

    const seen = new Set<string | null>();
    for (let i = 0; i < 2; i++) {
      const read = await call('GET', `/api/cases/user/case/${caseId}`, { token: people.client.token });
      const after = dataOf(caseSchema, read);
      expect(after.status).toBe(CASE_STATUS.ACTIVO);
      expect(after.lawyerId).toBe(people.lawyer.id);
      seen.add(read.servedBy);
    }
    expect(new Set([...served, ...seen])).toEqual(new Set(['a', 'b']));
  });

  it('downloads through one process the document uploaded through the other, sealed in the shared bucket', async () => {
    const file = pdf('escritura de aceptación de herencia');
    const body = await multipart(file, 'escritura.pdf');
    const sent = await fetch(`http://127.0.0.1:${PORTS.a}/api/cases/${caseId}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${people.client.token}`, ...body.headers },
      body: body.payload,
    });
    const stored = dataEnvelope(caseDocumentSchema).parse(await sent.json()).data;
    const got = await fetch(`http://127.0.0.1:${PORTS.b}/api/documents/${stored.id}`, {
      headers: { authorization: `Bearer ${people.lawyer.token}` },
    });
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(file)).toBe(true);
    // the bucket holds the document, and never its plain bytes
    const objects: Buffer[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const full = path.join(folder, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (full.includes(`${path.sep}documents${path.sep}`) && entry.name.endsWith('._S3rver_object'))
          objects.push(readFileSync(full));
      }
    };
    walk(bucketDir);
    expect(objects.length).toBeGreaterThan(0);
    expect(objects.some((bytes) => bytes.includes('escritura de aceptación'))).toBe(false);
  });

  it('carries the chat both ways across the processes, loses nothing acknowledged when one dies, and finishes on the other', async () => {
    // the client and the lawyer on different processes
    const client = await connect('client');
    let lawyer = await connect('lawyer');
    for (let tries = 0; lawyer.servedBy === client.servedBy && tries < 5; tries++) {
      await lawyer.stomp.disconnect();
      lawyer = await connect('lawyer');
    }
    expect(new Set([client.servedBy, lawyer.servedBy])).toEqual(new Set(['a', 'b']));
    await client.stomp.subscribe('/user/queue/messages');
    await client.stomp.subscribe('/user/queue/read');
    await lawyer.stomp.subscribe('/user/queue/messages');
    const pair = { userId: people.client.id, lawyerId: people.lawyer.id };

    // client → lawyer, and the lawyer's read receipt back to the client on the other process
    await client.stomp.send('/app/chat', textMessage(pair, '¿Qué documentos necesita de la herencia?'));
    const first = await until(
      () => texts(lawyer.stomp).find((m) => m.text === '¿Qué documentos necesita de la herencia?'),
      'the client’s message on the lawyer’s process',
    );
    await lawyer.stomp.send('/app/read', { chatId, upTo: first.id });
    const receipt = await until(
      () => receipts(client.stomp).find((r) => r.upTo === first.id),
      'the read receipt on the client’s process',
    );
    expect(receipt.chatId).toBe(chatId);
    // lawyer → client
    await lawyer.stomp.send('/app/chat', textMessage(pair, 'El testamento y el certificado de defunción.'));
    await until(
      () => texts(client.stomp).find((m) => m.text === 'El testamento y el certificado de defunción.'),
      'the lawyer’s answer on the client’s process',
    );

    // the client sends three more, each acknowledged (RECEIPT), then its process dies without warning
    const acknowledged = ['Se los envío hoy.', 'El certificado está pedido.', 'Gracias por la rapidez.'];
    for (const text of acknowledged) await client.stomp.send('/app/chat', textMessage(pair, text));
    const dying = client.servedBy;
    const survivor: Name = dying === 'a' ? 'b' : 'a';
    servers[dying]?.process.kill('SIGKILL');
    await servers[dying]?.exited;
    await until(() => client.stomp.closeCode() !== undefined, 'the client’s socket to close');

    // a RECEIPT means stored (docs/api/stomp.md, Receipts): both sides read every acknowledged message
    // from the survivor (live delivery of the last ones may have died with the process's outbox, ADR 0009)
    for (const who of ['client', 'lawyer'] as const) {
      const history = await call('GET', `/api/chat/${people.client.id}/${people.lawyer.id}?limit=50`, {
        token: people[who].token,
      });
      expect(history.servedBy).toBe(survivor);
      const stored = dataOf(chatHistorySchema, history).messages.map((m) => m.text);
      for (const text of acknowledged) expect(stored).toContain(text);
    }
    // the client's new connection goes to the survivor
    const again = await connect('client');
    expect(again.servedBy).toBe(survivor);
    await again.stomp.subscribe('/user/queue/messages');
    await again.stomp.send('/app/chat', textMessage(pair, 'Sigo aquí tras el corte.'));
    await until(
      () => texts(lawyer.stomp).find((m) => m.text === 'Sigo aquí tras el corte.'),
      'the message sent after the failure',
    );

    // the journey ends on the survivor: closure requested, confirmed, the lawyer rated
    const after: Array<string | null> = [];
    const requested = await call('POST', `/api/cases/close-case/${caseId}`, { token: people.lawyer.token });
    expect(requested.status, JSON.stringify(requested.json)).toBe(200);
    after.push(requested.servedBy);
    const confirmed = await call('POST', `/api/cases/confirm-close-case/${caseId}/${chatId}`, {
      token: people.client.token,
    });
    expect(dataOf(caseSchema, confirmed).status).toBe(CASE_STATUS.FINALIZADO);
    after.push(confirmed.servedBy);
    const rated = await call('POST', '/api/rating/new-rating', {
      token: people.client.token,
      body: {
        caseId,
        stars: 5,
        title: 'Muy profesional',
        description: 'Resolvió la herencia sin sorpresas.',
      },
    });
    expect(rated.status, JSON.stringify(rated.json)).toBe(200);
    after.push(rated.servedBy);
    expect(after).toEqual([survivor, survivor, survivor]);
  });
});
