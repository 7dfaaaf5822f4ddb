import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, type IStompSocket } from '@stomp/stompjs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, type ServerProcess, startServerProcess } from './server-process.ts';

/**
 * The real server process, stopped the two ways a server stops. SIGTERM during a load of
 * requests and chat messages: it finishes what it started, loses no acknowledged message and leaves no
 * half-written case. `kill -9` during 1,000 chat messages: after a restart, every message the server
 * acknowledged (RECEIPT) is stored exactly once. On embedded PGlite, or on PostgreSQL with DATABASE_URL.
 */

const CLIENTS = 20;
const MESSAGES_PER_CLIENT = 50;

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

function startServer(port: number): Promise<ServerProcess> {
  return startServerProcess(port, {
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    RATE_LIMIT_FACTOR: '100',
    LOG_LEVEL: process.env.SHUTDOWN_TEST_LOG_LEVEL ?? 'error',
    DATABASE_URL: databaseUrl ?? '',
  });
}

async function json(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

type Sender = { token: string; userId: string; lawyerId: string };

/** Clients registered through the API, each with a chat with a demo lawyer (a case addressed to them). */
async function makeSenders(base: string, count: number): Promise<Sender[]> {
  const lawyers = (await json(base, 'GET', '/api/lawyers/destacados')).body.data as Array<{ id: string }>;
  const senders: Sender[] = [];
  for (let i = 0; i < count; i++) {
    const mail = `carga-${randomBytes(4).toString('hex')}@l4l.test`;
    const password = 'Carga-Segura-2026';
    const registered = await json(base, 'POST', '/api/auth/user/register', undefined, {
      mail,
      password,
      name: 'Carga',
      surname: `Prueba ${String.fromCharCode(65 + i)}`,
      phoneNumber: '612345678',
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const token = (await json(base, 'POST', '/api/auth/login', undefined, { email: mail, password })).body
      .data.token;
    const lawyerId = lawyers[i % lawyers.length]?.id as string;
    const opened = await json(base, 'POST', '/api/cases/create-case-chat', token, {
      lawyerId,
      title: `Caso de carga ${i}`,
      description: 'Mensajes durante una parada del servidor.',
    });
    expect(opened.status).toBe(200);
    senders.push({ token, userId: registered.body.data.id, lawyerId });
  }
  return senders;
}

/** Sends messages one after another with receipts; answers the clientMessageIds the server acknowledged. */
async function sendMessages(base: string, sender: Sender, count: number, acked: Set<string>): Promise<void> {
  const url = `${base.replace('http', 'ws')}/ws`;
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, ['v12.stomp']) as unknown as IStompSocket,
    connectHeaders: { Authorization: `Bearer ${sender.token}` },
    reconnectDelay: 0,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
  });
  const connected = new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onWebSocketClose = () => reject(new Error('closed before CONNECTED'));
  });
  client.activate();
  try {
    await connected;
  } catch {
    return;
  }
  let closed = false;
  client.onWebSocketClose = () => {
    closed = true;
  };
  for (let i = 0; i < count && !closed; i++) {
    const clientMessageId = randomUUID();
    const receipt = randomUUID();
    const ok = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5000);
      client.watchForReceipt(receipt, () => {
        clearTimeout(timer);
        resolve(true);
      });
      client.onWebSocketClose = () => {
        closed = true;
        clearTimeout(timer);
        resolve(false);
      };
      try {
        client.publish({
          destination: '/app/chat',
          headers: { receipt },
          body: JSON.stringify({
            text: `mensaje ${i}`,
            type: '0',
            userId: sender.userId,
            lawyerId: sender.lawyerId,
            senderId: sender.userId,
            clientMessageId,
          }),
        });
      } catch {
        clearTimeout(timer);
        resolve(false);
      }
    });
    if (ok) acked.add(clientMessageId);
  }
  await client.deactivate().catch(() => {});
}

/** Every clientMessageId stored in the senders' chats, with how many times. */
async function storedMessages(base: string, senders: Sender[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const sender of senders) {
    const history = await json(
      base,
      'GET',
      `/api/chat/${sender.userId}/${sender.lawyerId}?limit=200`,
      sender.token,
    );
    expect(history.status).toBe(200);
    for (const message of history.body.data.messages as Array<{ clientMessageId: string | null }>) {
      if (message.clientMessageId)
        counts.set(message.clientMessageId, (counts.get(message.clientMessageId) ?? 0) + 1);
    }
  }
  return counts;
}

