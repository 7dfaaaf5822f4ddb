import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { postgresPass } from './passes.ts';
import { freePort, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * Slow clients against the real server process: one address sending request bodies (or headers) a byte
 * at a time must not hold connections for ever, nor open more than its share of them, and meanwhile
 * other requests and an open chat WebSocket are served. The timeouts are short here (configuration);
 * production has the defaults of config.ts.
 */

const REQUEST_TIMEOUT_MS = 3_000;
const HEADERS_TIMEOUT_MS = 2_000;
const KEEP_ALIVE_TIMEOUT_MS = 1_000;
/** node:http looks for requests over their time once a second (app.ts) */
const CHECK_INTERVAL_MS = 1_000;
const PER_IP = 30;

let server: ServerProcess;
let dataDir: string;

type Client = { socket: Socket; openedAt: number; closedAt: number | undefined; closed: Promise<void> };

/** A raw connection from `localAddress` that writes `first`, then one more byte every 100 ms. */
function dripping(first: string, byte: string, localAddress = '127.0.0.1'): Client {
  const socket = connect({ port: server.port, host: '127.0.0.1', localAddress });
  const client: Client = {
    socket,
    openedAt: performance.now(),
    closedAt: undefined,
    closed: Promise.resolve(),
  };
  const drip = setInterval(() => {
    if (socket.writable) socket.write(byte);
  }, 100);
  socket.on('error', () => {});
  socket.on('data', () => {});
  socket.once('connect', () => socket.write(first));
  client.closed = new Promise((resolve) =>
    socket.once('close', () => {
      clearInterval(drip);
      client.closedAt = performance.now();
      resolve();
    }),
  );
  return client;
}

/** A login whose JSON body (under the body limit) never finishes arriving. */
const slowBody = (localAddress?: string) =>
  dripping(
    'POST /api/auth/login HTTP/1.1\r\nHost: l4l\r\nContent-Type: application/json\r\nContent-Length: 8000\r\n\r\n{"email":"',
    'a',
    localAddress,
  );

/** A request whose headers never end. */
const slowHeaders = () => dripping('GET /api/health HTTP/1.1\r\nHost: l4l\r\nX-Relleno: ', 'a');

/** One plain request on a connection of its own from `localAddress`: its status, or the socket's error. */
function get(url: string, localAddress = '127.0.0.1'): Promise<number | string> {
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: server.port, path: url, localAddress, agent: false, timeout: 5_000 },
      (res) => {
        res.resume();
        res.once('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.once('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

/** A signed-in client's STOMP session over /ws, CONNECTED. */
async function chatSession(token: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}/ws`, ['v12.stomp']);
  const frames: string[] = [];
  socket.on('message', (data) => frames.push(String(data)));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(`CONNECT\naccept-version:1.2\nhost:l4l\nAuthorization:Bearer ${token}\nheart-beat:0,0\n\n\0`);
  const deadline = Date.now() + 10_000;
  while (!frames.some((f) => f.startsWith('CONNECTED')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(
    frames.some((f) => f.startsWith('CONNECTED')),
    frames.join('|'),
  ).toBe(true);
  return { socket, frames };
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-slow-'));
  server = await startServerProcess(await freePort(), {
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    RATE_LIMIT_FACTOR: '100',
    HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
    HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
    MAX_CONNECTIONS_PER_IP: String(PER_IP),
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(postgresPass())('slow clients', () => {
  it(`lets one address hold ${PER_IP} connections, no more, while another address is served`, async () => {
    const held: Client[] = [];
    for (let i = 0; i < PER_IP + 10; i++) {
      const client = slowBody();
      await new Promise((resolve) => client.socket.once('connect', resolve).once('close', resolve));
      held.push(client);
    }
    // the ten over the cap are closed as they arrive
    const deadline = Date.now() + 3_000;
    while (held.filter((c) => c.closedAt !== undefined).length < 10 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const cut = held.filter((c) => c.closedAt !== undefined);
    expect(cut).toHaveLength(10);
    for (const client of cut) expect((client.closedAt ?? 0) - client.openedAt).toBeLessThan(1_000);
    // another address is served meanwhile; this one gets no new connection
    expect(await get('/api/health/live', '127.0.0.2')).toBe(200);
    expect(await get('/api/health/live')).not.toBe(200);

    // once the server has cut the slow ones, the address is served again (the server counts a socket
    // out when its own close runs, which may come a moment after the client saw the connection end)
    await Promise.all(held.map((client) => client.closed));
    await expect.poll(() => get('/api/health/live'), { timeout: 2_000, interval: 50 }).toBe(200);
  }, 30_000);

  it('cuts slow bodies and slow headers within their timeouts while others are served, and keeps the chat socket', async () => {
    // a client with a chat session open before the slow ones arrive
    const mail = `lenta-${randomBytes(4).toString('hex')}@l4l.test`;
    const password = 'Lenta-Segura-2026';
    const register = await fetch(`${server.base}/api/auth/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mail, password, name: 'Lenta', surname: 'Prueba', phoneNumber: '612345678' }),
    });
    expect(register.status).toBe(200);
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: mail, password }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const chat = await chatSession(token);

    const bodies = Array.from({ length: 20 }, () => slowBody());
    const headers = Array.from({ length: 3 }, () => slowHeaders());

    // meanwhile, from the same address, a normal request is served at once
    const started = performance.now();
    expect(await get('/api/health/live')).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_000);

    await Promise.all([...bodies, ...headers].map((client) => client.closed));
    for (const client of bodies) {
      const held = (client.closedAt ?? 0) - client.openedAt;
      expect(held).toBeGreaterThan(REQUEST_TIMEOUT_MS - 500);
      expect(held).toBeLessThan(REQUEST_TIMEOUT_MS + CHECK_INTERVAL_MS + 1_000);
    }
    for (const client of headers) {
      const held = (client.closedAt ?? 0) - client.openedAt;
      expect(held).toBeGreaterThan(HEADERS_TIMEOUT_MS - 500);
      expect(held).toBeLessThan(HEADERS_TIMEOUT_MS + CHECK_INTERVAL_MS + 1_000);
    }

    // the chat socket outlived the request timeout and still answers
    expect(chat.socket.readyState).toBe(WebSocket.OPEN);
    chat.socket.send('DISCONNECT\nreceipt:adios\n\n\0');
    const deadline = Date.now() + 5_000;
    while (!chat.frames.some((f) => f.startsWith('RECEIPT')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(chat.frames.find((f) => f.startsWith('RECEIPT'))).toContain('receipt-id:adios');
    chat.socket.close();
  }, 30_000);

  it('closes an idle keep-alive connection after its timeout', async () => {
    const client = dripping('GET /api/health/live HTTP/1.1\r\nHost: l4l\r\n\r\n', '');
    let answered = 0;
    client.socket.once('data', () => {
      answered = performance.now();
    });
    await client.closed;
    expect(answered).toBeGreaterThan(0);
    const idle = (client.closedAt ?? 0) - answered;
    expect(idle).toBeGreaterThan(KEEP_ALIVE_TIMEOUT_MS - 500);
    expect(idle).toBeLessThan(KEEP_ALIVE_TIMEOUT_MS + CHECK_INTERVAL_MS + 1_000);
  }, 15_000);
});
