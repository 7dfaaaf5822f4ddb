import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.ts';
import { closeAllStomp, openStomp, textMessage, wsUrl } from '../../test/chat-stomp.ts';
import { createLawyer, createUser, signIn } from '../../test/factories.ts';

const TOKEN = 'metrics-token-for-the-tests-0123';

/** The value of one series in Prometheus text (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const given = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as const),
    );
    if (Object.entries(labels).every(([key, value]) => given[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    t = await buildTestApp({}, { METRICS_TOKEN: TOKEN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await closeAllStomp();
    await t?.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  it('refuses a missing or wrong token with 401 in the error envelope', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('l4l_');
    }
  });

  it('times HTTP requests by route pattern and status, never by the path itself', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    await t.app.inject({ url: '/api/health/live' });
    await t.app.inject({ url: `/api/users/${id}/presence` });
    await t.app.inject({ url: '/api/no-existe' });
    const text = await scrape();
    expect(text).toContain('# TYPE l4l_http_request_duration_seconds histogram');
    const live = { method: 'GET', route: '/api/health/live', status: '200' };
    expect(sample(text, 'l4l_http_request_duration_seconds_count', live)).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'l4l_http_request_duration_seconds_bucket', { ...live, le: '+Inf' }),
    ).toBeGreaterThanOrEqual(1);
    expect(text).toContain('route="/api/users/:id/presence"');
    expect(text).not.toContain(id);
    expect(
      sample(text, 'l4l_http_request_duration_seconds_count', { route: 'unmatched', status: '404' }),
    ).toBe(1);
    // the process's own figures come too
    expect(sample(text, 'l4l_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts open STOMP sessions and the chat messages delivered to them', async () => {
    const client = await createUser(t.app);
    const lawyer = await createLawyer(t.app);
    const chat = await t.app.chat.openChat(client.id, lawyer.id);
    const before = await scrape();
    expect(sample(before, 'l4l_stomp_sessions_open')).toBe(0);
    const deliveredBefore = sample(before, 'l4l_chat_messages_delivered_total') ?? Number.NaN;

    const connect = async (user: typeof client) => {
      const token = await signIn(t.app, user);
      const stomp = await openStomp(wsUrl(t.app), { headers: { Authorization: `Bearer ${token}` } });
      await stomp.subscribe();
      return stomp;
    };
    const clientStomp = await connect(client);
    const lawyerStomp = await connect(lawyer);
    expect(sample(await scrape(), 'l4l_stomp_sessions_open')).toBe(2);

    await clientStomp.send('/app/chat', textMessage(chat, 'Hola'));
    await lawyerStomp.waitForMessages(1);
    await clientStomp.waitForMessages(1);
    expect(sample(await scrape(), 'l4l_chat_messages_delivered_total')).toBe(deliveredBefore + 2);

    await clientStomp.disconnect();
    await lawyerStomp.disconnect();
    for (let i = 0; i < 50 && sample(await scrape(), 'l4l_stomp_sessions_open') !== 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sample(await scrape(), 'l4l_stomp_sessions_open')).toBe(0);
  });

  it('reports the PostgreSQL pool when on PostgreSQL, and nothing about it on the embedded database', async () => {
    const text = await scrape();
    if (t.database.pool) {
      expect(sample(text, 'l4l_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'l4l_db_pool_idle')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'l4l_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('l4l_db_pool_');
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('does not exist: 404 in the error envelope, whatever the token', async () => {
    const t = await buildTestApp();
    try {
      for (const headers of [{}, { authorization: 'Bearer anything-at-all-here' }]) {
        const res = await t.app.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({
          error: { code: 'NOT_FOUND', message: 'No hemos encontrado lo que buscas.' },
        });
      }
    } finally {
      await t.close();
    }
  });
});