const waitFor = async (condition: () => boolean, timeoutMs = 30_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'l4l-shutdown-'));
  const server = process.env.DATABASE_URL;
  if (server) {
    const name = `l4l_shutdown_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    };
    await admin(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = () => admin(`drop database if exists ${name} with (force)`);
  }
});

afterAll(async () => {
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('stopping the server', () => {
  it('kill -9 during 1,000 chat messages: after a restart every acknowledged message is stored once', async () => {
    const port = await freePort();
    const server = await startServer(port);
    const senders = await makeSenders(server.base, CLIENTS);
    const acked = new Set<string>();
    const sending = Promise.all(
      senders.map((sender) => sendMessages(server.base, sender, MESSAGES_PER_CLIENT, acked)),
    );
    await waitFor(() => acked.size >= 400);
    server.process.kill('SIGKILL');
    await sending;
    await server.exited;
    expect(acked.size).toBeGreaterThanOrEqual(400);
    expect(acked.size).toBeLessThan(CLIENTS * MESSAGES_PER_CLIENT);

    const restarted = await startServer(port);
    try {
      const stored = await storedMessages(restarted.base, senders);
      const lost = [...acked].filter((id) => !stored.has(id));
      expect(lost, 'acknowledged messages lost').toEqual([]);
      expect(
        [...stored.values()].filter((n) => n !== 1),
        'messages stored twice',
      ).toEqual([]);
    } finally {
      restarted.process.kill('SIGTERM');
      await restarted.exited;
    }
  }, 240_000);

  it('SIGTERM during requests and chat messages: it exits cleanly, losing nothing it acknowledged', async () => {
    const port = await freePort();
    const server = await startServer(port);
    const senders = await makeSenders(server.base, CLIENTS);
    const acked = new Set<string>();
    const sending = Promise.all(
      senders.map((sender) => sendMessages(server.base, sender, MESSAGES_PER_CLIENT, acked)),
    );
    // HTTP requests that write a case and its chat notice together, in flight while the signal arrives
    const createdCases: string[] = [];
    const writing = (async () => {
      for (let i = 0; i < 200; i++) {
        const sender = senders[i % senders.length] as Sender;
        try {
          const res = await json(server.base, 'POST', '/api/cases/create-case-chat', sender.token, {
            lawyerId: sender.lawyerId,
            title: `Durante la parada ${i}`,
            description: 'Escrito mientras el servidor se detiene.',
          });
          if (res.status === 200) createdCases.push(res.body.data.case.id);
        } catch {
          return; // the server stopped listening
        }
      }
    })();
    await waitFor(() => acked.size >= 300);
    server.process.kill('SIGTERM');
    const code = await server.exited;
    await Promise.all([sending, writing]);
    expect(code, server.output()).toBe(0);

    const restarted = await startServer(port);
    try {
      const stored = await storedMessages(restarted.base, senders);
      expect(
        [...acked].filter((id) => !stored.has(id)),
        'acknowledged messages lost',
      ).toEqual([]);
      expect(
        [...stored.values()].filter((n) => n !== 1),
        'messages stored twice',
      ).toEqual([]);
      // every case the server confirmed is there, with the notice written in the same transaction
      for (const sender of senders) {
        const mine = await json(
          restarted.base,
          'GET',
          `/api/cases/user/${sender.userId}?pageSize=100`,
          sender.token,
        );
        const history = await json(
          restarted.base,
          'GET',
          `/api/chat/${sender.userId}/${sender.lawyerId}?limit=200`,
          sender.token,
        );
        const noticed = new Set(
          (history.body.data.messages as Array<{ type: string; caseId: string | null }>)
            .filter((m) => m.type === '8')
            .map((m) => m.caseId),
        );
        for (const aCase of mine.body.data as Array<{ id: string }>) {
          expect(noticed.has(aCase.id), `case ${aCase.id} without its notice`).toBe(true);
        }
      }
      const everyCase = new Set<string>();
      for (const sender of senders) {
        const mine = await json(
          restarted.base,
          'GET',
          `/api/cases/user/${sender.userId}?pageSize=100`,
          sender.token,
        );
        for (const aCase of mine.body.data as Array<{ id: string }>) everyCase.add(aCase.id);
      }
      expect(
        createdCases.filter((id) => !everyCase.has(id)),
        'confirmed cases lost',
      ).toEqual([]);
    } finally {
      restarted.process.kill('SIGTERM');
      await restarted.exited;
    }
  }, 240_000);
});
